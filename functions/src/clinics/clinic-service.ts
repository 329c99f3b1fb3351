import {
  CLINIC_LIMITS,
  CLINIC_ROLES,
  EMAIL_NOT_VERIFIED_MESSAGE,
  emailDomainOf,
  type ClinicBilling,
  type ClinicMember,
  type ClinicPolicies,
  type ClinicRole,
  type ClinicSingleSignOn,
  type InvitationPreview,
  type InvitedRole,
  type MyClinicResponse,
} from '@charta/contract';
import type { Transaction } from 'firebase-admin/firestore';
import type { CallerIdentity } from '../identity/identity-provider.js';
import { conflict, notFound, permissionDenied, unavailable } from '../http/errors.js';
import { logId, type Logger } from '../logging/logger.js';
import { logClinicInvitationNotSent } from '../logging/log-events.js';
import type { Mailer } from '../mail/mailer.js';
import { authorNameOf, type AuthorNames } from '../templates/author-name.js';
import {
  changedPolicies,
  domainClaimProblem,
  hashInvitationToken,
  hasClinicRole,
  invitationProblem,
  invitationStatus,
  newInvitationToken,
  policiesOf,
  removalProblem,
  roleChangeProblem,
  selfLockoutProblem,
  signInRefusal,
  toClinicContract,
  toInvitationContract,
  type ClinicInvitation,
  type ClinicRecord,
  type InvitationRecord,
  type MemberRecord,
} from './clinic.js';
import type { ClinicRepo } from './clinic-repo.js';
import { invitationEmail, invitationUrl } from './invitation-email.js';

export const NOT_IN_A_CLINIC = 'You are not in a clinic';
const NO_SUCH_INVITATION = 'This invitation does not exist or was revoked';

/**
 * Clinics and their members: creating one, invitations, roles, leaving and deleting. Every method that
 * changes something re-reads the acting member inside its transaction, so a role changed a moment ago (or
 * a removal) counts even against a request already past the route's check.
 */
export class ClinicService {
  constructor(
    private readonly repo: ClinicRepo,
    private readonly mailer: Mailer,
    private readonly names: AuthorNames,
    private readonly appUrl: string,
    private readonly logger: Logger,
    private readonly now: () => Date,
  ) {}

  private readonly membershipEnded: ((clinicId: string, uid: string | null) => Promise<unknown>)[] = [];

  /**
   * What else ends with a membership: `uid` left or was removed from `clinicId` (null: the clinic was deleted).
   * Session shares register here (services.ts), so a share between two colleagues goes when either leaves.
   */
  whenMembershipEnds(listener: (clinicId: string, uid: string | null) => Promise<unknown>): void {
    this.membershipEnded.push(listener);
  }

  private async endMembership(clinicId: string, uid: string | null): Promise<void> {
    for (const listener of this.membershipEnded) await listener(clinicId, uid);
  }

  private readonly membershipBegun: ((clinicId: string, uid: string) => Promise<unknown>)[] = [];

  /** What follows a clinician joining a clinic (seats: one more, and their own plan ended if the clinic pays). */
  whenMembershipBegins(listener: (clinicId: string, uid: string) => Promise<unknown>): void {
    this.membershipBegun.push(listener);
  }

  /** The clinic's plan as GET /clinic shows it (clinic-seats.ts); a clinic on no plan until one is set. */
  private billingOf: (clinicId: string, members: number) => Promise<ClinicBilling> = (_clinicId, members) =>
    Promise.resolve({ plan: 'free', status: 'none', seats: members, billedSeats: null, currentPeriodEnd: null, cancelAtPeriodEnd: false });

  describeBillingWith(billingOf: (clinicId: string, members: number) => Promise<ClinicBilling>): void {
    this.billingOf = billingOf;
  }

  membershipOf(uid: string): Promise<MemberRecord | null> {
    return this.repo.findMember(uid);
  }

  /** A new clinic with the caller as its owner; 409 when they are in a clinic already. */
  async create(caller: CallerIdentity, name: string): Promise<MyClinicResponse> {
    const now = this.now().toISOString();
    await this.repo.runTransaction(async (tx) => {
      if (await this.repo.findMember(caller.uid, tx)) throw conflict('You are in a clinic already: a clinician belongs to one clinic at a time');
      const clinic: ClinicRecord = { id: this.repo.newClinicId(), name, createdAt: now };
      this.repo.saveClinic(tx, clinic);
      this.repo.createMember(tx, { uid: caller.uid, clinicId: clinic.id, role: 'owner', email: caller.email ?? '', joinedAt: now });
    });
    return this.myClinic(caller.uid);
  }

