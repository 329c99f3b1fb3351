// Which app is calling the API, for the audit trail (docs/privacy.md "Audit trail"): a module of its own because every
// page's API client sends it, and a bundler would otherwise bring the trail's labels along (see audit.ts).

/** Where a request came from: the header the web app's API client sets; anything else is `api`. */
export const AUDIT_CLIENTS = ['web', 'extension', 'api'] as const;
export type AuditClient = (typeof AUDIT_CLIENTS)[number];

/** The request header naming the client (`web` or `extension`); absent or anything else: `api`. */
export const AUDIT_CLIENT_HEADER = 'X-Charta-Client';
