import type { Transaction } from 'firebase-admin/firestore';
import type { ConsentSettings, Profile, RetentionSettings } from '@charta/contract';
import { DEFAULT_PRIVACY_SETTINGS } from './privacy-settings.js';
import type { ProfileRepo } from './profile-repo.js';

/** What a clinic's policy sets of a member's privacy settings (docs/clinics.md "Policies"): null where members choose. */
export interface ClinicPrivacyPolicy {
  clinicName: string;
  consent: ConsentSettings | null;
  retention: RetentionSettings | null;
}

/**
 * The port clinics fill in (services.ts): the policy of uid's clinic, read from Firestore now (in `tx` when
 * given); null outside a clinic. Read on every use, never cached, so a policy set, lifted, or a membership
 * ended counts from the next request (and in the next deciding transaction).
 */
export interface ClinicPrivacyPolicies {
  privacyPolicyOf(uid: string, tx?: Transaction): Promise<ClinicPrivacyPolicy | null>;
}

/**
 * The profile as in force: the clinic's consent and retention where its policy sets them, the clinician's own
 * otherwise, and which are the clinic's (`setByClinic`). The clinician's own stay stored, untouched, and are
 * theirs again when the policy is lifted or they leave.
 */
export function withClinicPolicy(profile: Profile, policy: ClinicPrivacyPolicy | null): Profile {
  if (!policy || (!policy.consent && !policy.retention)) return { ...profile, setByClinic: null };
  return {
    ...profile,
    consent: policy.consent ?? profile.consent,
    retention: policy.retention ?? profile.retention,
    setByClinic: { clinicName: policy.clinicName, consent: policy.consent !== null, retention: policy.retention !== null },
  };
}

/**
 * A clinician's consent and retention settings as the API enforces them (session creation's consent, the
 * retention sweep and "when the note is ready"): the clinic's where it sets them (withClinicPolicy).
 */
export class PrivacySettingsInForce {
  constructor(
    private readonly profiles: ProfileRepo,
    private readonly clinics: ClinicPrivacyPolicies,
  ) {}

  async of(uid: string, tx?: Transaction): Promise<{ consent: ConsentSettings; retention: RetentionSettings }> {
    const [profile, policy] = await Promise.all([this.profiles.find(tx ?? null, uid), this.clinics.privacyPolicyOf(uid, tx)]);
    return {
      consent: policy?.consent ?? profile?.consent ?? DEFAULT_PRIVACY_SETTINGS.consent,
      retention: policy?.retention ?? profile?.retention ?? DEFAULT_PRIVACY_SETTINGS.retention,
    };
  }

  async consentOf(uid: string, tx?: Transaction): Promise<ConsentSettings> {
    return (await this.of(uid, tx)).consent;
  }

  async retentionOf(uid: string, tx?: Transaction): Promise<RetentionSettings> {
    return (await this.of(uid, tx)).retention;
  }
}
