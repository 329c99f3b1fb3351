// Clinics (docs/clinics.md; docs/api.md "Clinics"): a team of clinicians with an owner, admins and members,
// invitations by email, and a clinic library of templates shared by its members only. A clinician belongs
// to at most one clinic. Sessions are never shared through a clinic: a clinician's patients stay theirs, unless
// they share one with a named colleague (session-shares.ts).
import { z } from 'zod';
import { emailAddress } from './auth.js';
import type { ConsentSettings } from './consent.js';
import { nameText, resourceId, shortText } from './fields.js';
import { consentSettingsField, retentionSettingsField } from './privacy-requests.js';
import type { RetentionSettings } from './retention.js';
import type { SubscriptionPlan, SubscriptionStatus } from './subscription.js';
import type { TemplateSection } from './templates.js';
import { TEMPLATE_LIMITS } from './templates.js';

// --- Roles -------------------------------------------------------------------------------------------------

/**
 * The roles of a clinic, from the most to the least trusted. One owner (who made the clinic or was handed it),
 * who alone makes admins, hands the clinic on and deletes it; admins invite, remove members and remove clinic
 * templates; members see the clinic, publish to its library and add from it.
 */
export const CLINIC_ROLES = ['owner', 'admin', 'member'] as const;
export type ClinicRole = (typeof CLINIC_ROLES)[number];

/** The roles an invitation may offer: a clinic has one owner, handed on by the owner only. */
export const INVITED_ROLES = ['admin', 'member'] as const;
export type InvitedRole = (typeof INVITED_ROLES)[number];

export const CLINIC_ROLE_LABELS = {
  owner: 'Owner',
  admin: 'Admin',
  member: 'Member',
} as const satisfies Record<ClinicRole, string>;

/** Whether `role` is `required` or a more trusted role (owner > admin > member). */
export function hasClinicRole(role: ClinicRole, required: ClinicRole): boolean {
  return CLINIC_ROLES.indexOf(role) <= CLINIC_ROLES.indexOf(required);
}

export const INVITATION_STATUSES = ['pending', 'accepted', 'revoked', 'expired'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

// --- Policies (docs/clinics.md "Policies") ----------------------------------------------------------------

/**
 * The ways into Charta a clinic's sign-in policy chooses among, each standing for Firebase sign-in providers
 * (the ID token's `firebase.sign_in_provider`): a password, Google, a code sent by email (a custom token), and
 * an organisation's single sign-on (`oidc.*`, `saml.*`).
 */
export const SIGN_IN_METHODS = ['password', 'google', 'email_code', 'organisation'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

export const SIGN_IN_METHOD_LABELS = {
  password: 'Email and password',
  google: 'Google',
  email_code: 'Emailed sign-in code',
  organisation: 'Organisation single sign-on',
} as const satisfies Record<SignInMethod, string>;

/** How a sentence says the method someone used: "You signed in with a password". */
export const SIGN_IN_METHOD_USED = {
  password: 'a password',
  google: 'Google',
  email_code: 'an emailed code',
  organisation: 'organisation single sign-on',
} as const satisfies Record<SignInMethod, string>;

/** Which method a token's `firebase.sign_in_provider` is; null for any other provider (anonymous, a phone). */
export function signInMethodOfProvider(provider: string | null): SignInMethod | null {
  if (provider === 'password') return 'password';
  if (provider === 'google.com') return 'google';
  if (provider === 'custom') return 'email_code';
  if (provider?.startsWith('oidc.') || provider?.startsWith('saml.')) return 'organisation';
  return null;
}

/**
 * What a clinic's admins set for every member. Each is null while members choose for themselves; set, it is
 * what every member's account does (their own setting is kept, and is theirs again once the policy is lifted
 * or they leave). Enforced by the API on every request, from Firestore.
 */
export interface ClinicPolicies {
  /** "Ask for the patient's consent before recording" and the statement, for every member. */
  consent: ConsentSettings | null;
  /** How long each member's audio, transcripts and sessions are kept. */
  retention: RetentionSettings | null;
  /** The only ways members may sign in (a token made another way is refused: 403 sign_in_method_not_allowed). */
  signInMethods: SignInMethod[] | null;
}

export const NO_CLINIC_POLICIES: ClinicPolicies = { consent: null, retention: null, signInMethods: null };

/**
 * Single sign-on by email domain (docs/clinics.md "Single sign-on by domain"): everyone whose address is at the
 * clinic's verified domain is sent to the clinic's identity provider at sign-in. The provider is one Firebase
 * Auth knows (`oidc.*` or `saml.*`, set up in the Firebase console); the domain is verified by the admin who
 * sets it holding a verified address there, and belongs to one clinic at a time.
 */
export interface ClinicSingleSignOn {
  domain: string;
  providerId: string;
}

/** A Firebase Auth OIDC or SAML provider's id, as the console names them. */
export const SSO_PROVIDER_ID_PATTERN = /^(oidc|saml)\.[A-Za-z0-9_-]{1,64}$/;

/**
 * Addresses anyone can get: no clinic can claim these domains (their users are not the clinic's). Not a
 * complete list (none is): the verification that matters is the admin's own verified address at the domain.
 */
export const PUBLIC_EMAIL_DOMAINS: readonly string[] = [
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'yahoo.com',
  'icloud.com',
  'me.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'mail.com',
];

/** The domain of an address, lower-cased ("ana@Northside.example" → "northside.example"). */
export function emailDomainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).trim().toLowerCase();
}

