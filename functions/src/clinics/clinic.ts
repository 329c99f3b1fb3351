/**
 * Clinics' rules, apart from Firestore and HTTP: who may do what to whom, invitation tokens and their states.
 * The routes check the caller's role from the table in route-roles.ts; these decide what a role may do to
 * another member (the owner is never demoted or removed; only the owner makes or unmakes admins).
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  emailDomainOf,
  hasClinicRole,
  NO_CLINIC_POLICIES,
  PUBLIC_EMAIL_DOMAINS,
  SIGN_IN_METHOD_USED,
  signInMethodOfProvider,
  signInMethodsSentence,
  type Clinic,
  type ClinicInvitation,
  type ClinicPolicies,
  type ClinicRole,
  type ClinicSingleSignOn,
  type InvitationStatus,
  type InvitedRole,
  type TemplateSection,
} from '@charta/contract';

export { CLINIC_LIMITS, hasClinicRole } from '@charta/contract';
export type { Clinic, ClinicInvitation, ClinicRole, InvitedRole };

/** `clinics/{id}`: clinics made before policies existed have none (every member chooses); no single sign-on unless set. */
export type ClinicRecord = Clinic & { policies?: Partial<ClinicPolicies>; singleSignOn?: ClinicSingleSignOn | null };

// --- Single sign-on by domain (docs/clinics.md "Single sign-on by domain") -------------------------------------

/** `clinicDomains/{domain}`: the clinic that claimed a domain, and the provider its addresses sign in with. */
export interface DomainClaimRecord {
  domain: string;
  clinicId: string;
  providerId: string;
  claimedAt: string;
}

/**
 * Why the caller may not claim `domain` for their clinic, or null. The proof that the clinic holds the domain
 * is the admin's own verified address at it (Firebase Auth verified it by mail); a domain anyone can have an
 * address at proves nothing and would send strangers to the clinic's provider.
 */
export function domainClaimProblem(domain: string, caller: { email: string | null; emailVerified: boolean }): string | null {
  if (PUBLIC_EMAIL_DOMAINS.includes(domain)) return `Anyone can have an address at ${domain}: a clinic can claim only a domain of its own`;
  if (!caller.email || !caller.emailVerified || emailDomainOf(caller.email) !== domain) {
    return `To claim ${domain}, sign in with a verified address at ${domain}: that shows the clinic holds the domain`;
  }
  return null;
}

export function toClinicContract(record: ClinicRecord): Clinic {
  return { id: record.id, name: record.name, createdAt: record.createdAt };
}

// --- Policies (docs/clinics.md "Policies") ------------------------------------------------------------------

/** The clinic's policies, each null (members choose) where it never set one. */
export function policiesOf(record: ClinicRecord): ClinicPolicies {
  return { ...NO_CLINIC_POLICIES, ...Object.fromEntries(Object.entries(record.policies ?? {}).filter(([, v]) => v !== undefined)) };
}

/** The policies after a change: each one given replaces the old (null lifts it), the rest stay. */
export function changedPolicies(current: ClinicPolicies, changes: Partial<ClinicPolicies>): ClinicPolicies {
  return {
    consent: changes.consent !== undefined ? changes.consent : current.consent,
    retention: changes.retention !== undefined ? changes.retention : current.retention,
    signInMethods: changes.signInMethods !== undefined ? changes.signInMethods : current.signInMethods,
  };
}

/**
 * Why the sign-in method of a token (its `firebase.sign_in_provider`) may not be used in this clinic, as the
 * sentence the 403 carries (naming the methods that are allowed), or null when it may.
 */
export function signInRefusal(clinicName: string, policies: ClinicPolicies, provider: string | null): string | null {
  const allowed = policies.signInMethods;
  if (!allowed) return null;
  const method = signInMethodOfProvider(provider);
  if (method && allowed.includes(method)) return null;
  const used = method ? ` You signed in with ${SIGN_IN_METHOD_USED[method]}.` : '';
  return `${clinicName} allows signing in to Charta only with ${signInMethodsSentence(allowed)}.${used} Sign out, then sign in with ${allowed.length === 1 ? 'it' : 'one of those'}.`;
}

/**
 * Why an admin may not set these sign-in methods, or null: a policy that refuses the very sign-in the admin is
 * using would lock them out of the clinic page that changes it (and, set by mistake, everyone else too).
 */