  /** The caller's clinic as they may see it: invitations are for admins and the owner only. */
  async myClinic(uid: string): Promise<MyClinicResponse> {
    const me = await this.repo.findMember(uid);
    const clinic = me ? await this.repo.findClinic(me.clinicId) : null;
    if (!me || !clinic) return { clinic: null };
    const [members, invitations] = await Promise.all([this.repo.membersOf(clinic.id), hasClinicRole(me.role, 'admin') ? this.repo.pendingInvitationsOf(clinic.id) : Promise.resolve([])]);
    const now = this.now();
    return {
      clinic: toClinicContract(clinic),
      role: me.role,
      policies: policiesOf(clinic),
      singleSignOn: clinic.singleSignOn ?? null,
      billing: await this.billingOf(clinic.id, members.length),
      members: await Promise.all(members.sort(byRoleThenJoined).map((m) => this.toMemberContract(m))),
      invitations: invitations
        .map((i) => toInvitationContract(i, now))
        .filter((i) => i.status === 'pending')
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
    };
  }

  /**
   * Sets the clinic's policies (admins and the owner; docs/clinics.md "Policies"). They count from the next
   * request of every member: enforcement reads them from Firestore each time (policiesFor), never from a token.
   */
  async setPolicies(caller: CallerIdentity, changes: Partial<ClinicPolicies>): Promise<MyClinicResponse> {
    await this.repo.runTransaction(async (tx) => {
      const actor = await this.requireAdmin(caller.uid, tx, 'set the clinic’s policies');
      const lockout = selfLockoutProblem(changes.signInMethods, caller.signInMethod);
      if (lockout) throw conflict(lockout, 'signInMethods');
      const clinic = await this.requireClinic(actor.clinicId, tx);
      this.repo.saveClinic(tx, { ...clinic, policies: changedPolicies(policiesOf(clinic), changes) });
    });
    return this.myClinic(caller.uid);
  }

  /**
   * Claims `sso.domain` for the caller's clinic and names the provider its addresses sign in with (admins and the
   * owner; docs/clinics.md "Single sign-on by domain"). The caller's own verified address must be at the domain;
   * a domain another clinic holds answers 409; a clinic that had another domain lets it go in the same write.
   */
  async setSingleSignOn(caller: CallerIdentity, sso: ClinicSingleSignOn): Promise<MyClinicResponse> {
    await this.repo.runTransaction(async (tx) => {
      const actor = await this.requireAdmin(caller.uid, tx, 'set up single sign-on');
      const problem = domainClaimProblem(sso.domain, caller);
      if (problem) throw permissionDenied(problem);
      const clinic = await this.requireClinic(actor.clinicId, tx);
      const claim = await this.repo.findDomainClaim(sso.domain, tx);
      if (claim && claim.clinicId !== clinic.id) throw conflict(`Another clinic uses single sign-on for ${sso.domain}`, 'domain');
      const previous = clinic.singleSignOn;
      if (previous && previous.domain !== sso.domain) this.repo.deleteDomainClaim(tx, previous.domain);
      this.repo.saveDomainClaim(tx, { domain: sso.domain, clinicId: clinic.id, providerId: sso.providerId, claimedAt: this.now().toISOString() });
      this.repo.saveClinic(tx, { ...clinic, singleSignOn: { domain: sso.domain, providerId: sso.providerId } });
    });
    return this.myClinic(caller.uid);
  }

  /** Ends the clinic's single sign-on and lets its domain go (admins and the owner). Ending it twice is fine. */
  async clearSingleSignOn(caller: CallerIdentity): Promise<MyClinicResponse> {
    await this.repo.runTransaction(async (tx) => {
      const actor = await this.requireAdmin(caller.uid, tx, 'set up single sign-on');
      const clinic = await this.requireClinic(actor.clinicId, tx);
      if (!clinic.singleSignOn) return;
      this.repo.deleteDomainClaim(tx, clinic.singleSignOn.domain);
      this.repo.saveClinic(tx, { ...clinic, singleSignOn: null });
    });
    return this.myClinic(caller.uid);
  }

  /**
   * The provider an address signs in with when its domain is a clinic's (the sign-in page asks before anyone is
   * signed in), else null. Says nothing else: not the clinic, not whether the address has an account.
   */
  async singleSignOnFor(email: string): Promise<string | null> {
    return (await this.repo.findDomainClaim(emailDomainOf(email)))?.providerId ?? null;
  }

