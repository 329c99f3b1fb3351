/**
 * Sharing one session with a colleague (docs/clinics.md "Sharing a session"; issue 25): opt-in, read-only,
 * revocable, with a member of the same clinic only. A session not shared stays 404 to every other member
 * (admins included), outsiders and other clinics; a share ends at once when either leaves or is removed, and
 * goes with the session and with either account.
 */
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SharedSessionResponse, SharedWithMeResponse } from '@charta/contract';
import { API_BASE_PATH } from '../../functions/src/app.js';
import { emulatorApi } from '../support/api-app.js';
import { createTestUser, type TestUser } from '../support/auth-users.js';
import { invitationToken } from '../support/mail-catcher.js';
import { bearer } from '../support/sessions.js';

const { app, db } = emulatorApi();
const post = (user: TestUser, path: string, body: object = {}) => request(app).post(`${API_BASE_PATH}${path}`).set(bearer(user)).send(body);
const sharedWithMe = async (user: TestUser) => ((await request(app).get(`${API_BASE_PATH}/shared/sessions`).set(bearer(user)).expect(200)).body as SharedWithMeResponse).sessions;
const sharesInFirestore = async (field: string, value: string) => (await db.collection('sessionShares').where(field, '==', value).get()).size;

async function join(owner: TestUser, user: TestUser, role: 'admin' | 'member' = 'member'): Promise<void> {
  await post(owner, '/clinic/invitations/create', { email: user.email, role }).expect(201);
  await post(user, '/clinic/invitations/accept', { token: await invitationToken(user.email) }).expect(200);
}

async function documentedSession(owner: TestUser, patientName: string): Promise<string> {
  const made = await post(owner, '/creation', { patientName, templateId: 'soap', text: 'Doctor: How is the knee?\nPatient: Sore on the stairs.' }).expect(201);
  return made.body.session.id as string;
}

let owner: TestUser;
let colleague: TestUser;
let admin: TestUser;
let outsider: TestUser;
let otherClinic: TestUser;
let sessionId: string;

beforeAll(async () => {
  [owner, colleague, admin, outsider, otherClinic] = await Promise.all([
    createTestUser({ displayName: 'Dr Owner' }),
    createTestUser({ displayName: 'Dr Covering' }),
    createTestUser({ displayName: 'Dr Admin' }),
    createTestUser(),
    createTestUser(),
  ]);
  // The names colleagues see are the ones clinicians set in their profile.
  await request(app).put(`${API_BASE_PATH}/profile`).set(bearer(owner)).send({ displayName: 'Dr Owner' }).expect(200);
  await request(app).put(`${API_BASE_PATH}/profile`).set(bearer(colleague)).send({ displayName: 'Dr Covering' }).expect(200);
  await post(owner, '/clinic/create', { name: 'Knee Clinic' }).expect(201);
  await join(owner, colleague);
  await join(owner, admin, 'admin');
  await post(otherClinic, '/clinic/create', { name: 'Elsewhere' }).expect(201);
  sessionId = await documentedSession(owner, 'Ruth Okafor');
}, 60_000);

