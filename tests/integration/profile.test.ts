import { FieldValue } from 'firebase-admin/firestore';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { emulatorApi } from '../support/api-app.js';
import { createTestUser } from '../support/auth-users.js';

const { app, db, auth, logger } = emulatorApi();
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

describe('GET /profile', () => {
  it('Success: made on first call from the token, same on the second', async () => {
    const user = await createTestUser({ displayName: 'Dr Rosa Díaz' });
    const first = await request(app).get('/api/v1/profile').set(bearer(user.idToken)).expect(200);
    expect(first.body.profile).toMatchObject({
      uid: user.uid,
      email: user.email,
      displayName: 'Dr Rosa Díaz',
      specialty: '',
      organization: '',
      defaultTemplateId: null,
      defaultLanguage: 'en-US',
    });
    expect(first.body.profile.referralCode).toMatch(/^[A-Z2-9]{8}$/);
    expect(new Date(first.body.profile.createdAt).toISOString()).toBe(first.body.profile.createdAt);
    const second = await request(app).get('/api/v1/profile').set(bearer(user.idToken)).expect(200);
    expect(second.body.profile).toEqual(first.body.profile);
  });

  it('Two first calls at once make one profile', async () => {
    const user = await createTestUser();
    const [a, b] = await Promise.all([
      request(app).get('/api/v1/profile').set(bearer(user.idToken)),
      request(app).get('/api/v1/profile').set(bearer(user.idToken)),
    ]);
    expect(a.status).toBe(200);
    expect(b.body.profile.referralCode).toBe(a.body.profile.referralCode);
  });
});

