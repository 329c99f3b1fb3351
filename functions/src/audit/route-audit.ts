import { CLIENT_REPORTED_ACTIONS, isResourceId, SESSION_LIMITS, type AuditAction, type AuditObserver, type AuditResourceType } from '@charta/contract';
import type { AuditResource } from './audit-entry.js';

/**
 * The one place that decides, for every route the API serves, what the audit trail records of a request to
 * it: its action(s) and how to find the resource it concerns, or why it records nothing. Keyed by method and
 * path under /api/v1, as the routers mount them. `tests/integration/audit-trail.test.ts` reads the routes
 * from the app's own router and fails when one has no row here (and when a row names no route), so a new
 * route cannot go without a decision; it also calls every audited route and finds its entry.
 *
 * What is recorded: every access to patient data (viewing, editing, deleting, every AI action), sharing,
 * and account events. What is not: routes that touch no patient data (billing, templates' own CRUD, the
 * profile read), each saying why. A route that changes consent or retention settings gets a row with
 * `settings.consent_changed` or `settings.retention_changed`; if one route changes both (or other
 * settings too), its `actions` function names the actions from the body.
 */

/** What a row's functions may read of a request, after it was answered. The body is as sent, not validated. */
export interface AuditedRequest {
  /** The route's `:name` path segments. */
  params: Readonly<Record<string, string>>;
  /** The JSON body as the client sent it (unvalidated: read it only through idIn / fieldOf). */
  body: unknown;
  /** The JSON the API answered with (a created session's id is there). */
  sent: unknown;
  /** What the route told the trail itself (noteForAudit): fields of a multipart body, a public route's actor. */
  noted: Readonly<AuditNote>;
}

/** What a route may tell the audit trail that the middleware cannot see (audit/audit-http.ts, noteForAudit). */
export interface AuditNote {
  /** On a public route: the account it acted for (a sign-in code's account, once the code was right). */
  actorUid?: string;
  /** A session named in a multipart body, which the middleware cannot read. */
  sessionId?: string;
}

export type RouteAudit =
  | { kind: 'not_audited'; because: string }
  /** The route writes its entries itself (through AuditTrail), for a reason the row says. */
  | { kind: 'recorded_by_route'; actions: readonly AuditAction[]; because: string }
  | {
      kind: 'audited';
      actions: (request: AuditedRequest) => readonly AuditAction[];
      resources: (request: AuditedRequest) => readonly AuditResource[];
      /** A read the app repeats (polling): one entry per user, thing, client and outcome per window. */
      coalesce: boolean;
      observedBy: AuditObserver;
      /** `caller`: the signed-in user; `noted`: a public route names the account (noteForAudit). */
      actor: 'caller' | 'noted';
    };

// --- Reading ids out of requests and answers ---------------------------------------------------------------

export function fieldOf(source: unknown, name: string): unknown {
  return typeof source === 'object' && source !== null && !Array.isArray(source) ? (source as Record<string, unknown>)[name] : undefined;
}

/** An id only if it is one the contract would take: a refused request's garbage never reaches the trail. */
export function idIn(value: unknown): string | null {
  return typeof value === 'string' && isResourceId(value) ? value : null;
}

type ResourceFinder = (request: AuditedRequest) => readonly AuditResource[];

/** A session's part (transcript, note, audio) named by the session's id in the body's `field`. */
const sessionPart =
  (type: AuditResourceType, field = 'sessionId'): ResourceFinder =>
  ({ body }) => {
    const id = idIn(fieldOf(body, field));
    return [{ type, id, sessionId: id }];
  };

/** The note (documentation) named by `documentationId`: one per session, with the session's id. */
const noteById: ResourceFinder = ({ body }) => {
  const id = idIn(fieldOf(body, 'documentationId'));
  return [{ type: 'note', id, sessionId: id }];
};

/** The session in the answer (`{ session: { id } }`): what a request that creates one made. */
const createdSession: ResourceFinder = ({ sent }) => {
  const id = idIn(fieldOf(fieldOf(sent, 'session'), 'id'));
  return [{ type: 'session', id, sessionId: id }];
};

/** Each session of `sessionIds` (at most as many as the contract lets one request name). */
const sessionsListed: ResourceFinder = ({ body }) => {
  const ids = fieldOf(body, 'sessionIds');
  const named = (Array.isArray(ids) ? ids : []).slice(0, SESSION_LIMITS.deleteMany).map(idIn).filter((id): id is string => id !== null);
  return named.length > 0 ? named.map((id) => ({ type: 'session', id, sessionId: id })) : [{ type: 'session', id: null, sessionId: null }];
};

const noResource =
  (type: AuditResourceType): ResourceFinder =>
  () => [{ type, id: null, sessionId: null }];

