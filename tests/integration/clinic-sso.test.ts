/**
 * Single sign-on by email domain (docs/clinics.md "Single sign-on by domain") on the emulators: an admin claims
 * the clinic's domain with a verified address there and names the provider; the public lookup the sign-in page
 * asks then answers that provider for every address at the domain, and nothing for any other; a domain is one
 * clinic's; changing, clearing or deleting the clinic lets the domain go; members read it, only admins set it.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { MyClinicResponse } from '@charta/contract';
import { API_BASE_PATH } from '../../functions/src/app.js';
import { emulatorApi } from '../support/api-app.js';
import { createTestUser, type TestUser } from '../support/auth-users.js';
import { invitationToken } from '../support/mail-catcher.js';
import { bearer } from '../support/sessions.js';

const { app, db } = emulatorApi();
const post = (user: TestUser, path: string, body: object = {}) => request(app).post(`${API_BASE_PATH}${path}`).set(bearer(user)).send(body);
const get = (user: TestUser, path: string) => request(app).get(`${API_BASE_PATH}${path}`).set(bearer(user));
/** The sign-in page's question, asked with no token (nobody is signed in yet). */
const providerFor = async (email: string) => {
  const res = await request(app).post(`${API_BASE_PATH}/auth/sso_for_email`).send({ email });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { providerId: string | null }).providerId;
};

/** A domain no other test (or run) uses: claims are global. */
const freshDomain = () => `clinic-${randomUUID().slice(0, 8)}.example`;

async function clinicOwnedBy(owner: TestUser, members: TestUser[] = []): Promise<string> {
  const made = await post(owner, '/clinic/create', { name: 'Northside Practice' });
  expect(made.status).toBe(201);
  for (const member of members) {
    expect((await post(owner, '/clinic/invitations/create', { email: member.email })).status).toBe(201);
    expect((await post(member, '/clinic/invitations/accept', { token: await invitationToken(member.email) })).status).toBe(200);
  }
  return (made.body as Extract<MyClinicResponse, { role: string }>).clinic.id;
}

