// The audit trail's requests (docs/privacy.md "Audit trail"): the Activity page's list and CSV export, and what the
// web app reports. Apart from audit.ts on purpose, as session-requests.ts is from sessions.ts.
import { z } from 'zod';
import { ACCOUNT_EVENT_ACTIONS, AUDIT_ACTIONS, CLIENT_REPORTED_ACTIONS, type AuditEntry } from './audit.js';
import { emailAddress } from './auth.js';
import { cursorField, isoDateTime, pageLimit, resourceId } from './fields.js';

export const AUDIT_LIMITS = { pageMax: 100, pageDefault: 50 } as const;

/** The filters of the caller's own trail: one session, one action, a time range [from, to). */
const auditFilterShape = {
  sessionId: resourceId.optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  from: isoDateTime.optional(),
  to: isoDateTime.optional(),
};

/** POST /audit/entries: the caller's trail, newest first, a page at a time. */
export const auditEntriesBody = z.strictObject({ ...auditFilterShape, cursor: cursorField, limit: pageLimit(AUDIT_LIMITS.pageMax, AUDIT_LIMITS.pageDefault) });

export type AuditFilter = Omit<z.input<typeof auditEntriesBody>, 'cursor' | 'limit'>;

export interface AuditEntriesPage {
  entries: AuditEntry[];
  nextCursor: string | null;
}

/** GET /audit/entries.csv?…: the same filters as query parameters; the whole filtered trail as CSV. */
export const auditExportQuery = z.strictObject(auditFilterShape);

/** POST /audit/event (signed in): what only the browser sees. 202 `{ recorded: true }`. */
export const auditEventBody = z.strictObject({
  action: z.enum(CLIENT_REPORTED_ACTIONS),
  sessionId: resourceId.optional(),
});

export type AuditEventBody = z.infer<typeof auditEventBody>;

/** POST /audit/account_event (public): 202 `{ recorded: true }` for every well-formed address, account or not. */
export const accountEventBody = z.strictObject({
  action: z.enum(ACCOUNT_EVENT_ACTIONS),
  email: emailAddress,
});

export type AccountEventBody = z.infer<typeof accountEventBody>;

export interface AuditEventResponse {
  recorded: true;
}
