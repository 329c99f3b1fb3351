/**
 * A clinic's policies (docs/clinics.md "Policies") on the emulators: admins and the owner set consent, retention
 * and the allowed sign-in methods, members read them in GET /clinic and cannot change them; each is enforced on
 * the member's next request, from Firestore (the consent session creation asks for, the retention the sweep
 * deletes under, the refused sign-in method), and leaving gives the member their own settings back.
 */
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { getAuth } from 'firebase-admin/auth';
import { DEFAULT_CONSENT_STATEMENT, NO_CLINIC_POLICIES, type ClinicPolicies, type MyClinicResponse, type Profile, type RetentionSettings } from '@charta/contract';
import { API_BASE_PATH } from '../../functions/src/app.js';
import { OwnerRetention } from '../../functions/src/retention/owner-retention.js';
import { memoryLogger } from '../../functions/src/logging/logger.js';
import { adminApp, emulatorApi } from '../support/api-app.js';
import { fixtureBytes } from '../support/audio-fixtures.js';
import { createTestUser, type TestUser } from '../support/auth-users.js';
import { authEmulatorHost } from '../support/emulators.js';
import { invitationToken } from '../support/mail-catcher.js';
import { bearer, createSession, uploadAudio } from '../support/sessions.js';

const { app, services } = emulatorApi();
const post = (user: TestUser, path: string, body: object = {}) => request(app).post(`${API_BASE_PATH}${path}`).set(bearer(user)).send(body);
const put = (user: TestUser, path: string, body: object) => request(app).put(`${API_BASE_PATH}${path}`).set(bearer(user)).send(body);
const get = (user: TestUser, path: string) => request(app).get(`${API_BASE_PATH}${path}`).set(bearer(user));
const profileOf = async (user: TestUser) => (await get(user, '/profile').expect(200)).body.profile as Profile;
const policiesSeenBy = async (user: TestUser) => {
  const mine = (await get(user, '/clinic').expect(200)).body as MyClinicResponse;
  if (!mine.clinic) throw new Error('expected a clinic');
  return mine.policies;
};