describe('PUT /profile', () => {
  it('Success: edits are kept', async () => {
    const user = await createTestUser();
    const edit = { displayName: 'Dr Ana Patiño', specialty: 'Family medicine', organization: 'Clínica Norte', defaultLanguage: 'es-MX' };
    const res = await request(app).put('/api/v1/profile').set(bearer(user.idToken)).send(edit).expect(200);
    expect(res.body.profile).toMatchObject(edit);
    const again = await request(app).get('/api/v1/profile').set(bearer(user.idToken)).expect(200);
    expect(again.body.profile).toMatchObject(edit);
    expect(Date.parse(again.body.profile.updatedAt)).toBeGreaterThanOrEqual(Date.parse(again.body.profile.createdAt));
  });

  it('The first-run step: title kept, and when it was done recorded once (a repeat or a retry keeps the first)', async () => {
    const user = await createTestUser();
    const fresh = await request(app).get('/api/v1/profile').set(bearer(user.idToken)).expect(200);
    expect(fresh.body.profile).toMatchObject({ title: '', firstRunCompletedAt: null });
    const done = await request(app).put('/api/v1/profile').set(bearer(user.idToken)).send({ title: ' Dr ', displayName: 'Ana Patiño', defaultTemplateId: 'soap', completeFirstRun: true }).expect(200);
    expect(done.body.profile).toMatchObject({ title: 'Dr', displayName: 'Ana Patiño', defaultTemplateId: 'soap' });
    const at = done.body.profile.firstRunCompletedAt as string;
    expect(new Date(at).toISOString()).toBe(at);
    const again = await request(app).put('/api/v1/profile').set(bearer(user.idToken)).send({ completeFirstRun: true }).expect(200);
    expect(again.body.profile.firstRunCompletedAt).toBe(at);
    // Only "done" means something: false is not a way to be asked again.
    const refused = await request(app).put('/api/v1/profile').set(bearer(user.idToken)).send({ completeFirstRun: false }).expect(400);
    expect(refused.body.error).toMatchObject({ code: 'invalid_argument', field: 'completeFirstRun' });
  });

  it('A profile stored before the first-run step reads with no title and the step not done', async () => {
    const user = await createTestUser();
    await request(app).get('/api/v1/profile').set(bearer(user.idToken)).expect(200);
    await db.collection('profiles').doc(user.uid).update({ title: FieldValue.delete(), firstRunCompletedAt: FieldValue.delete() });
    const res = await request(app).get('/api/v1/profile').set(bearer(user.idToken)).expect(200);
    expect(res.body.profile).toMatchObject({ title: '', firstRunCompletedAt: null });
  });

  it('Trims text and clears the default template with null', async () => {
    const user = await createTestUser();
    await request(app).put('/api/v1/profile').set(bearer(user.idToken)).send({ defaultTemplateId: 'soap' }).expect(200);
    const res = await request(app).put('/api/v1/profile').set(bearer(user.idToken)).send({ specialty: '  Psychiatry  ', defaultTemplateId: null }).expect(200);
    expect(res.body.profile).toMatchObject({ specialty: 'Psychiatry', defaultTemplateId: null });
  });

  it.each([
    [{ displayName: 42 }, 'displayName'],
    [{ specialty: ['a'] }, 'specialty'],
    [{ defaultLanguage: 'english please' }, 'defaultLanguage'],
    [{ defaultTemplateId: '../etc/passwd' }, 'defaultTemplateId'],
    [{ defaultTemplateId: 'no-such-template' }, 'defaultTemplateId'],
    [{ organization: 'x'.repeat(201) }, 'organization'],
    [{ displayName: 'x'.repeat(101) }, 'displayName'],
    [{ title: 'x'.repeat(41) }, 'title'],
    [{ email: 'someone@else.example' }, 'email'],
    [{ uid: 'someone-else' }, 'uid'],
  ])('Bad input %j: 400 naming %s', async (body, field) => {
    const user = await createTestUser();
    const res = await request(app).put('/api/v1/profile').set(bearer(user.idToken)).send(body).expect(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_argument', field });
    expect(res.body.error.message).toContain(field);
  });

  it('A JSON array body: 400', async () => {
    const user = await createTestUser();
    const res = await request(app).put('/api/v1/profile').set(bearer(user.idToken)).send([{ displayName: 'x' }]).expect(400);
    expect(res.body.error.code).toBe('invalid_argument');
  });

  it('Without a token: 401', async () => {
    const res = await request(app).put('/api/v1/profile').send({ displayName: 'x' }).expect(401);
    expect(res.body.error.code).toBe('unauthenticated');
  });
});

describe('DELETE /profile/:id', () => {
  it('Success: the account and everything it owns go', async () => {
    const user = await createTestUser();
    await request(app).put('/api/v1/profile').set(bearer(user.idToken)).send({ displayName: 'Dr Gone' }).expect(200);
    await db.collection('subscriptions').doc(user.uid).set({ uid: user.uid, plan: 'pro', status: 'active', currentPeriodEnd: null, cancelAtPeriodEnd: false, stripeCustomerId: 'cus_test' });
    const res = await request(app).delete(`/api/v1/profile/${user.uid}`).set(bearer(user.idToken)).expect(200);
    expect(res.body).toEqual({ deleted: true });
    expect((await db.collection('profiles').doc(user.uid).get()).exists).toBe(false);
    expect((await db.collection('subscriptions').doc(user.uid).get()).exists).toBe(false);
    await expect(auth.getUser(user.uid)).rejects.toMatchObject({ code: 'auth/user-not-found' });
    const steps = logger.entries.filter((e) => e.event === 'account_deletion_step' && e.fields['uid'] === user.uid);
    const owners = steps.map((s) => s.fields['owner']);
    // Clinic membership first (they leave the clinic before anything of theirs goes; docs/clinics.md),
    // then exports (a build still running then deletes what it wrote instead of publishing it); billing
    // (Stripe) before the subscription record, which holds the ids it needs.
    // Session shares right after it: shares made with the user name them as the colleague, not as an owner.
    expect(owners.slice(0, 9)).toEqual(['clinic membership', 'session shares', 'data exports', 'sessions', 'audio', 'templates', 'profile', 'billing', 'subscription']);
    // The sweep of whatever still names the user comes last (accounts/owned-documents.ts).
    expect(owners.at(-1)).toBe('remaining documents');
    // The token of a deleted account no longer opens anything.
    await request(app).get('/api/v1/profile').set(bearer(user.idToken)).expect(401);
  });

  it("Another user's id: 404, and nothing of theirs is touched", async () => {
    const owner = await createTestUser();
    const other = await createTestUser();
    await request(app).get('/api/v1/profile').set(bearer(owner.idToken)).expect(200);
    const res = await request(app).delete(`/api/v1/profile/${owner.uid}`).set(bearer(other.idToken)).expect(404);
    expect(res.body.error.code).toBe('not_found');
    expect((await db.collection('profiles').doc(owner.uid).get()).exists).toBe(true);
    await expect(auth.getUser(owner.uid)).resolves.toMatchObject({ uid: owner.uid });
  });

  it('A missing id: 404 (an unknown route)', async () => {
    const user = await createTestUser();
    await request(app).delete('/api/v1/profile/').set(bearer(user.idToken)).expect(404);
  });

  it('Without a token: 401', async () => {
    await request(app).delete('/api/v1/profile/anyone').expect(401);
  });
});