/** "a password or Google": the allowed methods as the refusal and the clinic page say them. */
export function signInMethodsSentence(methods: readonly SignInMethod[]): string {
  const labels = SIGN_IN_METHODS.filter((m) => methods.includes(m)).map((m) => SIGN_IN_METHOD_USED[m]);
  return labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} or ${labels[labels.length - 1]}`;
}

// --- Limits ------------------------------------------------------------------------------------------------

export const CLINIC_LIMITS = {
  name: 120,
  /** Members and pending invitations together: a practice, not a hospital (seats come later). */
  members: 200,
  /** An invitation's link works this long. */
  invitationValidForMs: 7 * 24 * 60 * 60 * 1000,
  /** Templates in one clinic's library: the list is one request. */
  templates: 200,
  /** The invitation link's token: 32 random bytes, base64url. */
  tokenLength: 43,
} as const;

// --- Resources ---------------------------------------------------------------------------------------------

export interface Clinic {
  id: string;
  name: string;
  createdAt: string;
}

/** A member as the clinic sees them: the name they chose to show, the address they joined with, their role. */
export interface ClinicMember {
  uid: string;
  displayName: string;
  email: string;
  role: ClinicRole;
  joinedAt: string;
}

/** A pending invitation as admins see it (never its token: only the email holds the link). */
export interface ClinicInvitation {
  id: string;
  email: string;
  role: InvitedRole;
  status: InvitationStatus;
  createdAt: string;
  expiresAt: string;
}

/**
 * The clinic's plan (docs/clinics.md "Seats and billing"): one subscription with a seat per member, bought and
 * managed by admins and the owner; while it is paid for, every member is Pro through it.
 */
export interface ClinicBilling {
  plan: SubscriptionPlan;
  status: SubscriptionStatus;
  /** Members now: the seats the clinic's subscription is kept at. */
  seats: number;
  /** The seats Stripe bills for, as last heard from it (it follows `seats` within moments); null without a subscription. */
  billedSeats: number | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
}

/**
 * `GET /clinic`: the caller's clinic, their role, its members and (for admins and the owner) its pending
 * invitations; `{ clinic: null }` for a clinician in no clinic.
 */
export type MyClinicResponse =
  | { clinic: null }
  | {
      clinic: Clinic;
      role: ClinicRole;
      members: ClinicMember[];
      invitations: ClinicInvitation[];
      policies: ClinicPolicies;
      singleSignOn: ClinicSingleSignOn | null;
      billing: ClinicBilling;
    };

/** `POST /clinic/invitations/get`: what the invitation page shows before the invitee accepts. */
export interface InvitationPreview {
  clinicName: string;
  role: InvitedRole;
  status: InvitationStatus;
  expiresAt: string;
  /** Whether the signed-in caller's verified address is the one invited (else they must sign in as it). */
  forCaller: boolean;
  /** Who invited them, as the email names them (the name they chose to show, never an address); null for an invitation kept from before it was recorded. */
  inviterName: string | null;
}

/** A template in a clinic's library: a snapshot one member published, seen by the clinic's members only. */
export interface ClinicTemplate {
  id: string;
  templateId: string;
  name: string;
  description: string;
  category: string;
  sections: TemplateSection[];
  authorName: string;
  /** Whether the caller published it (they may take it down; admins may take down any). */
  mine: boolean;
  addCount: number;
  publishedAt: string;
  /** The caller's copy, when they added it and still have it (adding again answers that copy); else null. */
  addedTemplateId: string | null;
}

/** `POST /clinic/templates/list`. */
export interface ClinicTemplatesResponse {
  templates: ClinicTemplate[];
}

// --- Requests ----------------------------------------------------------------------------------------------

const invitationToken = z
  .string()
  .length(CLINIC_LIMITS.tokenLength, 'must be the token from the invitation link')
  .regex(/^[A-Za-z0-9_-]+$/, 'must be the token from the invitation link');

export const createClinicBody = z.strictObject({ name: nameText(CLINIC_LIMITS.name) });
export const inviteBody = z.strictObject({
  email: emailAddress,
  role: z.enum(INVITED_ROLES, { error: `must be one of: ${INVITED_ROLES.join(', ')}` }).default('member'),
});
export const invitationIdBody = z.strictObject({ invitationId: resourceId });
export const invitationTokenBody = z.strictObject({ token: invitationToken });
export const setMemberRoleBody = z.strictObject({
  uid: resourceId,
  role: z.enum(CLINIC_ROLES, { error: `must be one of: ${CLINIC_ROLES.join(', ')}` }),
});
export const memberUidBody = z.strictObject({ uid: resourceId });
/** The clinic's id, sent back as a confirmation of which clinic is to go. */
export const deleteClinicBody = z.strictObject({ clinicId: resourceId });
export const publishToClinicBody = z.strictObject({ templateId: resourceId, description: shortText(TEMPLATE_LIMITS.description).optional() });
export const clinicTemplateIdBody = z.strictObject({ clinicTemplateId: resourceId });

/**
 * POST /clinic/policies/set (admins and the owner): each policy given is replaced (null: members choose again);
 * one left out stays as it is.
 */
export const setClinicPoliciesBody = z
  .strictObject({
    consent: consentSettingsField.nullable().optional(),
    retention: retentionSettingsField.nullable().optional(),
    signInMethods: z
      .array(z.enum(SIGN_IN_METHODS, { error: `must be one of: ${SIGN_IN_METHODS.join(', ')}` }))
      .min(1, 'must allow at least one method (null lets each member choose)')
      .refine((methods) => new Set(methods).size === methods.length, 'must not name a method twice')
      .nullable()
      .optional(),
  })
  .refine((body) => body.consent !== undefined || body.retention !== undefined || body.signInMethods !== undefined, { message: 'send consent, retention, signInMethods or several', path: ['consent'] });

/** POST /clinic/sso/set (admins and the owner): the clinic's domain and its identity provider. */
export const setClinicSingleSignOnBody = z.strictObject({
  domain: z
    .string()
    .trim()
    .toLowerCase()
    .max(253, 'must be at most 253 characters')
    .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'must be a domain name, such as northside.example'),
  providerId: z.string().trim().regex(SSO_PROVIDER_ID_PATTERN, 'must be a Firebase Auth provider id: oidc.<name> or saml.<name>'),
});

/** POST /auth/sso_for_email (public, for the sign-in page): whose provider an address signs in with. */
export const singleSignOnForEmailBody = z.strictObject({ email: emailAddress });

/** The provider an address at a claimed domain signs in with; null for every other address. */
export interface SingleSignOnForEmailResponse {
  providerId: string | null;
}

/** `POST /clinic/billing/checkout` and `/clinic/billing/portal` take nothing: the caller's clinic is the one billed. */
export const clinicBillingBody = z.strictObject({});