async function clinicWith(owner: TestUser, members: { user: TestUser; role?: 'admin' | 'member' }[], name = 'Northside Practice'): Promise<void> {
  expect((await post(owner, '/clinic/create', { name })).status).toBe(201);
  for (const { user, role = 'member' } of members) {
    expect((await post(owner, '/clinic/invitations/create', { email: user.email, role })).status).toBe(201);
    const res = await post(user, '/clinic/invitations/accept', { token: await invitationToken(user.email) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
}

async function setPolicies(by: TestUser, changes: Partial<ClinicPolicies>): Promise<ClinicPolicies> {
  const res = await post(by, '/clinic/policies/set', changes);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as Extract<MyClinicResponse, { role: string }>).policies;
}

/** The same account signed in by an emailed code (a custom token: `sign_in_provider` is `custom`), as the web app does. */
async function signedInByEmailCode(user: TestUser): Promise<TestUser> {
  const customToken = await getAuth(adminApp()).createCustomToken(user.uid);
  const res = await fetch(`http://${authEmulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: customToken, returnSecureToken: true }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return { ...user, idToken: ((await res.json()) as { idToken: string }).idToken };
}

const CLINIC_RETENTION: RetentionSettings = { audioDays: 7, transcriptDays: 30, sessionDays: 30 };
const DAY_MS = 24 * 60 * 60 * 1000;

describe('Setting and reading the policies', () => {
  let owner: TestUser;
  let admin: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  beforeAll(async () => {
    [owner, admin, member, outsider] = await Promise.all([createTestUser(), createTestUser(), createTestUser(), createTestUser()]);
    await clinicWith(owner, [{ user: admin, role: 'admin' }, { user: member }]);
  });

  it('None at first; admins set them, each policy apart; every member reads them in GET /clinic', async () => {
    expect(await policiesSeenBy(member)).toEqual(NO_CLINIC_POLICIES);
    const consent = { required: true, statement: 'We record visits to draft notes. May I?' };
    expect(await setPolicies(admin, { consent })).toEqual({ ...NO_CLINIC_POLICIES, consent });
    // One left out stays; null lifts one.
    expect(await setPolicies(owner, { retention: CLINIC_RETENTION, signInMethods: ['password', 'google'] })).toEqual({ consent, retention: CLINIC_RETENTION, signInMethods: ['password', 'google'] });
    expect(await setPolicies(admin, { signInMethods: null })).toEqual({ consent, retention: CLINIC_RETENTION, signInMethods: null });
    expect(await policiesSeenBy(member)).toEqual({ consent, retention: CLINIC_RETENTION, signInMethods: null });
    await setPolicies(owner, { consent: null, retention: null });
  });

  it('A member gets 403, a clinician in no clinic 404; bad bodies 400 naming the field', async () => {
    const byMember = await post(member, '/clinic/policies/set', { consent: null });
    expect(byMember.status).toBe(403);
    expect(byMember.body.error.code).toBe('permission_denied');
    expect((await post(outsider, '/clinic/policies/set', { consent: null })).status).toBe(404);
    for (const [body, field] of [
      [{}, 'consent'],
      [{ retention: { audioDays: 3, transcriptDays: 30, sessionDays: 30 } }, 'retention.audioDays'],
      [{ retention: { audioDays: 7 } }, 'retention.transcriptDays'],
      [{ consent: { required: true, statement: '  ' } }, 'consent.statement'],
      [{ signInMethods: [] }, 'signInMethods'],
      [{ signInMethods: ['password', 'password'] }, 'signInMethods'],
      [{ signInMethods: ['carrier_pigeon'] }, 'signInMethods.0'],
      [{ consent: null, extra: true }, 'extra'],
    ] as const) {
      const res = await post(admin, '/clinic/policies/set', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error, JSON.stringify(body)).toMatchObject({ code: 'invalid_argument', field });
    }
  });

  it('Refuses a sign-in policy that would refuse the admin’s own sign-in (409), so nobody locks the clinic out by mistake', async () => {
    const res = await post(admin, '/clinic/policies/set', { signInMethods: ['google'] });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'conflict', field: 'signInMethods' });
    expect(res.body.error.message).toMatch(/You signed in with a password/);
    expect((await policiesSeenBy(admin)).signInMethods).toBeNull();
  });
});

describe('Consent and retention set by the clinic', () => {
  it('Session audio needs consent while the clinic asks for it, whatever the member chose; leaving gives their own setting back', async () => {
    const [owner, member] = await Promise.all([createTestUser(), createTestUser()]);
    await put(member, '/profile/consent', { required: false }).expect(200);
    await clinicWith(owner, [{ user: member }]);
    // Before any policy: the member's own setting (no consent asked) holds.
    const before = await createSession(app, member, { consent: '' });
    expect((await uploadAudio(app, member, fixtureBytes('dialogue.wav'), 'visit.wav', { sessionId: before.id })).status).toBe(201);

    await setPolicies(owner, { consent: { required: true, statement: DEFAULT_CONSENT_STATEMENT } });
    const profile = await profileOf(member);
    expect(profile.consent).toEqual({ required: true, statement: DEFAULT_CONSENT_STATEMENT });
    expect(profile.setByClinic).toEqual({ clinicName: 'Northside Practice', consent: true, retention: false });
    const refused = await uploadAudio(app, member, fixtureBytes('dialogue.wav'), 'visit.wav', { sessionId: (await createSession(app, member, { consent: '' })).id });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('consent_required');

    // Changing it is refused with a sentence naming the clinic; the member's own setting is kept as it was.
    const change = await put(member, '/profile/consent', { required: false });
    expect(change.status).toBe(403);
    expect(change.body.error).toMatchObject({ code: 'permission_denied', message: expect.stringMatching(/^Northside Practice sets whether to ask/) });

    await post(member, '/clinic/leave').expect(200);
    const own = await profileOf(member);
    expect(own.consent.required).toBe(false);
    expect(own.setByClinic).toBeNull();
    const after = await createSession(app, member, { consent: '' });
    expect((await uploadAudio(app, member, fixtureBytes('dialogue.wav'), 'visit.wav', { sessionId: after.id })).status).toBe(201);
  });

  it('Retention: the profile answers the clinic’s windows, the sweep deletes under them, a change is refused; leaving restores the member’s own', async () => {
    const [owner, member] = await Promise.all([createTestUser(), createTestUser()]);
    const own: RetentionSettings = { audioDays: 30, transcriptDays: 90, sessionDays: 365 };
    await put(member, '/profile/retention', own).expect(200);
    await clinicWith(owner, [{ user: member }], 'Harbour Clinic');
    await setPolicies(owner, { retention: CLINIC_RETENTION });

    const profile = await profileOf(member);
    expect(profile.retention).toEqual(CLINIC_RETENTION);
    expect(profile.setByClinic).toEqual({ clinicName: 'Harbour Clinic', consent: false, retention: true });
    const change = await put(member, '/profile/retention', { sessionDays: null });
    expect(change.status).toBe(403);
    expect(change.body.error.message).toMatch(/^Harbour Clinic sets how long/);

    // A sweep 31 days on deletes the session under the clinic's 30 days, where the member's own 365 would keep it.
    const sweep = new OwnerRetention({ settings: services.privacySettings, queries: services.retentionQueries, sessions: services.retentionDeletions, logger: memoryLogger() });
    const session = await createSession(app, member);
    const later = new Date(Date.now() + 31 * DAY_MS);
    expect((await sweep.sweepOwner(member.uid, later)).sessions).toBe(1);
    expect((await post(member, '/session/session', { sessionId: session.id })).status).toBe(404);

    await post(member, '/clinic/leave').expect(200);
    const after = await profileOf(member);
    expect(after.retention).toEqual(own);
    expect(after.setByClinic).toBeNull();
    const kept = await createSession(app, member);
    expect((await sweep.sweepOwner(member.uid, later)).sessions).toBe(0);
    await post(member, '/session/session', { sessionId: kept.id }).expect(200);
  });
});

describe('Allowed sign-in methods', () => {
  it('Refuses a member’s sign-in method at once, with a sentence naming the allowed ones; allowing it again lets them in', async () => {
    const [owner, member, admin] = await Promise.all([createTestUser(), createTestUser(), createTestUser()]);
    await clinicWith(owner, [{ user: member }, { user: admin, role: 'admin' }], 'Hillside Surgery');
    await get(member, '/profile').expect(200);

    // The admin signs in by an emailed code and allows only that: the member's password token, unchanged, is refused.
    const adminByCode = await signedInByEmailCode(admin);
    await setPolicies(adminByCode, { signInMethods: ['email_code'] });
    for (const refused of [get(member, '/profile'), get(member, '/session/get_last_five_sessions'), post(member, '/clinic/templates/list'), post(member, '/clinic/leave')]) {
      const res = await refused;
      expect(res.status).toBe(403);
      expect(res.body.error).toEqual({
        code: 'sign_in_method_not_allowed',
        message: 'Hillside Surgery allows signing in to Charta only with an emailed code. You signed in with a password. Sign out, then sign in with it.',
      });
    }
    // What they need to read why and sign out stays open: the clinic (with its policy) and the app's own reports.
    expect((await policiesSeenBy(member)).signInMethods).toEqual(['email_code']);
    await post(member, '/audit/event', { action: 'account.signed_out' }).expect(202);
    // The owner, signed in with a password too, is refused alike.
    expect((await get(owner, '/profile')).status).toBe(403);
    // Signed in the allowed way, the member is in.
    await get(await signedInByEmailCode(member), '/profile').expect(200);

    await setPolicies(adminByCode, { signInMethods: ['email_code', 'password'] });
    await get(member, '/profile').expect(200);
    await setPolicies(adminByCode, { signInMethods: null });
    await get(owner, '/profile').expect(200);
  });

  it('Removal gives a member their own way of signing in back at once', async () => {
    const [owner, member] = await Promise.all([createTestUser(), createTestUser()]);
    await clinicWith(owner, [{ user: member }], 'Valley Practice');
    const ownerByCode = await signedInByEmailCode(owner);
    await setPolicies(ownerByCode, { signInMethods: ['email_code'] });
    expect((await get(member, '/profile')).status).toBe(403);
    await post(ownerByCode, '/clinic/members/remove', { uid: member.uid }).expect(200);
    await get(member, '/profile').expect(200);
  });
});