  /**
   * The clinic `uid` is in and its policies, read now (in `tx` when given, so a deciding transaction sees the
   * policy it decides under); null outside a clinic. Every enforcement reads through this.
   */
  async policiesFor(uid: string, tx?: Transaction): Promise<{ clinicName: string; policies: ClinicPolicies } | null> {
    const me = await this.repo.findMember(uid, tx);
    const clinic = me ? await this.repo.findClinic(me.clinicId, tx) : null;
    return clinic ? { clinicName: clinic.name, policies: policiesOf(clinic) } : null;
  }

  /** Why the caller's sign-in method is refused by their clinic's policy (the 403's sentence), or null. */
  async signInRefusalFor(caller: CallerIdentity): Promise<string | null> {
    const found = await this.policiesFor(caller.uid);
    return found ? signInRefusal(found.clinicName, found.policies, caller.signInMethod) : null;
  }

  /**
   * Invites `email` as `role` (a pending invitation to the same address is replaced: its link stops working)
   * and mails the link. The caller's name goes into the email, their address never does.
   */
  async invite(caller: CallerIdentity, email: string, role: InvitedRole): Promise<ClinicInvitation> {
    const now = this.now();
    const { token, tokenHash } = newInvitationToken();
    // Read before the transaction (a retried transaction need not read it again); the email and the invitation page say it.
    const inviterName = await authorNameOf(this.names, caller.uid, caller.name);
    const { invitation, clinic } = await this.repo.runTransaction(async (tx) => {
      const actor = await this.requireMember(caller.uid, tx);
      const problem = invitationProblem(actor, role);
      if (problem) throw permissionDenied(problem);
      const clinic = await this.requireClinic(actor.clinicId, tx);
      const [members, pending] = await Promise.all([this.repo.membersOf(clinic.id, tx), this.repo.pendingInvitationsOf(clinic.id, tx)]);
      if (members.some((m) => m.email === email)) throw conflict('That address belongs to a member of the clinic already', 'email');
      const live = pending.filter((i) => invitationStatus(i, now) === 'pending' && i.email !== email);
      if (members.length + live.length >= CLINIC_LIMITS.members) throw permissionDenied(`A clinic has at most ${CLINIC_LIMITS.members} members and pending invitations together`);
      for (const previous of pending.filter((i) => i.email === email)) this.repo.saveInvitation(tx, { ...previous, status: 'revoked', closedAt: now.toISOString() });
      const invitation: InvitationRecord = {
        id: this.repo.newInvitationId(),
        clinicId: clinic.id,
        email,
        role,
        tokenHash,
        status: 'pending',
        createdAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + CLINIC_LIMITS.invitationValidForMs).toISOString(),
        closedAt: null,
        inviterName,
      };
      this.repo.saveInvitation(tx, invitation);
      return { invitation, clinic };
    });
    try {
      await this.mailer.send(invitationEmail(email, { clinicName: clinic.name, inviterName, role, url: invitationUrl(this.appUrl, token) }));
    } catch {
      // An invitation nobody received is no invitation: it goes, and the admin is asked to try again.
      await this.repo.deleteInvitation(invitation.id);
      logClinicInvitationNotSent(this.logger, { clinicId: logId(clinic.id), invitationId: logId(invitation.id) });
      throw unavailable('The invitation email could not be sent; try again shortly');
    }
    return toInvitationContract(invitation, now);
  }

  /** Revokes a pending invitation of the caller's clinic (another clinic's answers 404). Revoking twice is fine. */
  async revoke(uid: string, invitationId: string): Promise<ClinicInvitation> {
    const now = this.now();
    return this.repo.runTransaction(async (tx) => {
      const actor = await this.requireAdmin(uid, tx, 'revoke invitations');
      const invitation = await this.repo.findInvitation(invitationId, tx);
      if (!invitation || invitation.clinicId !== actor.clinicId) throw notFound('No such invitation');
      if (invitation.status === 'accepted') throw conflict('This invitation was accepted already: remove the member instead');
      const revoked: InvitationRecord = invitation.status === 'revoked' ? invitation : { ...invitation, status: 'revoked', closedAt: now.toISOString() };
      this.repo.saveInvitation(tx, revoked);
      return toInvitationContract(revoked, now);
    });
  }

  /** What the invitation page shows; any signed-in user holding the link may look. */
  async preview(caller: CallerIdentity, token: string): Promise<InvitationPreview> {
    const invitation = await this.repo.findInvitationByTokenHash(hashInvitationToken(token));
    const clinic = invitation && invitation.status !== 'revoked' ? await this.repo.findClinic(invitation.clinicId) : null;
    if (!invitation || !clinic) throw notFound(NO_SUCH_INVITATION);
    return {
      clinicName: clinic.name,
      role: invitation.role,
      status: invitationStatus(invitation, this.now()),
      expiresAt: invitation.expiresAt,
      forCaller: isFor(caller, invitation),
      inviterName: invitation.inviterName ?? null,
    };
  }

  /**
   * Joins the clinic the link invites to. The caller's verified address (from their ID token) must be the one
   * invited, so a forwarded link is no use to anyone else; an account made after the invitation works the same.
   */
  async accept(caller: CallerIdentity, token: string): Promise<MyClinicResponse> {
    const now = this.now();
    const tokenHash = hashInvitationToken(token);
    await this.repo.runTransaction(async (tx) => {
      const invitation = await this.repo.findInvitationByTokenHash(tokenHash, tx);
      if (!invitation || invitation.status === 'revoked') throw notFound(NO_SUCH_INVITATION);
      if (!caller.emailVerified) throw permissionDenied(EMAIL_NOT_VERIFIED_MESSAGE);
      if (!isFor(caller, invitation)) throw permissionDenied('This invitation is for another email address: sign in with the address it was sent to');
      const current = await this.repo.findMember(caller.uid, tx);
      // A retry after it worked answers as the first time did.
      if (invitation.status === 'accepted' && current?.clinicId === invitation.clinicId) return;
      if (invitation.status === 'accepted') throw conflict('This invitation was used already');
      if (invitationStatus(invitation, now) === 'expired') throw conflict('This invitation has expired: ask for a new one');
      if (current) throw conflict('You are in a clinic already: leave it first (a clinician belongs to one clinic at a time)');
      const clinic = await this.repo.findClinic(invitation.clinicId, tx);
      if (!clinic) throw notFound(NO_SUCH_INVITATION);
      this.repo.createMember(tx, { uid: caller.uid, clinicId: clinic.id, role: invitation.role, email: invitation.email, joinedAt: now.toISOString() });
      this.repo.saveInvitation(tx, { ...invitation, status: 'accepted', closedAt: now.toISOString() });
      return clinic.id;
    });
    // A retry after it worked runs these again: each is idempotent (seats set to the count, a plan ended once).
    const joined = (await this.repo.findMember(caller.uid))?.clinicId;
    if (joined) for (const listener of this.membershipBegun) await listener(joined, caller.uid);
    return this.myClinic(caller.uid);
  }

  /** The owner changes a member's role; `owner` hands the clinic to them (the old owner becomes an admin). */
  async setRole(uid: string, targetUid: string, role: ClinicRole): Promise<MyClinicResponse> {
    await this.repo.runTransaction(async (tx) => {
      const actor = await this.requireMember(uid, tx);
      const target = await this.requireMemberOf(actor.clinicId, targetUid, tx);
      const problem = roleChangeProblem(actor, target);
      if (problem) throw permissionDenied(problem);
      if (role === 'owner') this.repo.saveMember(tx, { ...actor, role: 'admin' });
      this.repo.saveMember(tx, { ...target, role });
    });
    return this.myClinic(uid);
  }

  /** Removes a member: their sessions and templates stay theirs; what they published to the clinic goes. */
  async remove(uid: string, targetUid: string): Promise<void> {
    const target = await this.repo.runTransaction(async (tx) => {
      const actor = await this.requireMember(uid, tx);
      const found = await this.requireMemberOf(actor.clinicId, targetUid, tx);
      const problem = removalProblem(actor, found);
      if (problem) throw permissionDenied(problem);
      this.repo.deleteMember(tx, found.uid);
      return found;
    });
    await this.repo.deleteTemplatesBy(target.clinicId, target.uid);
    await this.endMembership(target.clinicId, target.uid);
  }

  /** Leaves the clinic; the owner must hand it on or delete it first. */
  async leave(uid: string): Promise<void> {
    const me = await this.repo.runTransaction(async (tx) => {
      const found = await this.requireMember(uid, tx);
      if (found.role === 'owner') throw conflict('The owner cannot leave: hand the clinic to another member, or delete it');
      this.repo.deleteMember(tx, uid);
      return found;
    });
    await this.repo.deleteTemplatesBy(me.clinicId, uid);
    await this.endMembership(me.clinicId, uid);
  }

  /** Deletes the caller's clinic (owner only), its memberships, invitations and library; members' own data stays. */
  async deleteClinic(uid: string, clinicId: string): Promise<void> {
    const me = await this.requireMember(uid);
    if (me.clinicId !== clinicId) throw notFound('No such clinic');
    if (me.role !== 'owner') throw permissionDenied('Only the owner deletes the clinic');
    await this.repo.deleteClinicWithEverything(clinicId);
    await this.endMembership(clinicId, null);
  }

  /**
   * Why the account of `uid` may not be deleted yet, or null: an owner whose clinic has other members must
   * hand it on (or delete it) first, so a clinic is never left without an owner (docs/clinics.md).
   */
  async accountDeletionProblem(uid: string): Promise<string | null> {
    const me = await this.repo.findMember(uid);
    if (!me || me.role !== 'owner') return null;
    const members = await this.repo.membersOf(me.clinicId);
    return members.some((m) => m.uid !== uid) ? 'You own a clinic with other members: hand it to another member (or delete the clinic) before deleting your account' : null;
  }

  /** Account deletion: a member leaves (with what they published); a sole owner's clinic goes with them. */
  async deleteAllOwnedBy(uid: string): Promise<number> {
    const me = await this.repo.findMember(uid);
    if (!me) return 0;
    if (me.role === 'owner') {
      const problem = await this.accountDeletionProblem(uid);
      if (problem) throw conflict(problem);
      const deleted = await this.repo.deleteClinicWithEverything(me.clinicId);
      await this.endMembership(me.clinicId, null);
      return deleted;
    }
    await this.repo.runTransaction((tx) => Promise.resolve(this.repo.deleteMember(tx, uid)));
    const templates = await this.repo.deleteTemplatesBy(me.clinicId, uid);
    await this.endMembership(me.clinicId, uid);
    return 1 + templates;
  }

  /** "Download my data": the caller's clinic and role, when they are in one. */
  async exportSummaryOf(uid: string): Promise<{ clinicId: string; clinicName: string; role: ClinicRole; joinedAt: string } | null> {
    const me = await this.repo.findMember(uid);
    const clinic = me ? await this.repo.findClinic(me.clinicId) : null;
    return me && clinic ? { clinicId: clinic.id, clinicName: clinic.name, role: me.role, joinedAt: me.joinedAt } : null;
  }

  async requireMember(uid: string, tx?: Parameters<ClinicRepo['findMember']>[1]): Promise<MemberRecord> {
    const me = await this.repo.findMember(uid, tx);
    if (!me) throw notFound(NOT_IN_A_CLINIC);
    return me;
  }

  /** The caller's membership as an admin or the owner: 404 outside a clinic, 403 "Only admins and the owner <what>" below. */
  private async requireAdmin(uid: string, tx: Transaction, what: string): Promise<MemberRecord> {
    const me = await this.requireMember(uid, tx);
    if (!hasClinicRole(me.role, 'admin')) throw permissionDenied(`Only admins and the owner ${what}`);
    return me;
  }

  /** A member of `clinicId`; anyone else (another clinic's member, nobody) answers 404 alike. */
  private async requireMemberOf(clinicId: string, uid: string, tx: Parameters<ClinicRepo['findMember']>[1]): Promise<MemberRecord> {
    const found = await this.repo.findMember(uid, tx);
    if (!found || found.clinicId !== clinicId) throw notFound('No such member of your clinic');
    return found;
  }

  private async requireClinic(clinicId: string, tx: Parameters<ClinicRepo['findClinic']>[1]): Promise<ClinicRecord> {
    const clinic = await this.repo.findClinic(clinicId, tx);
    if (!clinic) throw notFound(NOT_IN_A_CLINIC);
    return clinic;
  }

  private async toMemberContract(m: MemberRecord): Promise<ClinicMember> {
    return { uid: m.uid, displayName: await authorNameOf(this.names, m.uid, null), email: m.email, role: m.role, joinedAt: m.joinedAt };
  }
}

const isFor = (caller: CallerIdentity, invitation: InvitationRecord) => caller.emailVerified && (caller.email ?? '').trim().toLowerCase() === invitation.email;

/** The owner first, then admins, then members; each by when they joined. */
const byRoleThenJoined = (a: MemberRecord, b: MemberRecord) => CLINIC_ROLES.indexOf(a.role) - CLINIC_ROLES.indexOf(b.role) || a.joinedAt.localeCompare(b.joinedAt);
