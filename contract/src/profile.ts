// The clinician's profile (docs/api.md "Profile"): the resource and what PUT /profile takes.
import { z } from 'zod';
import { ownIdParams, resourceId, shortText } from './fields.js';
import { referralCodeField } from './billing-requests.js';
import { languageTag } from './languages.js';
import type { ConsentSettings } from './consent.js';
import type { RetentionSettings } from './retention.js';

export interface Profile {
  uid: string;
  email: string | null;
  displayName: string;
  /** How the clinician is addressed ("Dr", "NP"): before the name in the library and on invitations; '' if none. */
  title: string;
  specialty: string;
  organization: string;
  defaultTemplateId: string | null;
  defaultLanguage: string;
  referralCode: string;
  /** The referral code this clinician signed up with, once set (PUT /profile `referredByCode`); absent if none. */
  referredByCode?: string | null;
  /**
   * Our extension (docs/privacy.md "Consent", "Retention"): whether to ask for the patient's consent before recording
   * and what to read aloud, and how long each kind of patient data is kept. Always sent, with the defaults
   * (DEFAULT_CONSENT_SETTINGS, DEFAULT_RETENTION_SETTINGS) until changed through PUT /profile/consent and
   * PUT /profile/retention.
   */
  consent: ConsentSettings;
  retention: RetentionSettings;
  /**
   * Which of `consent` and `retention` the clinician's clinic sets for its members (docs/clinics.md "Policies"):
   * those values are then the clinic's, in force for this clinician, and PUT /profile/consent or
   * /profile/retention answers 403 for them. Absent or null: the clinician's own settings, all of them.
   */
  setByClinic?: ClinicPrivacySetter | null;
  /**
   * When the clinician finished or skipped the first-run step (name, title, specialty, default template),
   * set by PUT /profile `completeFirstRun`; null until then, while the app offers the step.
   */
  firstRunCompletedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The clinic whose policy sets a member's consent or retention, and which of the two it sets. */
export interface ClinicPrivacySetter {
  clinicName: string;
  consent: boolean;
  retention: boolean;
}

export interface ProfileResponse {
  profile: Profile;
}

export const PROFILE_LIMITS = { displayName: 100, title: 40, specialty: 100, organization: 200 } as const;

/** The name others see (the library, invitations): the title before the display name, or '' with no name. */
export function publicNameOf(profile: Pick<Profile, 'displayName' | 'title'>): string {
  const name = profile.displayName.trim();
  return name ? [profile.title.trim(), name].filter(Boolean).join(' ') : '';
}

export const updateProfileBody = z.strictObject({
  displayName: shortText(PROFILE_LIMITS.displayName).optional(),
  title: shortText(PROFILE_LIMITS.title).optional(),
  specialty: shortText(PROFILE_LIMITS.specialty).optional(),
  organization: shortText(PROFILE_LIMITS.organization).optional(),
  // Which template the Record tab preselects; null clears it. Must be a template the caller can use.
  defaultTemplateId: resourceId.nullable().optional(),
  defaultLanguage: languageTag.optional(),
  // The referral code the sign-up came with (?ref=CODE): stored once, never changed (another code later is
  // 409, the caller's own code or an unknown one 400 naming this field).
  referredByCode: referralCodeField.optional(),
  // The first-run step is done (finished or skipped): the app stops offering it. Only true is meaningful.
  completeFirstRun: z.literal(true).optional(),
});

export const profileIdParams = ownIdParams;
