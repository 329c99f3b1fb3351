import { describe, expect, it } from 'vitest';
import { changedPolicies, hashInvitationToken, invitationProblem, policiesOf, selfLockoutProblem, signInRefusal, invitationStatus, mayRemoveClinicTemplate, newInvitationToken, removalProblem, roleChangeProblem, type ClinicRole, type ClinicTemplateRecord, type InvitationRecord, type MemberRecord } from './clinic.js';

const member = (uid: string, role: ClinicRole): MemberRecord => ({ uid, clinicId: 'c1', role, email: `${uid}@example.com`, joinedAt: '2026-01-01T00:00:00.000Z' });
const owner = member('o', 'owner');
const admin = member('a', 'admin');
const otherAdmin = member('a2', 'admin');
const plain = member('m', 'member');
const otherMember = member('m2', 'member');

describe('Who may do what to whom', () => {
  it('Nobody removes the owner; only the owner removes an admin; admins remove members; members remove nobody', () => {
    expect(removalProblem(admin, owner)).toMatch(/owner cannot be removed/);
    expect(removalProblem(owner, owner)).toMatch(/owner cannot be removed/);
    expect(removalProblem(admin, otherAdmin)).toMatch(/Only the owner/);
    expect(removalProblem(owner, admin)).toBeNull();
    expect(removalProblem(admin, plain)).toBeNull();
    expect(removalProblem(plain, otherMember)).toMatch(/Only admins/);
    expect(removalProblem(plain, plain)).toMatch(/leave/);
  });

  it('Only the owner changes roles, and never their own', () => {
    expect(roleChangeProblem(owner, plain)).toBeNull();
    expect(roleChangeProblem(owner, admin)).toBeNull();
    expect(roleChangeProblem(owner, owner)).toMatch(/handing the clinic/);
    expect(roleChangeProblem(admin, plain)).toMatch(/Only the clinic’s owner/);
  });

  it('Admins invite members; only the owner invites admins', () => {
    expect(invitationProblem(owner, 'admin')).toBeNull();
    expect(invitationProblem(admin, 'member')).toBeNull();
    expect(invitationProblem(admin, 'admin')).toMatch(/Only the owner/);
    expect(invitationProblem(plain, 'member')).toMatch(/Only admins/);
  });

  it('A clinic template is removed by its author, an admin or the owner', () => {
    const template = { authorUid: 'm' } as ClinicTemplateRecord;
    expect(mayRemoveClinicTemplate(plain, template)).toBe(true);
    expect(mayRemoveClinicTemplate(otherMember, template)).toBe(false);
    expect(mayRemoveClinicTemplate(admin, template)).toBe(true);
    expect(mayRemoveClinicTemplate(owner, template)).toBe(true);
  });
});

describe('Invitation tokens', () => {
  it('Are 43 base64url characters, different each time; only their SHA-256 is kept', () => {
    const a = newInvitationToken();
    const b = newInvitationToken();
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.token).not.toBe(b.token);
    expect(a.tokenHash).toBe(hashInvitationToken(a.token));
    expect(a.tokenHash).not.toContain(a.token);
  });

  it('A pending invitation past its expiry is expired; accepted and revoked ones stay so', () => {
    const record: InvitationRecord = { id: 'i', clinicId: 'c1', email: 'x@example.com', role: 'member', tokenHash: 'h', status: 'pending', createdAt: '2026-01-01T00:00:00.000Z', expiresAt: '2026-01-08T00:00:00.000Z', closedAt: null };
    expect(invitationStatus(record, new Date('2026-01-07T23:59:59Z'))).toBe('pending');
    expect(invitationStatus(record, new Date('2026-01-08T00:00:00Z'))).toBe('expired');
    expect(invitationStatus({ ...record, status: 'accepted' }, new Date('2027-01-01T00:00:00Z'))).toBe('accepted');
    expect(invitationStatus({ ...record, status: 'revoked' }, new Date('2027-01-01T00:00:00Z'))).toBe('revoked');
  });
});

describe('Policies', () => {
  const password = { consent: null, retention: null, signInMethods: ['password' as const] };

  it('Refuses a token of a method the clinic does not allow, naming the allowed ones; lets the allowed ones through', () => {
    expect(signInRefusal('Hillside', password, 'password')).toBeNull();
    expect(signInRefusal('Hillside', { ...password, signInMethods: null }, 'custom')).toBeNull();
    expect(signInRefusal('Hillside', password, 'google.com')).toBe('Hillside allows signing in to Charta only with a password. You signed in with Google. Sign out, then sign in with it.');
    expect(signInRefusal('Hillside', { ...password, signInMethods: ['google', 'organisation', 'password'] }, 'custom')).toBe(
      'Hillside allows signing in to Charta only with a password, Google or organisation single sign-on. You signed in with an emailed code. Sign out, then sign in with one of those.',
    );
    expect(signInRefusal('Hillside', { ...password, signInMethods: ['organisation'] }, 'saml.acme')).toBeNull();
    expect(signInRefusal('Hillside', password, 'anonymous')).toMatch(/^Hillside allows signing in to Charta only with a password\. Sign out/);
  });

  it('Refuses a sign-in policy that would refuse the admin setting it', () => {
    expect(selfLockoutProblem(['google'], 'password')).toMatch(/You signed in with a password/);
    expect(selfLockoutProblem(['google', 'password'], 'password')).toBeNull();
    expect(selfLockoutProblem(null, 'password')).toBeNull();
    expect(selfLockoutProblem(undefined, null)).toBeNull();
  });

  it('A change replaces the policies it names (null lifts one) and keeps the rest; a clinic made before policies has none', () => {
    const retention = { audioDays: 7 as const, transcriptDays: 30 as const, sessionDays: 90 as const };
    expect(policiesOf({ id: 'c1', name: 'C', createdAt: '2026-01-01T00:00:00.000Z' })).toEqual({ consent: null, retention: null, signInMethods: null });
    expect(changedPolicies(password, { retention })).toEqual({ ...password, retention });
    expect(changedPolicies({ ...password, retention }, { signInMethods: null })).toEqual({ consent: null, retention, signInMethods: null });
  });
});