const templateIn =
  (field: string): ResourceFinder =>
  ({ body }) => [{ type: 'template', id: idIn(fieldOf(body, field)), sessionId: null }];

/** The clinic in the answer (`{ clinic: { id } }`): the one made or joined. */
const clinicInAnswer: ResourceFinder = ({ sent }) => [{ type: 'clinic', id: idIn(fieldOf(fieldOf(sent, 'clinic'), 'id')), sessionId: null }];

/** A clinic member acted on (a role changed, removed), named by their uid: an account, by id only. */
const memberIn =
  (field: string): ResourceFinder =>
  ({ body }) => [{ type: 'account', id: idIn(fieldOf(body, field)), sessionId: null }];

/** An upload's chunk: the upload (its id is in the answer), and its session if the form named one. */
const uploadedAudio: ResourceFinder = ({ sent, noted }) => [{ type: 'audio', id: idIn(fieldOf(sent, 'uploadId')), sessionId: noted.sessionId ?? null }];

/** What a client reported: a note's (copied, printed, filled...) or the account's (signed out). */
const reportedResource: ResourceFinder = ({ body }) => {
  const action = fieldOf(body, 'action');
  if (typeof action === 'string' && action.startsWith('account.')) return [{ type: 'account', id: null, sessionId: null }];
  const id = idIn(fieldOf(body, 'sessionId'));
  return [{ type: 'note', id, sessionId: id }];
};

const isClientReported = (action: unknown): action is (typeof CLIENT_REPORTED_ACTIONS)[number] => CLIENT_REPORTED_ACTIONS.some((a) => a === action);

// --- Row builders ----------------------------------------------------------------------------------------

function audited(
  actions: AuditAction | readonly AuditAction[] | ((request: AuditedRequest) => readonly AuditAction[]),
  resources: ResourceFinder,
  opts: { coalesce?: boolean; observedBy?: AuditObserver; actor?: 'caller' | 'noted' } = {},
): RouteAudit {
  const named = typeof actions === 'function' ? actions : () => (typeof actions === 'string' ? [actions] : actions);
  return { kind: 'audited', actions: named, resources, coalesce: opts.coalesce ?? false, observedBy: opts.observedBy ?? 'server', actor: opts.actor ?? 'caller' };
}

/** A read of patient data the app repeats (polling, a player's ranges): coalesced. */
const read = (action: AuditAction, resources: ResourceFinder) => audited(action, resources, { coalesce: true });

const notAudited = (because: string): RouteAudit => ({ kind: 'not_audited', because });

const recordedByRoute = (actions: readonly AuditAction[], because: string): RouteAudit => ({ kind: 'recorded_by_route', actions, because });

const NO_PATIENT_DATA_BILLING = 'billing holds no patient data (plans, Stripe links and balances)';
const TEMPLATES_ONLY = 'templates hold section instructions, no patient data';
const CLINIC_ONLY = 'clinic membership, roles and invitations: names and addresses of clinicians, no patient data';

// --- The table -------------------------------------------------------------------------------------------

