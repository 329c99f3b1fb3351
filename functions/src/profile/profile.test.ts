import { describe, expect, it } from 'vitest';
import { newReferralCode, profileFromIdentity } from './profile.js';

describe('profileFromIdentity', () => {
  it('Takes email and name from the token, and sensible defaults', () => {
    const now = new Date('2026-11-21T10:00:00Z');
    const profile = profileFromIdentity({ uid: 'u1', email: 'a@b.c', emailVerified: true, name: 'Dr A', signedInAt: now, signInMethod: 'password' }, now);
    expect(profile).toMatchObject({
      uid: 'u1',
      email: 'a@b.c',
      displayName: 'Dr A',
      defaultLanguage: 'en-US',
      defaultTemplateId: null,
      createdAt: '2026-11-21T10:00:00.000Z',
      updatedAt: '2026-11-21T10:00:00.000Z',
    });
  });

  it('No name in the token: empty display name', () => {
    expect(profileFromIdentity({ uid: 'u1', email: null, emailVerified: false, name: null, signedInAt: new Date(), signInMethod: 'password' }, new Date()).displayName).toBe('');
  });
});

describe('newReferralCode', () => {
  it('Eight characters without look-alikes (0/O, 1/I/L)', () => {
    const codes = Array.from({ length: 200 }, newReferralCode);
    for (const code of codes) expect(code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    expect(new Set(codes).size).toBeGreaterThan(195);
  });
});