describe('Sharing a session', () => {
  it('is 404 to colleagues until shared, and never to outsiders, other clinics or the caller', async () => {
    await post(colleague, '/shared/session', { sessionId }).expect(404);
    expect(await sharedWithMe(colleague)).toEqual([]);
    // Only with a member of the owner's clinic: an outsider and another clinic's member are as unknown as a wrong id.
    await post(owner, '/session/share', { sessionId, colleagueUid: outsider.uid }).expect(404);
    await post(owner, '/session/share', { sessionId, colleagueUid: otherClinic.uid }).expect(404);
    expect((await post(owner, '/session/share', { sessionId, colleagueUid: owner.uid }).expect(400)).body.error.field).toBe('colleagueUid');
    // Only its owner shares it: a colleague cannot share it on, nor share a session that is not theirs.
    await post(colleague, '/session/share', { sessionId, colleagueUid: admin.uid }).expect(404);
    expect(await sharesInFirestore('sessionId', sessionId)).toBe(0);
  });

  it('lets the colleague read the session, its transcript and its note, and nothing else', async () => {
    const shared = await post(owner, '/session/share', { sessionId, colleagueUid: colleague.uid }).expect(201);
    expect(shared.body.share).toMatchObject({ sessionId, colleagueUid: colleague.uid, colleagueName: 'Dr Covering' });
    // Sharing again is the same share.
    await post(owner, '/session/share', { sessionId, colleagueUid: colleague.uid }).expect(201);
    expect((await post(owner, '/session/shares', { sessionId }).expect(200)).body.shares).toEqual([expect.objectContaining({ colleagueUid: colleague.uid })]);

    expect(await sharedWithMe(colleague)).toEqual([expect.objectContaining({ sessionId, patientName: 'Ruth Okafor', sharedBy: { uid: owner.uid, displayName: 'Dr Owner' } })]);
    const read = (await post(colleague, '/shared/session', { sessionId }).expect(200)).body as SharedSessionResponse;
    expect(read.session).toMatchObject({ id: sessionId, patientName: 'Ruth Okafor', status: 'ready' });
    expect(read.transcript?.segments.map((s) => s.text).join(' ')).toContain('Sore on the stairs');
    expect(read.documentation?.sessionId).toBe(sessionId);

    // Read-only: every owner route stays 404 to the colleague.
    await post(colleague, '/session/session', { sessionId }).expect(404);
    await post(colleague, '/session/transcription', { sessionId }).expect(404);
    await post(colleague, '/documentation/by_session', { sessionId }).expect(404);
    await post(colleague, '/session/update_title', { sessionId, title: 'Mine now' }).expect(404);
    await post(colleague, '/session/delete', { sessionId }).expect(404);
    await post(colleague, '/session/shares', { sessionId }).expect(404);
  });

  it('stays 404 to every member it was not shared with, the clinic’s admin included', async () => {
    await post(admin, '/shared/session', { sessionId }).expect(404);
    await post(admin, '/session/session', { sessionId }).expect(404);
    expect(await sharedWithMe(admin)).toEqual([]);
  });

  it('ends when the owner stops sharing', async () => {
    await post(owner, '/session/unshare', { sessionId, colleagueUid: colleague.uid }).expect(200);
    await post(owner, '/session/unshare', { sessionId, colleagueUid: colleague.uid }).expect(200);
    await post(colleague, '/shared/session', { sessionId }).expect(404);
    expect(await sharedWithMe(colleague)).toEqual([]);
  });

  it('ends at once when the colleague is removed from the clinic, and does not come back when they rejoin', async () => {
    await post(owner, '/session/share', { sessionId, colleagueUid: colleague.uid }).expect(201);
    await post(colleague, '/shared/session', { sessionId }).expect(200);
    await post(owner, '/clinic/members/remove', { uid: colleague.uid }).expect(200);
    await post(colleague, '/shared/session', { sessionId }).expect(404);
    expect(await sharesInFirestore('colleagueUid', colleague.uid)).toBe(0);
    await join(owner, colleague);
    await post(colleague, '/shared/session', { sessionId }).expect(404);
  });

  it('ends when the owner leaves the clinic', async () => {
    const member = await createTestUser();
    await join(owner, member);
    const theirs = await documentedSession(member, 'Sam Idowu');
    await post(member, '/session/share', { sessionId: theirs, colleagueUid: colleague.uid }).expect(201);
    await post(colleague, '/shared/session', { sessionId: theirs }).expect(200);
    await post(member, '/clinic/leave').expect(200);
    await post(colleague, '/shared/session', { sessionId: theirs }).expect(404);
    expect(await sharesInFirestore('ownerUid', member.uid)).toBe(0);
  });

  it('goes with the session, and with the colleague’s account', async () => {
    const doomed = await documentedSession(owner, 'Lee Park');
    await post(owner, '/session/share', { sessionId: doomed, colleagueUid: colleague.uid }).expect(201);
    await post(owner, '/session/delete', { sessionId: doomed }).expect(200);
    expect(await sharesInFirestore('sessionId', doomed)).toBe(0);
    await post(colleague, '/shared/session', { sessionId: doomed }).expect(404);

    await post(owner, '/session/share', { sessionId, colleagueUid: colleague.uid }).expect(201);
    await request(app).delete(`${API_BASE_PATH}/profile/${colleague.uid}`).set(bearer(colleague)).expect(200);
    expect(await sharesInFirestore('colleagueUid', colleague.uid)).toBe(0);
    expect((await post(owner, '/session/shares', { sessionId }).expect(200)).body.shares).toEqual([]);
  });
});