export const ROUTE_AUDIT: Readonly<Record<string, RouteAudit>> = {
  'GET /health': notAudited('no user and no data: a liveness probe'),
  'GET /openapi.json': notAudited('no user and no data: the API reference, the same for everyone'),
  'GET /reference': notAudited('no user and no data: the API reference as a page, the same for everyone'),
  'POST /stripe/webhook': notAudited('Stripe telling us about payments: no user acts and no patient data is touched'),

  // Signing in by an emailed code.
  'POST /auth/send-code': recordedByRoute(
    ['account.code_requested'],
    'the account is looked up while the code is mailed, so the answer takes as long whether or not the address has one',
  ),
  'POST /auth/verify-code': audited('account.code_used', noResource('account'), { actor: 'noted' }),
  'POST /auth/sso_for_email': notAudited('before anyone is signed in: whether an address is at a clinic’s single sign-on domain, no account or patient data read'),

  // The account.
  'GET /profile': notAudited('the clinician’s own profile: no patient data (their sign-ins are recorded from their tokens)'),
  'PUT /profile': audited('account.profile_updated', noResource('account')),
  // Consent and retention settings (docs/privacy.md "Consent", "Retention"): each change an account event of its own.
  'PUT /profile/consent': audited('settings.consent_changed', noResource('account')),
  'PUT /profile/retention': audited('settings.retention_changed', noResource('account')),
  'POST /profile/retention/impact': notAudited('counts how many sessions a shorter setting would delete: numbers only, no patient data read, nothing changed'),
  'DELETE /profile/:id': audited('account.deleted', noResource('account')),
  'GET /subscription': notAudited(NO_PATIENT_DATA_BILLING),
  'GET /subscription/usage': notAudited('a count of documentations this month: no patient data'),
  'PUT /subscription': notAudited(NO_PATIENT_DATA_BILLING),
  'DELETE /subscription/:id': notAudited(NO_PATIENT_DATA_BILLING),
  'GET /stripe/payments_link': notAudited(NO_PATIENT_DATA_BILLING),
  'POST /stripe/embedded_payments_link': notAudited(NO_PATIENT_DATA_BILLING),
  'GET /stripe/portal_link': notAudited(NO_PATIENT_DATA_BILLING),
  'POST /stripe/create_customer': notAudited(NO_PATIENT_DATA_BILLING),
  'POST /stripe/balance': notAudited(NO_PATIENT_DATA_BILLING),
  'POST /referral/lookup_customer_name': notAudited('public, before sign-up: names a referring clinician, no patient data'),

  // Sessions and their audio.
  'GET /session/audio/:sessionId': read('audio.played', ({ params }) => {
    const id = idIn(params['sessionId']);
    return [{ type: 'audio', id, sessionId: id }];
  }),
  'POST /session/upload_audio': audited('audio.uploaded', uploadedAudio, { coalesce: true }),
  'POST /session/upload_by_checksum': read('session.searched', noResource('session')),
  'POST /session/create_session': audited('session.created', createdSession),
  // The patient's consent recorded on an existing session (docs/privacy.md "Consent"): an edit of the session.
  'POST /session/consent': audited('session.edited', sessionPart('session')),
  'POST /session/sessions': read('session.listed', noResource('session')),
  'POST /session/session': read('session.viewed', sessionPart('session')),
  'GET /session/get_last_five_sessions': read('session.listed', noResource('session')),
  'POST /session/update': audited('session.edited', sessionPart('session')),
  'POST /session/update_title': audited('session.edited', sessionPart('session')),
  'POST /session/delete': audited('session.deleted', sessionPart('session')),
  'POST /session/delete_many': audited('session.deleted', sessionsListed),
  'POST /search/sessions_by_patient_name': read('session.searched', noResource('session')),

  // Transcripts and notes.
  'POST /session/transcription': read('transcript.viewed', sessionPart('transcript')),
  'POST /session/live_transcript': read('transcript.viewed', sessionPart('transcript')),
  'POST /documentation/by_session': read('note.viewed', sessionPart('note')),
  'POST /documentation/by_id': read('note.viewed', noteById),
  'GET /documentation/counter': notAudited('a count of documentations in a period: no patient data'),
  'POST /session/documentation/section': read('note.viewed', noteById),
  'POST /session/documentation/section/versions': read('note.viewed', noteById),
  'POST /session/documentation/section/update_value': audited('note.edited', noteById),
  'POST /session/documentation/section/restore': audited('note.edited', noteById),
  'POST /session/documentation/confirm_fact': audited('note.edited', noteById),
  'POST /session/documentation/accept_proposal': audited('note.edited', noteById),
  'POST /session/mark_done': audited(({ body }) => [fieldOf(body, 'done') === false ? 'note.reopened' : 'note.marked_done'], sessionPart('note')),

  // AI actions: each sends patient data to a model.
  'POST /creation': audited(['session.created', 'ai.note_written'], createdSession),
  'POST /session/process': audited('ai.processing_requested', sessionPart('session')),
  'POST /session/regenerate_documentation': audited('ai.note_regenerated', sessionPart('note')),
  'POST /session/regenerate_documentation_section': audited('ai.section_regenerated', noteById),
  'POST /session/customize_section': audited('ai.section_customized', noteById),
  'POST /session/magic_edit_documentation': audited('ai.note_magic_edited', noteById),
  'POST /session/magic_edit_section': audited('ai.section_magic_edited', noteById),
  'POST /session/chat_with_session': audited('ai.chat', sessionPart('session')),
  'POST /session/chat_history': read('session.viewed', sessionPart('session')),
  'POST /magic_fill/fill_html2': audited('ai.ehr_fill_proposed', noteById),
  // A template's AI helpers read what the clinician pastes (a sample transcript, a note), which may be patient data.
  'POST /template/preview_section': audited('ai.template_assisted', noResource('template')),
  'POST /template/preview_template': audited('ai.template_assisted', templateIn('templateId')),
  'POST /template/generate_template_from_note': audited('ai.template_assisted', noResource('template')),
  'POST /template/help_me_write_section': audited('ai.template_assisted', noResource('template')),

  // Templates and sharing (templates are not patient data; sharing them is recorded all the same).
  'POST /template/get_templates': notAudited(TEMPLATES_ONLY),
  'POST /template/get_template': notAudited(TEMPLATES_ONLY),
  'POST /template/upsert_template': notAudited(TEMPLATES_ONLY),
  'POST /template/delete_template': notAudited(TEMPLATES_ONLY),
  'POST /template/share_template': audited('template.shared', templateIn('templateId')),
  'POST /template/published/list': notAudited('the community library: published templates, no patient data'),
  'POST /template/published/get': notAudited('the community library: published templates, no patient data'),
  'POST /template/published/publish': audited('template.published', templateIn('templateId')),
  'POST /template/published/unpublish': audited('template.unpublished', templateIn('publishedTemplateId')),
  'POST /template/published/report': notAudited('a report of a library entry: no patient data'),
  'POST /template/published/add_to_library': notAudited('copying a library template: no patient data'),

  // Clinics (docs/clinics.md): membership and the clinic library hold no patient data, but who joined, left,
  // was invited or removed, and who changed whose role is what a clinic's admin (and an auditor) asks after.
  // Reads (the clinic, an invitation's preview, the library's list) and copying a template are not recorded.
  // Sharing a session with a colleague (docs/clinics.md "Sharing a session"): the owner's share and unshare are
  // sharing; the colleague's list and reads are reads of patient data, in the colleague's trail.
  'POST /session/share': audited('session.shared', sessionPart('session')),
  'POST /session/unshare': audited('session.unshared', sessionPart('session')),
  'POST /session/shares': notAudited('whom the caller’s own session is shared with: colleagues’ ids and names, nothing of the patient'),
  'GET /shared/sessions': read('session.listed', noResource('session')),
  'POST /shared/session': read('session.viewed', sessionPart('session')),
  'GET /clinic': notAudited(CLINIC_ONLY),
  'POST /clinic/create': audited('clinic.created', clinicInAnswer),
  'POST /clinic/invitations/create': audited('clinic.member_invited', noResource('clinic')),
  'POST /clinic/invitations/revoke': audited('clinic.invitation_revoked', noResource('clinic')),
  'POST /clinic/invitations/get': notAudited(CLINIC_ONLY),
  'POST /clinic/invitations/accept': audited('clinic.joined', clinicInAnswer),
  'POST /clinic/members/set_role': audited('clinic.role_changed', memberIn('uid')),
  'POST /clinic/members/remove': audited('clinic.member_removed', memberIn('uid')),
  'POST /clinic/leave': audited('clinic.left', noResource('clinic')),
  'POST /clinic/delete': audited('clinic.deleted', ({ body }) => [{ type: 'clinic', id: idIn(fieldOf(body, 'clinicId')), sessionId: null }]),
  // What every member's consent, retention and sign-in must be: the settings' own events, set for a whole clinic.
  'POST /clinic/policies/set': audited('clinic.policies_changed', noResource('clinic')),
  // Where members sign in: who claimed the clinic's domain for which provider, and when it ended.
  'POST /clinic/sso/set': audited('clinic.sso_changed', noResource('clinic')),
  'POST /clinic/sso/clear': audited('clinic.sso_changed', noResource('clinic')),
  'POST /clinic/billing/checkout': notAudited(NO_PATIENT_DATA_BILLING),
  'POST /clinic/billing/portal': notAudited(NO_PATIENT_DATA_BILLING),
  'POST /clinic/templates/list': notAudited(TEMPLATES_ONLY),
  'POST /clinic/templates/publish': audited('template.shared_with_clinic', templateIn('templateId')),
  'POST /clinic/templates/add': notAudited('copying a clinic library template: no patient data'),
  'POST /clinic/templates/remove': audited('template.removed_from_clinic', templateIn('clinicTemplateId')),

  // Download my data (export/).
  'POST /export': audited('data.exported', noResource('account')),
  'GET /export/latest': notAudited('the progress of the caller’s own export: counts and dates, no patient data'),
  'GET /export/:exportId': notAudited('the progress of the caller’s own export: counts and dates, no patient data'),
  // Public (the link is the secret): the route names the export's owner once the link was right.
  'GET /export/download/:exportId': audited('data.exported', noResource('account'), { actor: 'noted' }),

  // The trail itself.
  'POST /audit/entries': notAudited('the clinician reading their own trail (ids only); recording it would make every look at the trail add to it'),
  'GET /audit/entries.csv': audited('activity.exported', noResource('account')),
  'POST /audit/event': audited(({ body }) => {
    const action = fieldOf(body, 'action');
    return isClientReported(action) ? [action] : [];
  }, reportedResource, { observedBy: 'client' }),
  'POST /audit/account_event': recordedByRoute(
    ['account.sign_in_failed', 'account.password_reset_requested'],
    'public: the route looks up the account of the address reported, and records nothing when there is none',
  ),
};
