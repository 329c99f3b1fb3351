import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { emulatorApi } from '../support/api-app.js';
import { createTestUser } from '../support/auth-users.js';

const { app, db } = emulatorApi();
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function payingUser() {
  const user = await createTestUser();
  await db.collection('subscriptions').doc(user.uid).set({
    uid: user.uid,
    plan: 'pro',
    status: 'active',
    currentPeriodEnd: new Date('2027-01-01T00:00:00Z'),
    cancelAtPeriodEnd: false,
    stripeCustomerId: 'cus_test',
  });
  return user;
}

describe('GET /subscription', () => {
  it('Success: free plan with no subscription before billing', async () => {
    const user = await createTestUser();
    const res = await request(app).get('/api/v1/subscription').set(bearer(user.idToken)).expect(200);
    expect(res.body).toEqual({
      subscription: { uid: user.uid, plan: 'free', status: 'none', currentPeriodEnd: null, cancelAtPeriodEnd: false, stripeCustomerId: null },
    });
  });

  it('A paid subscription with its period end as ISO-8601', async () => {
    const user = await payingUser();
    const res = await request(app).get('/api/v1/subscription').set(bearer(user.idToken)).expect(200);
    expect(res.body.subscription).toMatchObject({ plan: 'pro', status: 'active', currentPeriodEnd: '2027-01-01T00:00:00.000Z' });
  });

  it('Without a token: 401', async () => {
    await request(app).get('/api/v1/subscription').expect(401);
  });
});

describe('PUT /subscription', () => {
  it('Success: cancel at period end, then keep it again', async () => {
    const user = await payingUser();
    const cancel = await request(app).put('/api/v1/subscription').set(bearer(user.idToken)).send({ cancelAtPeriodEnd: true }).expect(200);
    expect(cancel.body.subscription).toMatchObject({ cancelAtPeriodEnd: true, status: 'active' });
    const keep = await request(app).put('/api/v1/subscription').set(bearer(user.idToken)).send({ cancelAtPeriodEnd: false }).expect(200);
    expect(keep.body.subscription.cancelAtPeriodEnd).toBe(false);
  });

  it.each([true, false])('Free plan: nothing to cancel or keep is a 409 (cancelAtPeriodEnd %s)', async (cancelAtPeriodEnd) => {
    // false used to answer 200: it equals the free plan's stored false, and that was checked first.
    const user = await createTestUser();
    const res = await request(app).put('/api/v1/subscription').set(bearer(user.idToken)).send({ cancelAtPeriodEnd }).expect(409);
    expect(res.body.error).toMatchObject({ code: 'conflict', field: 'cancelAtPeriodEnd' });
  });

  it('An ended subscription: 409 either way, as the free plan', async () => {
    const user = await createTestUser();
    await db.collection('subscriptions').doc(user.uid).set({ uid: user.uid, plan: 'free', status: 'canceled', currentPeriodEnd: null, cancelAtPeriodEnd: true, stripeCustomerId: 'cus_test' });
    for (const cancelAtPeriodEnd of [true, false]) {
      const res = await request(app).put('/api/v1/subscription').set(bearer(user.idToken)).send({ cancelAtPeriodEnd }).expect(409);
      expect(res.body.error).toMatchObject({ code: 'conflict', field: 'cancelAtPeriodEnd' });
    }
  });

  it.each([
    [{}, 'cancelAtPeriodEnd'],
    [{ cancelAtPeriodEnd: 'yes' }, 'cancelAtPeriodEnd'],
    [{ cancelAtPeriodEnd: true, plan: 'pro' }, 'plan'],
  ])('Bad input %j: 400 naming %s', async (body, field) => {
    const user = await payingUser();
    const res = await request(app).put('/api/v1/subscription').set(bearer(user.idToken)).send(body).expect(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_argument', field });
  });
});

describe('DELETE /subscription/:id', () => {
  it('Success: cancels at period end, idempotently', async () => {
    const user = await payingUser();
    const res = await request(app).delete(`/api/v1/subscription/${user.uid}`).set(bearer(user.idToken)).expect(200);
    expect(res.body.subscription).toMatchObject({ cancelAtPeriodEnd: true, plan: 'pro' });
    await request(app).delete(`/api/v1/subscription/${user.uid}`).set(bearer(user.idToken)).expect(200);
  });

  it("Another user's id: 404 and their subscription is untouched", async () => {
    const owner = await payingUser();
    const other = await createTestUser();
    const res = await request(app).delete(`/api/v1/subscription/${owner.uid}`).set(bearer(other.idToken)).expect(404);
    expect(res.body.error.code).toBe('not_found');
    expect((await db.collection('subscriptions').doc(owner.uid).get()).data()?.['cancelAtPeriodEnd']).toBe(false);
  });

  it('Without a token: 401', async () => {
    await request(app).delete('/api/v1/subscription/anyone').expect(401);
  });
});
