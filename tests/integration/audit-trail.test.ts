/**
 * The audit trail through the API (docs/privacy.md "Audit trail"): every route the app's router serves has a
 * decision in ROUTE_AUDIT, and every audited one, called here, leaves its entry (found by the request's id)
 * with its action, resource, outcome and client, and nothing of the patient. Also: sign-ins seen from the
 * token, repeated reads coalesced, the Activity page's list and its CSV (the caller's entries only), and
 * the public account-event route (an account's only, never the address, limited per client address).
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUDIT_ACTIONS,
  AUDIT_CLIENT_HEADER,
  CLIENT_REPORTED_ACTIONS,
  type AuditAction,
  type AuditClient,
  type AuditEntry,
  type AuditResourceType,
} from '@charta/contract';
import { API_BASE_PATH } from '../../functions/src/app.js';
import { COALESCE_WINDOW_MS, outcomeOf } from '../../functions/src/audit/audit-entry.js';
import { ROUTE_AUDIT } from '../../functions/src/audit/route-audit.js';
import { DEFAULT_LIMITS } from '../../functions/src/limits/limits-config.js';
import { emulatorApi } from '../support/api-app.js';
import { appRoutes } from '../support/app-routes.js';
import { fixtureBytes } from '../support/audio-fixtures.js';
import { createTestUser, signIn, type TestUser } from '../support/auth-users.js';
import { builtExport } from '../support/data-exports.js';
import { invitationToken, latestCode } from '../support/mail-catcher.js';
import { bearer, createSession, uploadAudio } from '../support/sessions.js';

/** A clock the test moves a coalescing window on after each call, so every read gets an entry of its own. */
let clockMs = Date.now();
const { app, db, services } = emulatorApi({ now: () => new Date(clockMs) });
// The account deletion needs a sign-in within 5 minutes by the API's clock: an app on the real one.
const { app: realTimeApp } = emulatorApi();

const PATIENT = 'Ana Patiño';
const NOTE_TEXT = 'Doctor: How is the cough?\nPatient: Better since Monday, no fever.\nDoctor: Keep resting and drink fluids.';

const post = (user: TestUser, path: string, body: object = {}) => request(app).post(`${API_BASE_PATH}${path}`).set(bearer(user)).set(AUDIT_CLIENT_HEADER, 'web').send(body);
const get = (user: TestUser, path: string) => request(app).get(`${API_BASE_PATH}${path}`).set(bearer(user)).set(AUDIT_CLIENT_HEADER, 'web');

async function entriesOfRequest(res: request.Response): Promise<AuditEntry[]> {
  const requestId = res.headers['x-request-id'] as string;
  const snap = await db.collection('auditTrail').where('requestId', '==', requestId).get();
  return snap.docs.map((doc) => ({ ...(doc.data() as AuditEntry), at: (doc.get('at') as { toDate(): Date }).toDate().toISOString() }));
}

async function entriesOf(uid: string): Promise<Record<string, unknown>[]> {
  return (await db.collection('auditTrail').where('actorUid', '==', uid).get()).docs.map((doc) => doc.data());
}

// --- Every route has a decision ---------------------------------------------------------------------------

describe('ROUTE_AUDIT', () => {
  it('Has a decision for every route the app serves, and names no route it does not', () => {
    const served = appRoutes(app).map(({ method, path }) => `${method} ${path}`);
    const decided = Object.keys(ROUTE_AUDIT).map((key) => key.replace(' ', ` ${API_BASE_PATH}`));
    expect(served.filter((route) => !decided.includes(route)), 'routes without an audit decision in functions/src/audit/route-audit.ts').toEqual([]);
    expect(decided.filter((route) => !served.includes(route)), 'decisions for routes the app does not serve').toEqual([]);
  });

  it('Says why for every route it does not audit', () => {
    for (const [key, row] of Object.entries(ROUTE_AUDIT)) if (row.kind !== 'audited') expect(row.because.length, key).toBeGreaterThan(20);
  });
});

// --- Every audited route, called ----------------------------------------------------------------------------

interface Expected {
  action: AuditAction;
  resourceType: AuditResourceType | null;
  resourceId?: string | null;
  sessionId?: string | null;
}

interface Exercise {
  /** The ROUTE_AUDIT key it calls. */
  route: string;
  name?: string;
  send: () => Promise<request.Response>;
  expected: () => Expected[];
  /** The entry's actor, when not the signed-in owner (a public route's account). */
  actor?: () => string;
  /** The client the request says it is (X-Charta-Client); web unless said. */
  client?: AuditClient;
}

let owner: TestUser;
/** The admin of a clinic with single sign-on (made by its row). */
let ssoAdmin: TestUser;
let leaving: TestUser;
let sessionId: string;
let counter: number;
let audioSessionId: string;
let uploadId: string;
let spareIds: string[];
let templateId: string;
let publishedId: string;
let createdId: string;
/** The clinic exercises' state: the clinic, a colleague who joins and is removed, one who joins and leaves. */
let clinicId: string;
let colleague: TestUser;
let leaver: TestUser;
let invitationId: string;
let clinicTemplateId: string;
const seenActions = new Set<AuditAction>();

