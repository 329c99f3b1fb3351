import { RETENTION_KIND_LABELS, shortenedRetentionKinds, type ConsentSettings, type RetentionSettings } from '@charta/contract';
import type { CallerIdentity } from '../identity/identity-provider.js';
import { conflict, invalidArgument, notFound, permissionDenied } from '../http/errors.js';
import type { TemplateCatalog } from '../templates/template-catalog.js';
import { logId, type Logger } from '../logging/logger.js';
import { logProfileCreated } from '../logging/log-events.js';
import { profileFromIdentity, type Profile, type ProfileChanges } from './profile.js';
import type { ProfileRepo } from './profile-repo.js';
import { withClinicPolicy, type ClinicPrivacyPolicies, type ClinicPrivacyPolicy } from './effective-privacy.js';

/**
 * Whether an account may still record who referred it (billing's referral rules fill it in): throws the
 * contract's error if not (too old, already paying, the referrer's own other account).
 */
export interface ReferralGate {
  assertMayBeReferred(uid: string, referrer: Profile): Promise<void>;
}

/** Profile use cases. A profile exists from the caller's first request; nobody has to "create" one. */
export class ProfileService {
  constructor(
    private readonly repo: ProfileRepo,
    private readonly templates: TemplateCatalog,
    private readonly referrals: ReferralGate,
    private readonly logger: Logger,
    private readonly clinics: ClinicPrivacyPolicies,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * The caller's profile, made from their token's claims on first use (two first calls make one), with the
   * consent and retention in force: their clinic's where its policy sets them (docs/clinics.md "Policies").
   */
  async getOrCreate(caller: CallerIdentity): Promise<Profile> {
    return this.inForce(await this.ownOrCreate(caller));
  }

  private async ownOrCreate(caller: CallerIdentity): Promise<Profile> {
    const existing = await this.repo.find(null, caller.uid);
    if (existing) return existing;
    const fresh = profileFromIdentity(caller, this.now());
    if (!(await this.repo.createIfAbsent(fresh))) return this.requireProfile(caller.uid);
    logProfileCreated(this.logger, { uid: logId(caller.uid) });
    return fresh;
  }

  /**
   * Applies an edit in one write, without a transaction: concurrent edits used to contend for the profile
   * and fail (500 after 15 s); now each is applied whole, in turn, and the last stays. Answers the profile
   * as stored after this edit.
   */
  async update(caller: CallerIdentity, changes: Omit<ProfileChanges, 'firstRunCompletedAt'> & { referredByCode?: string | undefined; completeFirstRun?: true | undefined }): Promise<Profile> {
    const { referredByCode, completeFirstRun, ...edits } = changes;
    if (edits.defaultTemplateId && !(await this.templates.isUsableBy(caller.uid, edits.defaultTemplateId))) {
      throw invalidArgument('defaultTemplateId is not a template you can use', 'defaultTemplateId');
    }
    const profile = await this.ownOrCreate(caller);
    // The first time only: a retried or repeated "done" keeps when the step was done.
    const fields: ProfileChanges = completeFirstRun && !profile.firstRunCompletedAt ? { ...edits, firstRunCompletedAt: this.now().toISOString() } : edits;
    if (referredByCode !== undefined) await this.setReferredBy(profile, referredByCode);
    if (referredByCode === undefined || Object.values(fields).some((value) => value !== undefined)) await this.repo.applyChanges(caller.uid, fields, this.now().toISOString());
    return this.requireProfile(caller.uid);
  }

  /** "Ask for the patient's consent before recording" and the statement to read aloud (docs/privacy.md "Consent"). */
  async updateConsent(caller: CallerIdentity, changes: Partial<ConsentSettings>): Promise<Profile> {
    refuseWhereClinicSets(await this.clinics.privacyPolicyOf(caller.uid), 'consent');
    await this.ownOrCreate(caller);
    await this.repo.applyConsent(caller.uid, changes, this.now().toISOString());
    return this.requireProfile(caller.uid);
  }

  /**
   * How long audio, transcripts and sessions are kept (docs/privacy.md "Retention"). A change that deletes sooner
   * must say so (`confirmShorter`): the app asks first, with the count of sessions it affects, and an API
   * client cannot delete by a typo. Read and written in one transaction, so the check sees the setting it
   * replaces, and the retention sweep (which re-reads the setting in each deletion's transaction) follows
   * whichever came last.
   */
  async updateRetention(caller: CallerIdentity, changes: Partial<RetentionSettings>, confirmShorter: boolean): Promise<Profile> {
    refuseWhereClinicSets(await this.clinics.privacyPolicyOf(caller.uid), 'retention');
    await this.ownOrCreate(caller);
    await this.repo.runTransaction(async (tx) => {
      const current = await this.repo.find(tx, caller.uid);
      if (!current) throw notFound('No such profile');
      const next: RetentionSettings = { ...current.retention, ...definedOnly(changes) };
      const shorter = shortenedRetentionKinds(current.retention, next);
      if (shorter.length > 0 && !confirmShorter) {
        const kinds = shorter.map((kind) => RETENTION_KIND_LABELS[kind].toLowerCase()).join(', ');
        throw conflict(`This deletes ${kinds} sooner than now, at the next daily run. Send it again with confirmShorter: true to go ahead.`, 'confirmShorter');
      }
      this.repo.setRetention(tx, caller.uid, next, this.now().toISOString());
    });
    return this.requireProfile(caller.uid);
  }

  /**
   * The referral code a sign-up came with: set once and never changed (the same code again is a no-op, so a
   * retried request succeeds; another code is 409). One's own code, or one nobody has, is 400; an account
   * past its first day or its first payment is 409 (the referral rules, checked here on the server).
   */
  private async setReferredBy(profile: Profile, code: string): Promise<void> {
    if (profile.referredByCode === code) return;
    if (profile.referredByCode) throw conflict('referredByCode is already set and cannot be changed', 'referredByCode');
    if (code === profile.referralCode) throw invalidArgument('referredByCode is your own referral code', 'referredByCode');
    const referrer = await this.repo.findByReferralCode(code);
    if (!referrer) throw invalidArgument('referredByCode is not a known referral code', 'referredByCode');
    await this.referrals.assertMayBeReferred(profile.uid, referrer);
    const stored = await this.repo.setReferredByCodeOnce(profile.uid, code, this.now().toISOString());
    if (stored !== code) throw conflict('referredByCode is already set and cannot be changed', 'referredByCode');
  }

  private async requireProfile(uid: string): Promise<Profile> {
    const profile = await this.repo.find(null, uid);
    // Only account deletion removes a profile, and it revokes the caller's tokens first.
    if (!profile) throw notFound('No such profile');
    return this.inForce(profile);
  }

  private async inForce(profile: Profile): Promise<Profile> {
    return withClinicPolicy(profile, await this.clinics.privacyPolicyOf(profile.uid));
  }
}

function definedOnly<T extends object>(value: Partial<T>): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** A member may not change what their clinic's policy sets: 403 naming the clinic and who changes it. */
function refuseWhereClinicSets(policy: ClinicPrivacyPolicy | null, setting: 'consent' | 'retention'): void {
  if (!policy?.[setting]) return;
  const what = setting === 'consent' ? 'whether to ask for the patient’s consent, and what to read aloud' : 'how long audio, transcripts and sessions are kept';
  throw permissionDenied(`${policy.clinicName} sets ${what}, for every member: ask its admins to change it`);
}