describe('Single sign-on by domain', () => {
  it('An admin with a verified address at the domain claims it; every address there is sent to the provider, no other', async () => {
    const domain = freshDomain();
    const owner = await createTestUser({ email: `ana@${domain}` });
    const member = await createTestUser();
    await clinicOwnedBy(owner, [member]);
    expect(await providerFor(`bo@${domain}`)).toBeNull();

    const set = await post(owner, '/clinic/sso/set', { domain: domain.toUpperCase(), providerId: 'oidc.northside' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect((set.body as Extract<MyClinicResponse, { role: string }>).singleSignOn).toEqual({ domain, providerId: 'oidc.northside' });

    // Any address at the domain, account or not, in any case; nothing for others, and nothing that names the clinic.
    const answer = await request(app).post(`${API_BASE_PATH}/auth/sso_for_email`).send({ email: `Someone.New@${domain.toUpperCase()}` });
    expect(answer.body).toEqual({ providerId: 'oidc.northside' });
    expect(await providerFor(`ana@sub.${domain}`)).toBeNull();
    expect(await providerFor(`ana@example.org`)).toBeNull();
    // Members see it in GET /clinic; they cannot change it.
    expect(((await get(member, '/clinic').expect(200)).body as Extract<MyClinicResponse, { role: string }>).singleSignOn).toEqual({ domain, providerId: 'oidc.northside' });
    expect((await post(member, '/clinic/sso/set', { domain, providerId: 'oidc.other' })).status).toBe(403);
    expect((await post(member, '/clinic/sso/clear')).status).toBe(403);
    // Someone in no clinic: 404, as for every clinic route.
    expect((await post(await createTestUser({ email: `cy@${domain}` }), '/clinic/sso/set', { domain, providerId: 'oidc.other' })).status).toBe(404);

    // Cleared: the domain signs in as any other again.
    expect((await post(owner, '/clinic/sso/clear')).status).toBe(200);
    expect(await providerFor(`bo@${domain}`)).toBeNull();
    expect((await post(owner, '/clinic/sso/clear')).status).toBe(200);
  });

  it('Refuses a domain the admin holds no verified address at, an address anyone can get, and bad input', async () => {
    const domain = freshDomain();
    const owner = await createTestUser({ email: `ana@${domain}` });
    await clinicOwnedBy(owner);
    const notTheirs = await post(owner, '/clinic/sso/set', { domain: freshDomain(), providerId: 'oidc.northside' });
    expect(notTheirs.status).toBe(403);
    expect(notTheirs.body.error.message).toMatch(/sign in with a verified address at clinic-/);
    expect((await post(owner, '/clinic/sso/set', { domain: 'gmail.com', providerId: 'oidc.northside' })).body.error.message).toMatch(/Anyone can have an address at gmail\.com/);

    const unverifiedDomain = freshDomain();
    const unverified = await createTestUser({ email: `ana@${unverifiedDomain}`, emailVerified: false });
    await clinicOwnedBy(unverified);
    expect((await post(unverified, '/clinic/sso/set', { domain: unverifiedDomain, providerId: 'oidc.northside' })).status).toBe(403);

    for (const body of [{ domain: 'not a domain', providerId: 'oidc.x' }, { domain, providerId: 'google.com' }, { domain, providerId: 'oidc.' }, { domain }, { domain, providerId: 'oidc.x', extra: 1 }]) {
      const res = await post(owner, '/clinic/sso/set', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('invalid_argument');
    }
    for (const body of [{}, { email: 'not an address' }, { email: `a@${domain}`, more: true }]) {
      expect((await request(app).post(`${API_BASE_PATH}/auth/sso_for_email`).send(body)).status, JSON.stringify(body)).toBe(400);
    }
  });

  it('A domain is one clinic’s; changing it lets the old one go, and deleting the clinic lets it go', async () => {
    const domain = freshDomain();
    const [ana, bo] = await Promise.all([createTestUser({ email: `ana@${domain}` }), createTestUser({ email: `bo@${domain}` })]);
    await clinicOwnedBy(ana);
    const boClinic = await clinicOwnedBy(bo);
    expect((await post(ana, '/clinic/sso/set', { domain, providerId: 'saml.northside' })).status).toBe(200);
    const taken = await post(bo, '/clinic/sso/set', { domain, providerId: 'oidc.bo' });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({ code: 'conflict', field: 'domain' });
    expect(await providerFor(`x@${domain}`)).toBe('saml.northside');
    // Setting it again (a new provider) replaces it in place.
    expect((await post(ana, '/clinic/sso/set', { domain, providerId: 'oidc.northside' })).status).toBe(200);
    expect(await providerFor(`x@${domain}`)).toBe('oidc.northside');

    // Ana's clinic goes: its claim goes with it, and Bo's clinic may claim the domain.
    const anaClinic = ((await get(ana, '/clinic').expect(200)).body as Extract<MyClinicResponse, { role: string }>).clinic.id;
    expect((await post(ana, '/clinic/delete', { clinicId: anaClinic })).status).toBe(200);
    expect(await providerFor(`x@${domain}`)).toBeNull();
    expect((await db.collection('clinicDomains').where('clinicId', '==', anaClinic).get()).size).toBe(0);
    expect((await post(bo, '/clinic/sso/set', { domain, providerId: 'oidc.bo' })).status).toBe(200);
    expect(await providerFor(`x@${domain}`)).toBe('oidc.bo');
    expect((await db.collection('clinicDomains').doc(domain).get()).get('clinicId')).toBe(boClinic);
  });

  it('Two clinics claiming one domain at once: one wins, the other hears 409', async () => {
    const domain = freshDomain();
    const [ana, bo] = await Promise.all([createTestUser({ email: `ana@${domain}` }), createTestUser({ email: `bo@${domain}` })]);
    await Promise.all([clinicOwnedBy(ana), clinicOwnedBy(bo)]);
    const answers = await Promise.all([post(ana, '/clinic/sso/set', { domain, providerId: 'oidc.ana' }), post(bo, '/clinic/sso/set', { domain, providerId: 'oidc.bo' })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers[0].status === 200 ? 'oidc.ana' : 'oidc.bo';
    expect(await providerFor(`x@${domain}`)).toBe(winner);
  });
});