const note = (id: () => string) => ({ resourceType: 'note' as const, resourceId: id(), sessionId: id() });
const session = (id: () => string) => ({ resourceType: 'session' as const, resourceId: id(), sessionId: id() });
const noSession = (resourceType: AuditResourceType) => ({ resourceType, resourceId: null, sessionId: null });

async function currentCounter(): Promise<number> {
  return (await post(owner, '/documentation/by_session', { sessionId })).body.documentation.counter as number;
}

const EXERCISES: Exercise[] = [
  { route: 'POST /auth/send-code', send: () => request(app).post(`${API_BASE_PATH}/auth/send-code`).send({ email: owner.email }), expected: () => [{ action: 'account.code_requested', ...noSession('account') }], client: 'api' },
  {
    route: 'POST /auth/verify-code',
    send: async () => request(app).post(`${API_BASE_PATH}/auth/verify-code`).send({ email: owner.email, code: await latestCode(owner.email) }),
    expected: () => [{ action: 'account.code_used', ...noSession('account') }],
    client: 'api',
  },
  { route: 'PUT /profile', send: () => request(app).put(`${API_BASE_PATH}/profile`).set(bearer(owner)).send({ specialty: 'Family medicine' }), expected: () => [{ action: 'account.profile_updated', ...noSession('account') }], client: 'api' },
  {
    route: 'PUT /profile/consent',
    send: () => request(app).put(`${API_BASE_PATH}/profile/consent`).set(bearer(owner)).send({ statement: 'May I record our visit?' }),
    expected: () => [{ action: 'settings.consent_changed', ...noSession('account') }],
    client: 'api',
  },
  {
    route: 'PUT /profile/retention',
    send: () => request(app).put(`${API_BASE_PATH}/profile/retention`).set(bearer(owner)).send({ audioDays: 30 }),
    expected: () => [{ action: 'settings.retention_changed', ...noSession('account') }],
    client: 'api',
  },
  { route: 'POST /session/consent', send: () => post(owner, '/session/consent', { sessionId, method: 'written' }), expected: () => [{ action: 'session.edited', ...session(() => sessionId) }] },
  { route: 'GET /session/audio/:sessionId', send: () => get(owner, `/session/audio/${audioSessionId}`), expected: () => [{ action: 'audio.played', resourceType: 'audio', resourceId: audioSessionId, sessionId: audioSessionId }] },
  {
    route: 'POST /session/upload_audio',
    send: async () => {
      const draft = await createSession(app, owner, { patientName: PATIENT });
      spareIds.push(draft.id);
      uploadId = randomUUID();
      return uploadAudio(app, owner, fixtureBytes('dialogue.wav').subarray(0, 40_000), 'rec.wav', { uploadId, chunkIndex: 0, sessionId: draft.id }).set(AUDIT_CLIENT_HEADER, 'web');
    },
    expected: () => [{ action: 'audio.uploaded', resourceType: 'audio', resourceId: uploadId, sessionId: spareIds.at(-1) ?? null }],
  },
  {
    route: 'POST /session/create_session',
    send: async () => {
      const res = await request(app).post(`${API_BASE_PATH}/session/create_session`).set(bearer(owner)).set(AUDIT_CLIENT_HEADER, 'web').field('patientName', PATIENT).field('templateId', 'soap');
      createdId = res.body.session.id as string;
      return res;
    },
    expected: () => [{ action: 'session.created', ...session(() => createdId) }],
  },
  { route: 'POST /session/upload_by_checksum', send: () => post(owner, '/session/upload_by_checksum', { sha256: 'a'.repeat(64) }), expected: () => [{ action: 'session.searched', ...noSession('session') }] },
  { route: 'POST /session/sessions', send: () => post(owner, '/session/sessions', { limit: 5 }), expected: () => [{ action: 'session.listed', ...noSession('session') }] },
  { route: 'POST /session/session', send: () => post(owner, '/session/session', { sessionId }), expected: () => [{ action: 'session.viewed', ...session(() => sessionId) }] },
  { route: 'GET /session/get_last_five_sessions', send: () => get(owner, '/session/get_last_five_sessions'), expected: () => [{ action: 'session.listed', ...noSession('session') }] },
  { route: 'POST /session/update', send: () => post(owner, '/session/update', { sessionId, patientName: PATIENT }), expected: () => [{ action: 'session.edited', ...session(() => sessionId) }] },
  { route: 'POST /session/update_title', send: () => post(owner, '/session/update_title', { sessionId, title: `${PATIENT} follow-up` }), expected: () => [{ action: 'session.edited', ...session(() => sessionId) }] },
  { route: 'POST /search/sessions_by_patient_name', send: () => post(owner, '/search/sessions_by_patient_name', { query: 'Patiño' }), expected: () => [{ action: 'session.searched', ...noSession('session') }] },
  { route: 'POST /session/transcription', send: () => post(owner, '/session/transcription', { sessionId }), expected: () => [{ action: 'transcript.viewed', resourceType: 'transcript', resourceId: sessionId, sessionId }] },
  { route: 'POST /session/live_transcript', send: () => post(owner, '/session/live_transcript', { sessionId }), expected: () => [{ action: 'transcript.viewed', resourceType: 'transcript', resourceId: sessionId, sessionId }] },
  { route: 'POST /documentation/by_session', send: () => post(owner, '/documentation/by_session', { sessionId }), expected: () => [{ action: 'note.viewed', ...note(() => sessionId) }] },
  { route: 'POST /documentation/by_id', send: () => post(owner, '/documentation/by_id', { documentationId: sessionId }), expected: () => [{ action: 'note.viewed', ...note(() => sessionId) }] },
  { route: 'POST /session/documentation/section', send: () => post(owner, '/session/documentation/section', { documentationId: sessionId, sectionId: 'plan' }), expected: () => [{ action: 'note.viewed', ...note(() => sessionId) }] },
  { route: 'POST /session/documentation/section/versions', send: () => post(owner, '/session/documentation/section/versions', { documentationId: sessionId, sectionId: 'plan' }), expected: () => [{ action: 'note.viewed', ...note(() => sessionId) }] },
  {
    route: 'POST /session/documentation/section/update_value',
    send: async () => post(owner, '/session/documentation/section/update_value', { documentationId: sessionId, sectionId: 'plan', content: 'Rest and fluids.', counter: await currentCounter() }),
    expected: () => [{ action: 'note.edited', ...note(() => sessionId) }],
  },
  {
    route: 'POST /session/documentation/section/restore',
    send: async () => {
      const versions = (await post(owner, '/session/documentation/section/versions', { documentationId: sessionId, sectionId: 'plan' })).body.versions as { id: string }[];
      return post(owner, '/session/documentation/section/restore', { documentationId: sessionId, sectionId: 'plan', versionId: versions[0]?.id ?? 'none', counter: await currentCounter() });
    },
    expected: () => [{ action: 'note.edited', ...note(() => sessionId) }],
  },
  {
    route: 'POST /session/documentation/confirm_fact',
    // No such flag: refused, and recorded as refused.
    send: async () => post(owner, '/session/documentation/confirm_fact', { documentationId: sessionId, sectionId: 'plan', flagId: 'f-0123456789abcdef', counter: await currentCounter() }),
    expected: () => [{ action: 'note.edited', ...note(() => sessionId) }],
  },
  {
    route: 'POST /session/documentation/accept_proposal',
    send: async () =>
      post(owner, '/session/documentation/accept_proposal', { documentationId: sessionId, counter: await currentCounter(), change: 'magic_edit_section', sections: [{ sectionId: 'plan', content: 'Rest, fluids.', evidence: [] }] }),
    expected: () => [{ action: 'note.edited', ...note(() => sessionId) }],
  },
  { route: 'POST /session/mark_done', name: 'done', send: () => post(owner, '/session/mark_done', { sessionId, done: true }), expected: () => [{ action: 'note.marked_done', ...note(() => sessionId) }] },
  { route: 'POST /session/mark_done', name: 'reopened', send: () => post(owner, '/session/mark_done', { sessionId, done: false }), expected: () => [{ action: 'note.reopened', ...note(() => sessionId) }] },
  {
    route: 'POST /creation',
    send: async () => {
      const res = await post(owner, '/creation', { patientName: PATIENT, templateId: 'soap', text: NOTE_TEXT });
      createdId = res.body.session.id as string;
      return res;
    },
    expected: () => [
      { action: 'session.created', ...session(() => createdId) },
      { action: 'ai.note_written', ...session(() => createdId) },
    ],
  },
  { route: 'POST /session/process', send: () => post(owner, '/session/process', { sessionId }), expected: () => [{ action: 'ai.processing_requested', ...session(() => sessionId) }] },
  {
    route: 'POST /session/regenerate_documentation',
    send: async () => post(owner, '/session/regenerate_documentation', { sessionId, confirmReplaceEdited: true, counter: await currentCounter() }),
    expected: () => [{ action: 'ai.note_regenerated', ...note(() => sessionId) }],
  },
  {
    route: 'POST /session/regenerate_documentation_section',
    send: async () => post(owner, '/session/regenerate_documentation_section', { documentationId: sessionId, sectionId: 'plan', confirmReplaceEdited: true, counter: await currentCounter() }),
    expected: () => [{ action: 'ai.section_regenerated', ...note(() => sessionId) }],
  },
  {
    route: 'POST /session/customize_section',
    send: async () => post(owner, '/session/customize_section', { documentationId: sessionId, sectionId: 'plan', instructions: 'Shorter', confirmReplaceEdited: true, counter: await currentCounter() }),
    expected: () => [{ action: 'ai.section_customized', ...note(() => sessionId) }],
  },
  {
    route: 'POST /session/magic_edit_documentation',
    send: async () => post(owner, '/session/magic_edit_documentation', { documentationId: sessionId, instruction: 'Use bullet points', counter: await currentCounter() }),
    expected: () => [{ action: 'ai.note_magic_edited', ...note(() => sessionId) }],
  },
  {
    route: 'POST /session/magic_edit_section',
    send: async () => post(owner, '/session/magic_edit_section', { documentationId: sessionId, sectionId: 'plan', instruction: 'Shorter', counter: await currentCounter() }),
    expected: () => [{ action: 'ai.section_magic_edited', ...note(() => sessionId) }],
  },
  { route: 'POST /session/chat_with_session', send: () => post(owner, '/session/chat_with_session', { sessionId, question: 'Summarise' }), expected: () => [{ action: 'ai.chat', ...session(() => sessionId) }] },
  { route: 'POST /session/chat_history', send: () => post(owner, '/session/chat_history', { sessionId }), expected: () => [{ action: 'session.viewed', ...session(() => sessionId) }] },
  {
    route: 'POST /magic_fill/fill_html2',
    send: () => post(owner, '/magic_fill/fill_html2', { documentationId: sessionId, html: '<form><label for="p">Plan</label><textarea id="p"></textarea></form>' }).set(AUDIT_CLIENT_HEADER, 'extension'),
    expected: () => [{ action: 'ai.ehr_fill_proposed', ...note(() => sessionId) }],
    client: 'extension',
  },
  { route: 'POST /template/preview_section', send: () => post(owner, '/template/preview_section', { section: { title: 'Plan', instructions: 'Next steps.', format: 'paragraph' }, transcript: NOTE_TEXT }), expected: () => [{ action: 'ai.template_assisted', ...noSession('template') }] },
  { route: 'POST /template/preview_template', send: () => post(owner, '/template/preview_template', { templateId, transcript: NOTE_TEXT }), expected: () => [{ action: 'ai.template_assisted', resourceType: 'template', resourceId: templateId, sessionId: null }] },
  { route: 'POST /template/generate_template_from_note', send: () => post(owner, '/template/generate_template_from_note', { note: 'Subjective: cough. Plan: rest.' }), expected: () => [{ action: 'ai.template_assisted', ...noSession('template') }] },
  { route: 'POST /template/help_me_write_section', send: () => post(owner, '/template/help_me_write_section', { title: 'Plan' }), expected: () => [{ action: 'ai.template_assisted', ...noSession('template') }] },
  { route: 'POST /template/share_template', send: () => post(owner, '/template/share_template', { templateId }), expected: () => [{ action: 'template.shared', resourceType: 'template', resourceId: templateId, sessionId: null }] },
  {
    route: 'POST /template/published/publish',
    send: async () => {
      const res = await post(owner, '/template/published/publish', { templateId, description: 'A plan for coughs and colds' });
      publishedId = res.body.template.id as string;
      return res;
    },
    expected: () => [{ action: 'template.published', resourceType: 'template', resourceId: templateId, sessionId: null }],
  },
  { route: 'POST /template/published/unpublish', send: () => post(owner, '/template/published/unpublish', { publishedTemplateId: publishedId }), expected: () => [{ action: 'template.unpublished', resourceType: 'template', resourceId: publishedId, sessionId: null }] },
  ...CLIENT_REPORTED_ACTIONS.map(
    (action): Exercise => ({
      route: 'POST /audit/event',
      name: action,
      send: () => post(owner, '/audit/event', action.startsWith('account.') ? { action } : { action, sessionId }).set(AUDIT_CLIENT_HEADER, 'extension'),
      expected: () => [action.startsWith('account.') ? { action, ...noSession('account') } : { action, ...note(() => sessionId) }],
      client: 'extension',
    }),
  ),
  ...(['account.sign_in_failed', 'account.password_reset_requested'] as const).map(
    (action): Exercise => ({
      route: 'POST /audit/account_event',
      name: action,
      send: () => request(app).post(`${API_BASE_PATH}/audit/account_event`).set(AUDIT_CLIENT_HEADER, 'web').send({ action, email: ` ${owner.email.toUpperCase()} ` }),
      expected: () => [{ action, ...noSession('account') }],
    }),
  ),
  { route: 'POST /export', send: () => post(owner, '/export'), expected: () => [{ action: 'data.exported', ...noSession('account') }] },
  {
    // The link is followed by the browser itself (no token, no client header): the route names the owner.
    route: 'GET /export/download/:exportId',
    send: async () => {
      const started = (await post(owner, '/export')).body.export as { id: string };
      const built = await builtExport(services, owner.uid, started.id);
      return request(app).get(`${API_BASE_PATH}${built.downloadPath ?? '/export/download/not-built'}`);
    },
    expected: () => [{ action: 'data.exported', ...noSession('account') }],
    client: 'api',
  },
  { route: 'GET /audit/entries.csv', send: () => get(owner, '/audit/entries.csv'), expected: () => [{ action: 'activity.exported', ...noSession('account') }] },
  { route: 'POST /session/delete', send: () => post(owner, '/session/delete', { sessionId: spareIds[0] ?? '' }), expected: () => [{ action: 'session.deleted', ...session(() => spareIds[0] ?? '') }] },
  {
    route: 'POST /session/delete_many',
    send: async () => {
      spareIds.push((await createSession(app, owner, { patientName: PATIENT })).id, (await createSession(app, owner, { patientName: PATIENT })).id);
      return post(owner, '/session/delete_many', { sessionIds: spareIds.slice(1) });
    },
    expected: () => spareIds.slice(1).map((id) => ({ action: 'session.deleted' as const, ...session(() => id) })),
  },
  // Clinics: the owner makes one, invites (and revokes), a colleague joins, gets a role and is removed,
  // another joins and leaves, a template goes into the clinic library and out, the clinic goes.
  {
    route: 'POST /clinic/create',
    send: async () => {
      const res = await post(owner, '/clinic/create', { name: 'Audit Clinic' });
      clinicId = res.body.clinic.id as string;
      return res;
    },
    expected: () => [{ action: 'clinic.created', resourceType: 'clinic', resourceId: clinicId }],
  },
  {
    route: 'POST /clinic/invitations/create',
    send: async () => {
      const res = await post(owner, '/clinic/invitations/create', { email: `not-coming-${randomUUID()}@test.charta.local`, role: 'member' });
      invitationId = res.body.invitation.id as string;
      return res;
    },
    expected: () => [{ action: 'clinic.member_invited', ...noSession('clinic') }],
  },
  { route: 'POST /clinic/invitations/revoke', send: () => post(owner, '/clinic/invitations/revoke', { invitationId }), expected: () => [{ action: 'clinic.invitation_revoked', ...noSession('clinic') }] },
  {
    route: 'POST /clinic/invitations/accept',
    send: async () => {
      await post(owner, '/clinic/invitations/create', { email: colleague.email, role: 'member' }).expect(201);
      return post(colleague, '/clinic/invitations/accept', { token: await invitationToken(colleague.email) });
    },
    expected: () => [{ action: 'clinic.joined', resourceType: 'clinic', resourceId: clinicId }],
    actor: () => colleague.uid,
  },
  // Sharing the owner's session with the colleague who just joined: their reads are in their own trail.
  { route: 'POST /session/share', send: () => post(owner, '/session/share', { sessionId, colleagueUid: colleague.uid }), expected: () => [{ action: 'session.shared', ...session(() => sessionId) }] },
  { route: 'GET /shared/sessions', send: () => get(colleague, '/shared/sessions'), expected: () => [{ action: 'session.listed', ...noSession('session') }], actor: () => colleague.uid },
  { route: 'POST /shared/session', send: () => post(colleague, '/shared/session', { sessionId }), expected: () => [{ action: 'session.viewed', ...session(() => sessionId) }], actor: () => colleague.uid },
  { route: 'POST /session/unshare', send: () => post(owner, '/session/unshare', { sessionId, colleagueUid: colleague.uid }), expected: () => [{ action: 'session.unshared', ...session(() => sessionId) }] },
  {
    route: 'POST /clinic/members/set_role',
    send: () => post(owner, '/clinic/members/set_role', { uid: colleague.uid, role: 'admin' }),
    expected: () => [{ action: 'clinic.role_changed', resourceType: 'account', resourceId: colleague.uid }],
  },
  {
    route: 'POST /clinic/members/remove',
    send: () => post(owner, '/clinic/members/remove', { uid: colleague.uid }),
    expected: () => [{ action: 'clinic.member_removed', resourceType: 'account', resourceId: colleague.uid }],
  },
  {
    route: 'POST /clinic/leave',
    send: async () => {
      await post(owner, '/clinic/invitations/create', { email: leaver.email, role: 'member' }).expect(201);
      await post(leaver, '/clinic/invitations/accept', { token: await invitationToken(leaver.email) }).expect(200);
      return post(leaver, '/clinic/leave');
    },
    expected: () => [{ action: 'clinic.left', ...noSession('clinic') }],
    actor: () => leaver.uid,
  },
  {
    // Claiming a domain needs a verified address at it: an admin of a clinic of their own, at a domain of their own.
    route: 'POST /clinic/sso/set',
    send: async () => {
      const domain = `audit-${randomUUID().slice(0, 8)}.example`;
      ssoAdmin = await createTestUser({ email: `admin@${domain}` });
      await post(ssoAdmin, '/clinic/create', { name: 'Single sign-on practice' }).expect(201);
      return post(ssoAdmin, '/clinic/sso/set', { domain, providerId: 'oidc.audit' });
    },
    expected: () => [{ action: 'clinic.sso_changed', ...noSession('clinic') }],
    actor: () => ssoAdmin.uid,
  },
  {
    route: 'POST /clinic/sso/clear',
    send: () => post(ssoAdmin, '/clinic/sso/clear'),
    expected: () => [{ action: 'clinic.sso_changed', ...noSession('clinic') }],
    actor: () => ssoAdmin.uid,
  },
  {
    route: 'POST /clinic/policies/set',
    send: () => post(owner, '/clinic/policies/set', { consent: { required: true, statement: 'May I record our visit?' } }),
    expected: () => [{ action: 'clinic.policies_changed', ...noSession('clinic') }],
  },
  {
    route: 'POST /clinic/templates/publish',
    send: async () => {
      const res = await post(owner, '/clinic/templates/publish', { templateId });
      clinicTemplateId = res.body.template.id as string;
      return res;
    },
    expected: () => [{ action: 'template.shared_with_clinic', resourceType: 'template', resourceId: templateId }],
  },
  {
    route: 'POST /clinic/templates/remove',
    send: () => post(owner, '/clinic/templates/remove', { clinicTemplateId }),
    expected: () => [{ action: 'template.removed_from_clinic', resourceType: 'template', resourceId: clinicTemplateId }],
  },
  { route: 'POST /clinic/delete', send: () => post(owner, '/clinic/delete', { clinicId }), expected: () => [{ action: 'clinic.deleted', resourceType: 'clinic', resourceId: clinicId }] },
  {
    route: 'DELETE /profile/:id',
    send: () => request(realTimeApp).delete(`${API_BASE_PATH}/profile/${leaving.uid}`).set(bearer(leaving)).set(AUDIT_CLIENT_HEADER, 'web'),
    expected: () => [{ action: 'account.deleted', ...noSession('account') }],
    actor: () => leaving.uid,
  },
];