export function selfLockoutProblem(methods: ClinicPolicies['signInMethods'] | undefined, callerProvider: string | null): string | null {
  if (!methods) return null;
  const method = signInMethodOfProvider(callerProvider);
  if (method && methods.includes(method)) return null;
  return method
    ? `You signed in with ${SIGN_IN_METHOD_USED[method]}, which this policy does not allow: allow it too, or sign in with an allowed method before setting it`
    : 'Your own sign-in would not be allowed by this policy: sign in with an allowed method before setting it';
}

/** `clinicMembers/{uid}`: one per clinician, so nobody is in two clinics. */
export interface MemberRecord {
  uid: string;
  clinicId: string;
  role: ClinicRole;
  /** The verified address they joined with (the owner's at creation): what admins recognise them by. */
  email: string;
  joinedAt: string;
}

/** `clinicInvitations/{id}`: the token itself is never stored, only its SHA-256. */
export interface InvitationRecord {
  id: string;
  clinicId: string;
  email: string;
  role: InvitedRole;
  tokenHash: string;
  status: Exclude<InvitationStatus, 'expired'>;
  createdAt: string;
  expiresAt: string;
  /** When it was accepted or revoked. */
  closedAt: string | null;
  /** Who sent it, by the name the email gave them: the invitation page says the same. Absent on invitations made before it was kept. */
  inviterName?: string;
}

/** `clinicTemplates/{clinicId}_{templateId}`: a member's template as published to their clinic's library. */
export interface ClinicTemplateRecord {
  id: string;
  clinicId: string;
  templateId: string;
  authorUid: string;
  authorName: string;
  name: string;
  description: string;
  category: string;
  sections: TemplateSection[];
  addCount: number;
  publishedAt: string;
}

export const clinicTemplateId = (clinicId: string, templateId: string) => `${clinicId}_${templateId}`;

/** A new invitation link's secret (32 random bytes, 43 base64url characters) and the hash that is stored. */
export function newInvitationToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashInvitationToken(token) };
}

/**
 * Unsalted SHA-256 is enough for a 256-bit random secret (nothing to guess from the hash): a leaked database
 * holds no working link.
 */
export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A pending invitation past its expiry is expired, whatever is stored. */
export function invitationStatus(record: InvitationRecord, now: Date): InvitationStatus {
  return record.status === 'pending' && Date.parse(record.expiresAt) <= now.getTime() ? 'expired' : record.status;
}

export function toInvitationContract(record: InvitationRecord, now: Date): ClinicInvitation {
  const { id, email, role, createdAt, expiresAt } = record;
  return { id, email, role, status: invitationStatus(record, now), createdAt, expiresAt };
}

/** Why `actor` may not give `target` the role `role`, or null when they may. Only the owner changes roles. */
export function roleChangeProblem(actor: MemberRecord, target: MemberRecord): string | null {
  if (actor.role !== 'owner') return 'Only the clinic’s owner changes roles';
  if (target.uid === actor.uid) return 'The owner’s role changes only by handing the clinic to another member';
  return null;
}

/** Why `actor` may not remove `target` from the clinic, or null when they may. */
export function removalProblem(actor: MemberRecord, target: MemberRecord): string | null {
  if (target.role === 'owner') return 'The owner cannot be removed: they may hand the clinic on or delete it';
  if (target.uid === actor.uid) return 'Use leave to leave the clinic';
  if (!hasClinicRole(actor.role, 'admin')) return 'Only admins and the owner remove members';
  if (target.role === 'admin' && actor.role !== 'owner') return 'Only the owner removes an admin';
  return null;
}

/** Why `actor` may not invite someone as `role`, or null when they may. */
export function invitationProblem(actor: MemberRecord, role: InvitedRole): string | null {
  if (!hasClinicRole(actor.role, 'admin')) return 'Only admins and the owner invite';
  if (role === 'admin' && actor.role !== 'owner') return 'Only the owner makes admins';
  return null;
}

/** Who may take a template out of the clinic's library: its author, an admin or the owner. */
export function mayRemoveClinicTemplate(actor: MemberRecord, template: ClinicTemplateRecord): boolean {
  return template.authorUid === actor.uid || hasClinicRole(actor.role, 'admin');
}
