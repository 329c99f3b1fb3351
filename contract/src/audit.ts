// The audit trail (our extension; docs/privacy.md "Audit trail"): every access to patient data and every account
// event, recorded by the server. What an entry holds, the actions with a clinician's label for each, and which
// actions a client may report itself. The requests are in audit-requests.ts and the client header in
// audit-client.ts, apart on purpose: a bundler puts a module's code in one chunk, and every page sends the
// header, while only the Activity page reads the labels and only the forms the schemas (see session-requests.ts).
import { AUDIT_CLIENTS, type AuditClient } from './audit-client.js';

// --- Actions ----------------------------------------------------------------------------------------------

/**
 * Every action the trail records. The server decides per route which one a request is (functions/src/audit/
 * route-audit.ts); the client-reported ones below are what only the browser sees.
 */
export const AUDIT_ACTIONS = [
  // Sessions and their patient data.
  'session.created',
  'session.listed',
  'session.searched',
  'session.viewed',
  'session.edited',
  'session.deleted',
  'audio.uploaded',
  'audio.played',
  'transcript.viewed',
  'note.viewed',
  'note.edited',
  'note.marked_done',
  'note.reopened',
  // What the clinician does with a note outside Charta (reported by the web app or the extension panel).
  'note.copied',
  'note.exported',
  'note.printed',
  'ehr.page_filled',
  'data.exported',
  // AI actions (each sends patient data to a model).
  'ai.note_written',
  'ai.processing_requested',
  'ai.note_regenerated',
  'ai.section_regenerated',
  'ai.section_customized',
  'ai.note_magic_edited',
  'ai.section_magic_edited',
  'ai.chat',
  'ai.ehr_fill_proposed',
  'ai.template_assisted',
  // Sharing.
  'template.shared',
  'template.published',
  'template.unpublished',
  'template.shared_with_clinic',
  'template.removed_from_clinic',
  'session.shared',
  'session.unshared',
  // The clinic (docs/clinics.md): who joined, left, was invited or removed, and who changed whose role.
  'clinic.created',
  'clinic.member_invited',
  'clinic.invitation_revoked',
  'clinic.joined',
  'clinic.role_changed',
  'clinic.member_removed',
  'clinic.left',
  'clinic.deleted',
  'clinic.policies_changed',
  'clinic.sso_changed',
  // The account.
  'account.signed_in',
  'account.sign_in_failed',
  'account.signed_out',
  'account.locked',
  'account.unlocked',
  'account.unlock_failed',
  'account.code_requested',
  'account.code_used',
  'account.password_reset_requested',
  'account.profile_updated',
  'account.deleted',
  'settings.consent_changed',
  'settings.retention_changed',
  // The trail itself.
  'activity.exported',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Each action as the Activity page and the CSV say it. */
export const AUDIT_ACTION_LABELS = {
  'session.created': 'Created a session',
  'session.listed': 'Listed sessions',
  'session.searched': 'Searched sessions by patient name',
  'session.viewed': 'Viewed a session',
  'session.edited': 'Edited a session’s details',
  'session.deleted': 'Deleted a session',
  'audio.uploaded': 'Uploaded audio',
  'audio.played': 'Played the audio',
  'transcript.viewed': 'Viewed the transcript',
  'note.viewed': 'Viewed the note',
  'note.edited': 'Edited the note',
  'note.marked_done': 'Marked the note as done',
  'note.reopened': 'Reopened the note',
  'note.copied': 'Copied the note',
  'note.exported': 'Exported the note',
  'note.printed': 'Printed the note',
  'ehr.page_filled': 'Filled an EHR page',
  'data.exported': 'Downloaded all data',
  'ai.note_written': 'AI wrote a note from typed text',
  'ai.processing_requested': 'Asked AI to process the session again',
  'ai.note_regenerated': 'AI rewrote the whole note',
  'ai.section_regenerated': 'AI rewrote a section',
  'ai.section_customized': 'AI rewrote a section to instructions',
  'ai.note_magic_edited': 'AI edited the note',
  'ai.section_magic_edited': 'AI edited a section',
  'ai.chat': 'Asked AI about the session',
  'ai.ehr_fill_proposed': 'AI matched the note to an EHR page',
  'ai.template_assisted': 'Used AI on a template',
  'template.shared': 'Made a template share link',
  'template.published': 'Published a template to the library',
  'template.unpublished': 'Took a template out of the library',
  'template.shared_with_clinic': 'Shared a template with the clinic',
  'template.removed_from_clinic': 'Removed a template from the clinic library',
  'session.shared': 'Shared a session with a colleague',
  'session.unshared': 'Stopped sharing a session with a colleague',
  'clinic.created': 'Created a clinic',
  'clinic.member_invited': 'Invited someone to the clinic',
  'clinic.invitation_revoked': 'Revoked a clinic invitation',
  'clinic.joined': 'Joined a clinic',
  'clinic.role_changed': 'Changed a clinic member’s role',
  'clinic.member_removed': 'Removed a member from the clinic',
  'clinic.left': 'Left the clinic',
  'clinic.deleted': 'Deleted the clinic',
  'clinic.policies_changed': 'Changed the clinic’s policies',
  'clinic.sso_changed': 'Changed the clinic’s single sign-on',
  'account.signed_in': 'Signed in',
  'account.sign_in_failed': 'Sign-in failed',
  'account.signed_out': 'Signed out',
  'account.locked': 'Charta locked after being left idle',
  'account.unlocked': 'Unlocked Charta',
  'account.unlock_failed': 'Unlocking failed',
  'account.code_requested': 'Sign-in code requested',
  'account.code_used': 'Signed in with an emailed code',
  'account.password_reset_requested': 'Password reset requested',
  'account.profile_updated': 'Changed profile settings',
  'account.deleted': 'Deleted the account',
  'settings.consent_changed': 'Changed consent settings',
  'settings.retention_changed': 'Changed retention settings',
  'activity.exported': 'Downloaded the activity as CSV',
} as const satisfies Record<AuditAction, string>;

export function auditActionLabel(action: AuditAction): string {
  return AUDIT_ACTION_LABELS[action];
}

/** The actions in groups, in the order the Activity page's filter lists them. */
export const AUDIT_ACTION_GROUPS: readonly { label: string; actions: readonly AuditAction[] }[] = [
  {
    label: 'Patient data',
    actions: ['session.created', 'session.listed', 'session.searched', 'session.viewed', 'session.edited', 'session.deleted', 'audio.uploaded', 'audio.played', 'transcript.viewed', 'note.viewed', 'note.edited', 'note.marked_done', 'note.reopened'],
  },
  { label: 'Taken out of Charta', actions: ['note.copied', 'note.exported', 'note.printed', 'ehr.page_filled', 'data.exported'] },
  {
    label: 'AI',
    actions: ['ai.note_written', 'ai.processing_requested', 'ai.note_regenerated', 'ai.section_regenerated', 'ai.section_customized', 'ai.note_magic_edited', 'ai.section_magic_edited', 'ai.chat', 'ai.ehr_fill_proposed', 'ai.template_assisted'],
  },
  { label: 'Sharing', actions: ['template.shared', 'template.published', 'template.unpublished', 'template.shared_with_clinic', 'template.removed_from_clinic', 'session.shared', 'session.unshared'] },
  {
    label: 'Clinic',
    actions: ['clinic.created', 'clinic.member_invited', 'clinic.invitation_revoked', 'clinic.joined', 'clinic.role_changed', 'clinic.member_removed', 'clinic.left', 'clinic.deleted', 'clinic.policies_changed', 'clinic.sso_changed'],
  },
  {
    label: 'Account and settings',
    actions: ['account.signed_in', 'account.sign_in_failed', 'account.signed_out', 'account.locked', 'account.unlocked', 'account.unlock_failed', 'account.code_requested', 'account.code_used', 'account.password_reset_requested', 'account.profile_updated', 'account.deleted', 'settings.consent_changed', 'settings.retention_changed', 'activity.exported'],
  },
];

/**
 * What only the browser sees, reported by the web app (and the extension's panel) to `POST /audit/event`
 * with its token: nothing else can be reported, so a client cannot write "viewed" or "deleted" entries.
 */
export const CLIENT_REPORTED_ACTIONS = [
  'note.copied',
  'note.exported',
  'note.printed',
  'ehr.page_filled',
  'account.signed_out',
  // The automatic lock (docs/sign-in.md "Automatic lock") happens in the browser: only it sees the screen locked,
  // unlocked, or a wrong password typed on the lock screen.
  'account.locked',
  'account.unlocked',
  'account.unlock_failed',
] as const satisfies readonly AuditAction[];

export type ClientReportedAction = (typeof CLIENT_REPORTED_ACTIONS)[number];

/**
 * Account events that happen before anyone is signed in, reported without a token to `POST
 * /audit/account_event` with the address typed: the server records them for that address's account if there
 * is one (the address itself is never stored).
 */
export const ACCOUNT_EVENT_ACTIONS = ['account.sign_in_failed', 'account.password_reset_requested'] as const satisfies readonly AuditAction[];

export type AccountEventAction = (typeof ACCOUNT_EVENT_ACTIONS)[number];

// --- Entries ----------------------------------------------------------------------------------------------

export const AUDIT_CLIENT_LABELS = { web: 'Web app', extension: 'Browser extension', api: 'API' } as const satisfies Record<AuditClient, string>;

/** Whether `value` is one of the clients a request may name. */
export function isAuditClient(value: string): value is AuditClient {
  return AUDIT_CLIENTS.some((client) => client === value);
}

/** done: the request did what it asked; refused: the API said no (4xx); failed: it broke on our side (5xx). */
export const AUDIT_OUTCOMES = ['done', 'refused', 'failed'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

export const AUDIT_OUTCOME_LABELS = { done: 'Done', refused: 'Refused', failed: 'Failed' } as const satisfies Record<AuditOutcome, string>;

/**
 * What an entry is about. A transcript, note or audio is named by its session's id (one of each per session);
 * a clinic by its id; a clinic member whose role changed or who was removed is an `account` named by their uid.
 */
export const AUDIT_RESOURCE_TYPES = ['session', 'transcript', 'note', 'audio', 'template', 'account', 'clinic'] as const;
export type AuditResourceType = (typeof AUDIT_RESOURCE_TYPES)[number];

/** Who saw it happen: the server itself, or a client's report of what only the browser sees. */
export type AuditObserver = 'server' | 'client';

/**
 * One entry of the trail. Ids only: never a patient's name, an email, or any note, transcript or audio
 * content. Entries are never changed or deleted by the API; they expire after the retention period
 * (AUDIT_RETENTION) and outlive the data they name and the account (docs/privacy.md "Audit trail").
 */
export interface AuditEntry {
  id: string;
  /** When it happened (ISO-8601). */
  at: string;
  /** The acting user. */
  actorUid: string;
  action: AuditAction;
  outcome: AuditOutcome;
  /** The HTTP status the request was answered with (null for what a client reported). */
  status: number | null;
  resourceType: AuditResourceType | null;
  /** The resource's id, when the request named one. */
  resourceId: string | null;
  /** The session the entry concerns, if any (what the Activity page filters by). */
  sessionId: string | null;
  client: AuditClient;
  observedBy: AuditObserver;
  /** The request's X-Request-Id. */
  requestId: string;
  /** A keyed hash (HMAC-SHA256, hex, first 16 characters) of the client's address: the same address, the same value. */
  addressHash: string | null;
  /** For `account.signed_in`: Firebase's sign-in provider (`password`, `google.com`, `custom` for a code...). */
  signInMethod: string | null;
}

/** How a sign-in method reads (Firebase's `sign_in_provider` claim). */
export function signInMethodLabel(method: string): string {
  if (method === 'password') return 'password';
  if (method === 'google.com') return 'Google';
  if (method === 'custom') return 'emailed code';
  if (method.startsWith('oidc.') || method.startsWith('saml.')) return 'organisation sign-in';
  return method;
}

/**
 * How long entries are kept: six years by default, HIPAA's retention of documentation of its required
 * activities (45 CFR 164.316(b)(2)), which audit records are; never less (AUDIT_RETENTION_YEARS may lengthen it).
 */
export const AUDIT_RETENTION = { defaultYears: 6, minYears: 6, maxYears: 100 } as const;
