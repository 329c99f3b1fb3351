/**
 * Clinics (docs/clinics.md) on the emulators: every clinic route has a role decision and is refused below it,
 * invitations travel through the mail catcher and are accepted by an existing and by a new account, roles are
 * enforced, a removed member's next request is refused, another clinic's things answer 404, the clinic library
 * never reaches the public one, and account deletion minds clinic ownership.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH } from '../../functions/src/app.js';
import { CLINIC_ROUTE_ACCESS } from '../../functions/src/clinics/route-roles.js';
import { DEFAULT_LIMITS } from '../../functions/src/limits/limits-config.js';
import { emulatorApi } from '../support/api-app.js';
import { appRoutes } from '../support/app-routes.js';
import { zipEntries } from '../../functions/src/export/zip-entries.test-support.js';
import { builtExport } from '../support/data-exports.js';
import { createTestUser, type TestUser } from '../support/auth-users.js';
import { clinicCalls, type InClinic } from '../support/clinics.js';
import { invitationToken, mailTo } from '../support/mail-catcher.js';
import { bearer } from '../support/sessions.js';

const { app, db, services } = emulatorApi();
const { call, myClinic, inClinic, newClinic, invite, join } = clinicCalls(app);

async function ownTemplate(user: TestUser, name: string): Promise<string> {
  const res = await request(app)
    .post(`${API_BASE_PATH}/template/upsert_template`)
    .set(bearer(user))
    .send({ template: { name, description: 'Our practice’s follow-up note', sections: [{ title: 'Plan', instructions: 'Next steps.' }] } })
    .expect(200);
  return (res.body as { template: { id: string } }).template.id;
}

describe('CLINIC_ROUTE_ACCESS: every clinic route has a role decision, and is refused below it', () => {
  let owner: TestUser;
  let admin: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  beforeAll(async () => {
    [owner, admin, member, outsider] = await Promise.all([createTestUser(), createTestUser(), createTestUser(), createTestUser()]);
    await newClinic(owner);
    await join(owner, admin, 'admin');
    await join(owner, member);
  });

  it('Has a row for every /clinic route the app serves, and serves every row', () => {
    const served = appRoutes(app)
      .map(({ method, path }) => `${method} ${path.slice(API_BASE_PATH.length)}`)
      .filter((route) => route.split(' ')[1]?.startsWith('/clinic'));
    expect(served.sort()).toEqual(Object.keys(CLINIC_ROUTE_ACCESS).sort());
  });

  it('Answers 404 to a clinician in no clinic, and 403 to a role just below the row’s, before reading the body', async () => {
    const below = { member: outsider, admin: member, owner: admin } as const;
    for (const [key, access] of Object.entries(CLINIC_ROUTE_ACCESS)) {
      if (access.kind !== 'role') continue;
      const [method, path] = key.split(' ') as [string, string];
      const send = (user: TestUser) => (method === 'GET' ? request(app).get(`${API_BASE_PATH}${path}`) : request(app).post(`${API_BASE_PATH}${path}`).send({})).set(bearer(user));
      expect((await send(outsider)).status, `${key} for a clinician in no clinic`).toBe(404);
      if (access.atLeast !== 'member') {
        const res = await send(below[access.atLeast]);
        expect(res.status, `${key} for the role below ${access.atLeast}`).toBe(403);
        expect(res.body.error.code).toBe('permission_denied');
      }
    }
  });

  it('Lets a signed-in route through outside a clinic (its body is then read)', async () => {
    expect(await myClinic(outsider)).toEqual({ clinic: null });
    expect((await call(outsider, '/invitations/get', {})).status).toBe(400);
  });
});

describe('Creating a clinic and inviting through the mail catcher', () => {
  it('Makes the creator its owner; a clinician is in one clinic at most', async () => {
    const owner = await createTestUser();
    const made = await newClinic(owner, 'Riverside Family Practice');
    expect(made).toMatchObject({ clinic: { name: 'Riverside Family Practice' }, role: 'owner', invitations: [] });
    expect(made.members).toEqual([expect.objectContaining({ uid: owner.uid, role: 'owner', email: owner.email })]);
    const again = await call(owner, '/create', { name: 'Second' });
    expect(again.status).toBe(409);
    expect((await call(owner, '/create', { name: '   ' })).body.error).toMatchObject({ code: 'invalid_argument', field: 'name' });
  });

  it('Invites an existing account by email; the link in the mail joins them; the link is for that address only', async () => {
    const [owner, invitee, stranger] = await Promise.all([createTestUser({ displayName: 'Dr Ana Owner' }), createTestUser(), createTestUser()]);
    const { clinic } = await newClinic(owner, 'Harbour Clinic');
    const res = await call(owner, '/invitations/create', { email: invitee.email.toUpperCase() });
    expect(res.status).toBe(201);
    expect(res.body.invitation).toMatchObject({ email: invitee.email, role: 'member', status: 'pending' });
    expect(JSON.stringify(res.body)).not.toMatch(/token/i);

    const mail = (await mailTo(invitee.email)).find((m) => m.subject === 'You are invited to join Harbour Clinic on Charta');
    expect(mail?.text).toContain('Dr Ana Owner invited you');
    expect(mail?.text).toContain(`${process.env['CHARTA_APP_URL'] ?? ''}/clinic/invitations/`);
    expect(mail?.text).not.toContain(owner.email);
    const token = await invitationToken(invitee.email);

    expect((await inClinic(owner)).invitations).toEqual([expect.objectContaining({ email: invitee.email, status: 'pending' })]);
    // The page names the inviter as the email does (a name, never their address).
    expect((await call(stranger, '/invitations/get', { token })).body.invitation).toMatchObject({ clinicName: 'Harbour Clinic', role: 'member', forCaller: false, inviterName: 'Dr Ana Owner' });
    const refused = await call(stranger, '/invitations/accept', { token });
    expect(refused.status).toBe(403);
    expect((await call(invitee, '/invitations/get', { token })).body.invitation).toMatchObject({ forCaller: true, status: 'pending' });

    const joined = await call(invitee, '/invitations/accept', { token }).expect(200);
    expect(joined.body).toMatchObject({ clinic: { id: clinic.id }, role: 'member' });
    // A retry answers the same; the invitation is used and no longer pending.
    await call(invitee, '/invitations/accept', { token }).expect(200);
    const seen = await inClinic(owner);
    expect(seen.members.map((m) => [m.uid, m.role])).toEqual([
      [owner.uid, 'owner'],
      [invitee.uid, 'member'],
    ]);
    expect(seen.invitations).toEqual([]);
    // Members see the members, not the invitations.
    expect((await inClinic(invitee)).invitations).toEqual([]);
  });

  it('Works for an account made after the invitation was sent, once its address is verified', async () => {
    const owner = await createTestUser();
    const { clinic } = await newClinic(owner);
    // No account has either address when the invitations go out.
    const [email, unverifiedEmail] = [`new-colleague-${randomUUID()}@test.charta.local`, `unverified-${randomUUID()}@test.charta.local`];
    const token = await invite(owner, email);
    const unverifiedToken = await invite(owner, unverifiedEmail);
    const newcomer = await createTestUser({ email });
    expect((await call(newcomer, '/invitations/accept', { token }).expect(200)).body.clinic.id).toBe(clinic.id);
    const unverified = await createTestUser({ email: unverifiedEmail, emailVerified: false });
    const refused = await call(unverified, '/invitations/accept', { token: unverifiedToken });
    expect(refused.status).toBe(403);
    expect(await myClinic(unverified)).toEqual({ clinic: null });
  });

  it('A revoked invitation, a replaced one and an expired one do not join anyone', async () => {
    const [owner, invitee] = await Promise.all([createTestUser(), createTestUser()]);
    await newClinic(owner);
    const first = await invite(owner, invitee.email);
    const second = await invite(owner, invitee.email);
    expect(second).not.toBe(first);
    expect((await call(invitee, '/invitations/accept', { token: first })).status).toBe(404);
    const pending = (await inClinic(owner)).invitations;
    expect(pending).toHaveLength(1);
    await call(owner, '/invitations/revoke', { invitationId: pending[0]?.id }).expect(200);
    expect((await call(invitee, '/invitations/accept', { token: second })).status).toBe(404);

    const third = await invite(owner, invitee.email);
    const later = emulatorApi({ now: () => new Date(Date.now() + 8 * 24 * 3600 * 1000) });
    const expired = await request(later.app).post(`${API_BASE_PATH}/clinic/invitations/accept`).set(bearer(invitee)).send({ token: third });
    expect(expired.status).toBe(409);
    expect(expired.body.error.message).toMatch(/expired/);
  });

  it('Limits invitations per user: 429 with Retry-After', async () => {
    const limited = emulatorApi({ config: { limits: { ...DEFAULT_LIMITS, rates: { ...DEFAULT_LIMITS.rates, clinicInvitation: [{ limit: 1, windowSec: 3_600 }] } } } });
    const owner = await createTestUser();
    await newClinic(owner);
    const send = () => request(limited.app).post(`${API_BASE_PATH}/clinic/invitations/create`).set(bearer(owner)).send({ email: `x-${randomUUID()}@test.charta.local` });
    expect((await send()).status).toBe(201);
    const refused = await send();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('Roles', () => {
  it('Only the owner makes admins; admins invite members and remove members, never the owner or an admin', async () => {
    const [owner, second, third, fourth] = await Promise.all([createTestUser(), createTestUser(), createTestUser(), createTestUser()]);
    await newClinic(owner);
    await join(owner, second);
    // A member invites nobody (the table), and cannot change roles.
    expect((await call(second, '/invitations/create', { email: fourth.email })).status).toBe(403);
    expect((await call(second, '/members/set_role', { uid: second.uid, role: 'admin' })).status).toBe(403);
    // The owner promotes; the admin invites members but not admins.
    expect((await call(owner, '/members/set_role', { uid: second.uid, role: 'admin' }).expect(200)).body.members).toContainEqual(expect.objectContaining({ uid: second.uid, role: 'admin' }));
    expect((await call(second, '/invitations/create', { email: third.email, role: 'admin' })).status).toBe(403);
    await join(second, third);
    await join(owner, fourth, 'admin');
    // An admin removes neither the owner nor another admin, and is not the owner's to demote by anyone else.
    expect((await call(second, '/members/remove', { uid: owner.uid })).status).toBe(403);
    expect((await call(second, '/members/remove', { uid: fourth.uid })).status).toBe(403);
    expect((await call(owner, '/members/remove', { uid: owner.uid })).status).toBe(403);
    expect((await call(owner, '/members/set_role', { uid: owner.uid, role: 'member' })).status).toBe(403);
    expect((await call(owner, '/leave')).status).toBe(409);
    await call(second, '/members/remove', { uid: third.uid }).expect(200);
    await call(owner, '/members/remove', { uid: fourth.uid }).expect(200);
    // Handing the clinic on: the new owner, the old one an admin.
    const handed = (await call(owner, '/members/set_role', { uid: second.uid, role: 'owner' }).expect(200)).body as InClinic;
    expect(handed.members.map((m) => [m.uid, m.role])).toEqual([
      [second.uid, 'owner'],
      [owner.uid, 'admin'],
    ]);
    expect(handed.role).toBe('admin');
  });

  it('A removed member’s next request is refused at once, with the same token; their own templates stay theirs', async () => {
    const [owner, member] = await Promise.all([createTestUser(), createTestUser()]);
    await newClinic(owner);
    await join(owner, member);
    const templateId = await ownTemplate(member, `Knee follow-up ${randomUUID()}`);
    await call(member, '/templates/publish', { templateId }).expect(200);
    expect((await call(owner, '/templates/list').expect(200)).body.templates).toHaveLength(1);
    await call(member, '/templates/list').expect(200);

    await call(owner, '/members/remove', { uid: member.uid }).expect(200);
    const refused = await call(member, '/templates/list');
    expect(refused.status).toBe(404);
    expect(await myClinic(member)).toEqual({ clinic: null });
    // What they published went with them; their template is theirs as before.
    expect((await call(owner, '/templates/list').expect(200)).body.templates).toEqual([]);
    await request(app).post(`${API_BASE_PATH}/template/get_template`).set(bearer(member)).send({ templateId }).expect(200);
  });

  it('Another clinic’s members, invitations and templates answer 404', async () => {
    const [ownerA, memberA, ownerB] = await Promise.all([createTestUser(), createTestUser(), createTestUser()]);
    await newClinic(ownerA, 'Clinic A');
    await join(ownerA, memberA);
    await newClinic(ownerB, 'Clinic B');
    await call(ownerA, '/invitations/create', { email: `p-${randomUUID()}@test.charta.local` }).expect(201);
    const invitationId = (await inClinic(ownerA)).invitations[0]?.id;
    const templateId = await ownTemplate(memberA, 'Clinic A template');
    const published = (await call(memberA, '/templates/publish', { templateId }).expect(200)).body.template as { id: string };

    expect((await call(ownerB, '/members/remove', { uid: memberA.uid })).status).toBe(404);
    expect((await call(ownerB, '/members/set_role', { uid: memberA.uid, role: 'admin' })).status).toBe(404);
    expect((await call(ownerB, '/invitations/revoke', { invitationId })).status).toBe(404);
    expect((await call(ownerB, '/templates/add', { clinicTemplateId: published.id })).status).toBe(404);
    expect((await call(ownerB, '/templates/remove', { clinicTemplateId: published.id })).status).toBe(404);
    expect((await call(ownerB, '/delete', { clinicId: (await inClinic(ownerA)).clinic.id })).status).toBe(404);
    expect((await call(ownerB, '/templates/list').expect(200)).body.templates).toEqual([]);
  });
});

describe('The clinic library', () => {
  it('Members publish, see and add; admins remove; it never appears in the public library', async () => {
    const [owner, author, colleague] = await Promise.all([createTestUser(), createTestUser({ displayName: 'Dr Lee' }), createTestUser()]);
    await newClinic(owner);
    await join(owner, author);
    await join(owner, colleague);
    const word = `zq${randomUUID().replace(/-/g, '').slice(0, 10)}`;
    const templateId = await ownTemplate(author, `Practice intake ${word}`);
    const published = (await call(author, '/templates/publish', { templateId }).expect(200)).body.template as { id: string; name: string; authorName: string; mine: boolean };
    expect(published).toMatchObject({ name: `Practice intake ${word}`, authorName: 'Dr Lee', mine: true });

    const listed = (await call(colleague, '/templates/list').expect(200)).body.templates as { id: string; mine: boolean }[];
    expect(listed).toEqual([expect.objectContaining({ id: published.id, mine: false })]);
    const copy = (await call(colleague, '/templates/add', { clinicTemplateId: published.id }).expect(200)).body.template as { id: string; name: string };
    expect(copy.name).toBe(`Practice intake ${word}`);
    await request(app).post(`${API_BASE_PATH}/template/get_template`).set(bearer(colleague)).send({ templateId: copy.id }).expect(200);
    expect((await call(owner, '/templates/list').expect(200)).body.templates[0]).toMatchObject({ addCount: 1, addedTemplateId: null });
    // Adding again (a retry, a double click, three at once) answers the same copy, counted once, and the list
    // names it for the one who added it.
    const again = await Promise.all([1, 2, 3].map(() => call(colleague, '/templates/add', { clinicTemplateId: published.id }).expect(200)));
    expect(again.map((res) => res.body.template.id)).toEqual([copy.id, copy.id, copy.id]);
    expect((await call(colleague, '/templates/list').expect(200)).body.templates[0]).toMatchObject({ addCount: 1, addedTemplateId: copy.id });
    const copies = await request(app).post(`${API_BASE_PATH}/template/get_templates`).set(bearer(colleague)).send({}).expect(200);
    expect((copies.body.templates as { name: string }[]).filter((t) => t.name === `Practice intake ${word}`)).toHaveLength(1);

    // Not in the public library: not listed, not found by search, not found by id, not addable from there.
    const publicList = await request(app).post(`${API_BASE_PATH}/template/published/list`).set(bearer(colleague)).send({ query: word }).expect(200);
    expect(publicList.body.templates).toEqual([]);
    expect((await request(app).post(`${API_BASE_PATH}/template/published/get`).set(bearer(colleague)).send({ publishedTemplateId: published.id })).status).toBe(404);
    expect((await request(app).post(`${API_BASE_PATH}/template/published/add_to_library`).set(bearer(colleague)).send({ publishedTemplateId: published.id })).status).toBe(404);
    const mine = await request(app).post(`${API_BASE_PATH}/template/get_template`).set(bearer(author)).send({ templateId }).expect(200);
    expect(mine.body.template).toMatchObject({ published: false, publishedTemplateId: null });

    // A member other than its author may not remove it; the owner (or an admin) may. The copy stays.
    expect((await call(colleague, '/templates/remove', { clinicTemplateId: published.id })).status).toBe(403);
    await call(owner, '/templates/remove', { clinicTemplateId: published.id }).expect(200);
    expect((await call(colleague, '/templates/list').expect(200)).body.templates).toEqual([]);
    await request(app).post(`${API_BASE_PATH}/template/get_template`).set(bearer(colleague)).send({ templateId: copy.id }).expect(200);
    // Its add markers went with it: nothing beneath it names the colleague.
    expect((await db.collection('clinicTemplates').doc(published.id).collection('adders').get()).size).toBe(0);
  });
});

describe('Leaving, deleting the clinic, and deleting an account', () => {
  it('A member leaves; deleting the clinic frees everyone; members keep their templates', async () => {
    const [owner, leaver, stayer] = await Promise.all([createTestUser(), createTestUser(), createTestUser()]);
    const { clinic } = await newClinic(owner);
    await join(owner, leaver);
    await join(owner, stayer);
    await call(leaver, '/leave').expect(200);
    expect(await myClinic(leaver)).toEqual({ clinic: null });
    const templateId = await ownTemplate(stayer, 'Stays mine');
    await call(stayer, '/templates/publish', { templateId }).expect(200);
    expect((await call(owner, '/delete', { clinicId: 'another-clinic' })).status).toBe(404);
    await call(owner, '/delete', { clinicId: clinic.id }).expect(200);
    expect(await myClinic(stayer)).toEqual({ clinic: null });
    expect(await myClinic(owner)).toEqual({ clinic: null });
    await request(app).post(`${API_BASE_PATH}/template/get_template`).set(bearer(stayer)).send({ templateId }).expect(200);
    // Free to make or join another.
    await newClinic(stayer, 'After');
  });

  it('Download my data holds clinic.json: the clinic, the role and when they joined, no other member', async () => {
    const [owner, member] = await Promise.all([createTestUser(), createTestUser()]);
    const { clinic } = await newClinic(owner, 'Export Clinic');
    await join(owner, member);
    const started = await request(app).post(`${API_BASE_PATH}/export`).set(bearer(member)).send({}).expect(202);
    const built = await builtExport(services, member.uid, (started.body as { export: { id: string } }).export.id);
    const zip = await request(app)
      .get(`${API_BASE_PATH}${built.downloadPath ?? ''}`)
      .buffer(true)
      .parse((res, done) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => done(null, Buffer.concat(parts)));
      })
      .expect(200);
    const entries = await zipEntries(zip.body as Buffer);
    const summary = JSON.parse(entries.get('clinic.json')?.toString('utf8') ?? 'null') as Record<string, unknown>;
    expect(summary).toEqual({ clinicId: clinic.id, clinicName: 'Export Clinic', role: 'member', joinedAt: expect.any(String) });
    expect(entries.get('clinic.json')?.toString('utf8')).not.toContain(owner.email);
  });

  it('Refuses to delete the account of an owner whose clinic has other members; a member’s deletion leaves the clinic', async () => {
    const [owner, member] = await Promise.all([createTestUser(), createTestUser()]);
    await newClinic(owner);
    await join(owner, member);
    const refused = await request(app).delete(`${API_BASE_PATH}/profile/${owner.uid}`).set(bearer(owner));
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/hand it to another member/);
    expect((await inClinic(owner)).members).toHaveLength(2);

    await request(app).delete(`${API_BASE_PATH}/profile/${member.uid}`).set(bearer(member)).expect(200);
    expect((await inClinic(owner)).members.map((m) => m.uid)).toEqual([owner.uid]);
    // Alone now: the owner's account goes, and the clinic with it.
    await request(app).delete(`${API_BASE_PATH}/profile/${owner.uid}`).set(bearer(owner)).expect(200);
  });
});
