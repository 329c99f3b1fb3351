// The clinician's profile (API contract: Profile): the resource and what PUT /profile takes.
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
  specialty: string;
  organization: string;
  defaultTemplateId: string | null;
  defaultLanguage: string;
  referralCode: string;
  /** The referral code this clinician signed up with, once set (PUT /profile `referredByCode`); absent if none. */
  referredByCode?: string | null;
  /**
   * Our extension (README "Consent", "Retention"): whether to ask for the patient's consent before recording
   * and what to read aloud, and how long each kind of patient data is kept. Always sent, with the defaults
   * (DEFAULT_CONSENT_SETTINGS, DEFAULT_RETENTION_SETTINGS) until changed through PUT /profile/consent and
   * PUT /profile/retention.
   */
  consent: ConsentSettings;
  retention: RetentionSettings;
  createdAt: string;
  updatedAt: string;
}

export interface ProfileResponse {
  profile: Profile;
}

export const PROFILE_LIMITS = { displayName: 100, specialty: 100, organization: 200 } as const;

export const updateProfileBody = z.strictObject({
  displayName: shortText(PROFILE_LIMITS.displayName).optional(),
  specialty: shortText(PROFILE_LIMITS.specialty).optional(),
  organization: shortText(PROFILE_LIMITS.organization).optional(),
  // Which template the Record tab preselects; null clears it. Must be a template the caller can use.
  defaultTemplateId: resourceId.nullable().optional(),
  defaultLanguage: languageTag.optional(),
  // The referral code the sign-up came with (?ref=CODE): stored once, never changed (another code later is
  // 409, the caller's own code or an unknown one 400 naming this field).
  referredByCode: referralCodeField.optional(),
});

export const profileIdParams = ownIdParams;