beforeAll(async () => {
  owner = await createTestUser({ displayName: 'Dr Audit' });
  leaving = await createTestUser();
  colleague = await createTestUser({ displayName: 'Dr Colleague' });
  leaver = await createTestUser();
  spareIds = [];
  const created = await post(owner, '/creation', { patientName: PATIENT, templateId: 'soap', text: NOTE_TEXT }).expect(201);
  sessionId = created.body.session.id as string;
  counter = created.body.documentation.counter as number;
  const audio = await uploadAudio(app, owner, fixtureBytes('dialogue.mp3'), 'visit.mp3').expect(201);
  audioSessionId = (await createSession(app, owner, { audio_uri: audio.body.audio_uri as string })).id;
  const template = await post(owner, '/template/upsert_template', { template: { name: 'Cough plan', sections: [{ title: 'Plan', instructions: 'Next steps.', format: 'paragraph' }] } }).expect(200);
  templateId = template.body.template.id as string;
  expect(counter).toBeGreaterThan(0);
}, 60_000);

describe('Every audited route, called through the API, leaves its entries', () => {
  it('Is exercised below (a new audited route needs an exercise too)', () => {
    const audited = Object.entries(ROUTE_AUDIT).filter(([, row]) => row.kind !== 'not_audited').map(([key]) => key);
    expect(audited.filter((key) => !EXERCISES.some((e) => e.route === key))).toEqual([]);
  });

  it.each(EXERCISES.map((e) => [e.name ? `${e.route} (${e.name})` : e.route, e] as const))('%s', async (_name, exercise) => {
    clockMs += COALESCE_WINDOW_MS;
    const res = await exercise.send();
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
    expect([401, 429]).not.toContain(res.status);
    // A user's first request also records their sign-in (below); only the route's own entries are compared.
    const ownEntries = async () => (await entriesOfRequest(res)).filter((e) => e.action !== 'account.signed_in');
    const expected = exercise.expected();
    // A streamed answer (the audio, a download) is recorded when its stream closes, which can come a moment
    // after the client has read it all: wait for the entries to be there (on a loaded machine it takes longer).
    await expect.poll(async () => (await ownEntries()).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(expected.length);
    const entries = await ownEntries();
    const actor = exercise.actor?.() ?? owner.uid;
    expect(entries.map((e) => ({ action: e.action, resourceType: e.resourceType, resourceId: e.resourceId, sessionId: e.sessionId })).sort((a, b) => String(a.resourceId).localeCompare(String(b.resourceId)) || a.action.localeCompare(b.action))).toEqual(
      expected.map((e) => ({ resourceId: null, sessionId: null, ...e })).sort((a, b) => String(a.resourceId).localeCompare(String(b.resourceId)) || a.action.localeCompare(b.action)),
    );
    const reported = exercise.route === 'POST /audit/event' || exercise.route === 'POST /audit/account_event';
    // A route that records its own entry does so before it answers, so the entry has no status.
    const byRoute = ROUTE_AUDIT[exercise.route]?.kind === 'recorded_by_route';
    for (const entry of entries) {
      expect(entry.actorUid).toBe(actor);
      expect(entry.outcome).toBe(reported ? 'done' : outcomeOf(res.status));
      expect(entry.status).toBe(byRoute ? null : res.status);
      expect(entry.observedBy).toBe(reported ? 'client' : 'server');
      expect(entry.client).toBe(exercise.client ?? 'web');
      expect(entry.addressHash).toMatch(/^[0-9a-f]{16}$/);
      seenActions.add(entry.action);
    }
  });

  it('Covered every action but those no route makes yet (data export is being built)', () => {
    const notYet: AuditAction[] = ['account.signed_in', 'data.exported'];
    expect(AUDIT_ACTIONS.filter((a) => !seenActions.has(a) && !notYet.includes(a))).toEqual([]);
  });

  it('Stored nothing of the patient, the note or the email: ids only', async () => {
    const stored = JSON.stringify(await entriesOf(owner.uid));
    for (const secret of [PATIENT, 'Patiño', 'cough', 'Rest and fluids', owner.email, owner.email.split('@')[0] ?? '']) expect(stored).not.toContain(secret);
  });
});

// --- Sign-ins, coalescing, refusals ---------------------------------------------------------------------------

describe('Sign-ins are seen on the server', () => {
  it('A new auth_time is one account.signed_in entry with its method, however many requests it makes', async () => {
    const user = await createTestUser();
    for (let i = 0; i < 3; i++) await request(app).get(`${API_BASE_PATH}/profile`).set(bearer(user)).expect(200);
    const signIns = (await entriesOf(user.uid)).filter((e) => e['action'] === 'account.signed_in');
    expect(signIns).toHaveLength(1);
    expect(signIns[0]).toMatchObject({ signInMethod: 'password', outcome: 'done', observedBy: 'server', resourceType: 'account' });

    // auth_time has a resolution of a second: a sign-in a second later is a new one.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const again = { ...user, idToken: await signIn(user) };
    await request(app).get(`${API_BASE_PATH}/profile`).set(bearer(again)).expect(200);
    await request(realTimeApp).get(`${API_BASE_PATH}/profile`).set(bearer(again)).expect(200);
    expect((await entriesOf(user.uid)).filter((e) => e['action'] === 'account.signed_in')).toHaveLength(2);
  });
});

describe('Reads the app repeats', () => {
  it('Are one entry per window; a new window, another client or another outcome is another entry', async () => {
    const user = await createTestUser();
    const made = await createSession(app, user, { patientName: PATIENT });
    const view = (client: string, id = made.id) => request(app).post(`${API_BASE_PATH}/session/session`).set(bearer(user)).set(AUDIT_CLIENT_HEADER, client).send({ sessionId: id });
    const views = async () => (await entriesOf(user.uid)).filter((e) => e['action'] === 'session.viewed');
    clockMs += COALESCE_WINDOW_MS;
    for (let i = 0; i < 5; i++) await view('web').expect(200);
    expect(await views()).toHaveLength(1);
    await view('extension').expect(200);
    await view('web', 'no-such-session').expect(404);
    expect((await views()).map((e) => `${String(e['client'])} ${String(e['outcome'])}`).sort()).toEqual(['extension done', 'web done', 'web refused']);
    clockMs += COALESCE_WINDOW_MS;
    await view('web').expect(200);
    expect(await views()).toHaveLength(4);
  });

  it('Another user’s session is a refused view in the caller’s trail, nothing in the owner’s', async () => {
    const stranger = await createTestUser();
    await post(stranger, '/session/session', { sessionId }).expect(404);
    expect((await entriesOf(stranger.uid)).filter((e) => e['sessionId'] === sessionId)).toEqual([expect.objectContaining({ action: 'session.viewed', outcome: 'refused', status: 404 })]);
  });

  it('A request that is not signed in or over a limit writes nothing; garbage never becomes a resource id', async () => {
    const user = await createTestUser();
    await request(app).get(`${API_BASE_PATH}/profile`).set(bearer(user)).expect(200);
    const before = (await entriesOf(user.uid)).length;
    await request(app).post(`${API_BASE_PATH}/session/session`).send({ sessionId }).expect(401);
    const res = await post(user, '/session/session', { sessionId: '__reserved__' }).expect(400);
    const [entry] = await entriesOfRequest(res);
    expect(entry).toMatchObject({ action: 'session.viewed', outcome: 'refused', status: 400, resourceId: null });
    expect((await entriesOf(user.uid)).length).toBe(before + 1);
  });
});

// --- The Activity page's routes ---------------------------------------------------------------------------------

describe('POST /audit/entries and GET /audit/entries.csv', () => {
  let reader: TestUser;
  let other: TestUser;
  let sessionA: string;
  let sessionB: string;

  beforeAll(async () => {
    reader = await createTestUser();
    other = await createTestUser();
    sessionA = (await createSession(app, reader, { patientName: PATIENT })).id;
    sessionB = (await createSession(app, reader, { patientName: PATIENT })).id;
    for (const id of [sessionA, sessionB, sessionA]) {
      clockMs += COALESCE_WINDOW_MS;
      await post(reader, '/session/session', { sessionId: id }).expect(200);
    }
    clockMs += COALESCE_WINDOW_MS;
    await post(reader, '/audit/event', { action: 'note.copied', sessionId: sessionA }).expect(202);
    await post(other, '/audit/event', { action: 'note.copied', sessionId: sessionA }).expect(202);
  });

  it('Pages the caller’s own trail newest first, filtered by session, action and time', async () => {
    const all: AuditEntry[] = [];
    let cursor: string | null = null;
    do {
      const page = (await post(reader, '/audit/entries', cursor ? { limit: 2, cursor } : { limit: 2 }).expect(200)).body as { entries: AuditEntry[]; nextCursor: string | null };
      expect(page.entries.length).toBeLessThanOrEqual(2);
      all.push(...page.entries);
      cursor = page.nextCursor;
    } while (cursor);
    expect(all.every((e) => e.actorUid === reader.uid)).toBe(true);
    expect(all.map((e) => e.at)).toEqual([...all.map((e) => e.at)].sort().reverse());
    expect(new Set(all.map((e) => e.id)).size).toBe(all.length);

    const ofA = (await post(reader, '/audit/entries', { sessionId: sessionA }).expect(200)).body.entries as AuditEntry[];
    expect(ofA.map((e) => e.action)).toEqual(['note.copied', 'session.viewed', 'session.viewed', 'session.created']);
    const copies = (await post(reader, '/audit/entries', { action: 'note.copied' }).expect(200)).body.entries as AuditEntry[];
    expect(copies).toHaveLength(1);
    const viewsOfA = (await post(reader, '/audit/entries', { sessionId: sessionA, action: 'session.viewed' }).expect(200)).body.entries as AuditEntry[];
    expect(viewsOfA).toHaveLength(2);
    const latest = viewsOfA[0]!;
    const since = (await post(reader, '/audit/entries', { sessionId: sessionA, action: 'session.viewed', from: latest.at }).expect(200)).body.entries as AuditEntry[];
    expect(since.map((e) => e.id)).toEqual([latest.id]);
    const until = (await post(reader, '/audit/entries', { sessionId: sessionA, action: 'session.viewed', to: latest.at }).expect(200)).body.entries as AuditEntry[];
    expect(until.map((e) => e.id)).toEqual([viewsOfA[1]!.id]);
  });

  it('Refuses a backwards range, a foreign cursor and an unknown action with 400 naming the field', async () => {
    expect((await post(reader, '/audit/entries', { from: '2024-02-01T00:00:00Z', to: '2024-01-01T00:00:00Z' }).expect(400)).body.error.field).toBe('to');
    expect((await post(reader, '/audit/entries', { cursor: 'nonsense' }).expect(400)).body.error.field).toBe('cursor');
    expect((await post(reader, '/audit/entries', { action: 'session.peeked' }).expect(400)).body.error.field).toBe('action');
    expect((await get(reader, '/audit/entries.csv?to=2000-01-01T00:00:00Z&from=2001-01-01T00:00:00Z').expect(400)).body.error.field).toBe('to');
  });

  it('The CSV holds the caller’s entries only, as filtered, with a header', async () => {
    const res = await get(reader, `/audit/entries.csv?sessionId=${sessionA}`).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="charta-activity-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('time,action,description,outcome,status,resource_type,resource_id,session_id,client,observed_by,request_id,address_hash,sign_in_method,entry_id');
    const ids = lines.slice(1).map((line) => line.split(',').at(-1));
    const own = (await post(reader, '/audit/entries', { sessionId: sessionA }).expect(200)).body.entries as AuditEntry[];
    expect(ids).toEqual(own.map((e) => e.id));
    const othersIds = (await entriesOf(other.uid)).map((e) => e['id']);
    expect(othersIds.length).toBeGreaterThan(0);
    expect(othersIds.filter((id) => res.text.includes(String(id)))).toEqual([]);
    // The other user's own CSV has their copy, not the reader's views.
    const theirs = await get(other, `/audit/entries.csv?sessionId=${sessionA}`).expect(200);
    expect(theirs.text.trimEnd().split('\r\n').slice(1).map((line) => line.split(',')[1])).toEqual(['note.copied']);
  });

  it('POST /audit/event takes only what a client may report', async () => {
    expect((await post(reader, '/audit/event', { action: 'session.deleted', sessionId: sessionA }).expect(400)).body.error.field).toBe('action');
    expect((await post(reader, '/audit/event', { action: 'note.copied', sessionId: 'a/b' }).expect(400)).body.error.field).toBe('sessionId');
    expect((await entriesOf(reader.uid)).filter((e) => e['action'] === 'session.deleted')).toEqual([]);
  });
});

// --- The public account-event route -----------------------------------------------------------------------------

describe('POST /audit/account_event (public)', () => {
  // Behind two proxies as deployed: the client's address is the second entry from the right.
  const tight = emulatorApi({ config: { trustProxyHops: 2, limits: { ...DEFAULT_LIMITS, rates: { ...DEFAULT_LIMITS.rates, auditAccountEvent: [{ limit: 3, windowSec: 3_600 }] } } } });
  const report = (email: string, address: string) =>
    request(tight.app).post(`${API_BASE_PATH}/audit/account_event`).set('X-Forwarded-For', `${address}, 10.1.2.3`).send({ action: 'account.sign_in_failed', email });

  it('Answers the same for any address, records for an existing account only, never the address itself', async () => {
    const user = await createTestUser();
    const nobody = `nobody-${randomUUID()}@test.charta.local`;
    const address = `198.51.100.${1 + (Date.now() % 200)}`;
    const known = await report(user.email, address).expect(202);
    const unknown = await report(nobody, address).expect(202);
    expect(known.body).toEqual(unknown.body);
    expect(await entriesOfRequest(unknown)).toEqual([]);
    const [entry] = await entriesOfRequest(known);
    expect(entry).toMatchObject({ actorUid: user.uid, action: 'account.sign_in_failed', observedBy: 'client', client: 'api' });
    const snap = await db.collection('auditTrail').where('requestId', 'in', [known.headers['x-request-id'], unknown.headers['x-request-id']]).get();
    const stored = JSON.stringify(snap.docs.map((d) => d.data()));
    expect(stored).not.toContain(user.email);
    expect(stored).not.toContain(nobody);
  });

  it('Is limited per client address: 429 with Retry-After, another address still reported', async () => {
    const user = await createTestUser();
    const address = `203.0.113.${1 + (Date.now() % 200)}`;
    for (let i = 0; i < 3; i++) await report(user.email, address).expect(202);
    const limited = await report(user.email, address).expect(429);
    expect(limited.body.error.code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await entriesOfRequest(limited)).toEqual([]);
    await report(user.email, `${address.replace(/\.\d+$/, '')}.250`).expect(202);
    expect((await entriesOf(user.uid)).filter((e) => e['action'] === 'account.sign_in_failed')).toHaveLength(4);
  });
});

afterAll(() => {
  clockMs = Date.now();
});
