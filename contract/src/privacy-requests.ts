// The request bodies of the consent and retention routes (our extension; docs/privacy.md "Consent", "Retention"),
// apart from their labels (consent.ts, retention.ts), which every page reads: zod comes only with the forms.
import { z } from 'zod';
import { CONSENT_LIMITS, CONSENT_METHODS } from './consent.js';
import { resourceId } from './fields.js';
import { PART_RETENTION_CHOICES, SESSION_RETENTION_CHOICES, type PartRetentionDays, type SessionRetentionDays } from './retention.js';

/** How the patient agreed, as create_session (a form field) and POST /session/consent take it. */
export const consentMethodField = z.enum(CONSENT_METHODS);

/** POST /session/consent: the patient agreed to this session's recording. */
export const recordConsentBody = z.strictObject({ sessionId: resourceId, method: consentMethodField });

/** The statement to read aloud: there, within the limit; line breaks and tabs allowed (it is a paragraph). */
export const consentStatementField = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(CONSENT_LIMITS.statement, `must be at most ${CONSENT_LIMITS.statement} characters`)
  // Other control characters name nothing and break what shows the text.
  .refine((text) => !/[^\P{Cc}\t\n\r]/u.test(text), 'must not contain control characters other than line breaks and tabs');

/** PUT /profile/consent: either or both. */
export const updateConsentSettingsBody = z
  .strictObject({
    required: z.boolean().optional(),
    statement: consentStatementField.optional(),
  })
  .refine((body) => body.required !== undefined || body.statement !== undefined, { message: 'send required, statement or both', path: ['required'] });

const partDays = z.custom<PartRetentionDays>((value) => (PART_RETENTION_CHOICES as readonly unknown[]).includes(value), {
  message: `must be one of ${PART_RETENTION_CHOICES.map(String).join(', ')} (days; 0 when the note is ready, null to keep)`,
});
const sessionDays = z.custom<SessionRetentionDays>((value) => (SESSION_RETENTION_CHOICES as readonly unknown[]).includes(value), {
  message: `must be one of ${SESSION_RETENTION_CHOICES.map(String).join(', ')} (days; null to keep)`,
});

const retentionFields = {
  audioDays: partDays.optional(),
  transcriptDays: partDays.optional(),
  sessionDays: sessionDays.optional(),
};

/** A whole retention setting, every field given: what a clinic's policy sets (clinics.ts). */
export const retentionSettingsField = z.strictObject({ audioDays: partDays, transcriptDays: partDays, sessionDays });

/** A whole consent setting: what a clinic's policy sets (clinics.ts). */
export const consentSettingsField = z.strictObject({ required: z.boolean(), statement: consentStatementField });

/** POST /profile/retention/impact: the settings one is about to save (any subset; the rest stay as they are). */
export const retentionImpactBody = z.strictObject(retentionFields);

/**
 * PUT /profile/retention. A change that deletes sooner than now must say `confirmShorter: true` (409 naming
 * it otherwise): the app asks first, showing the count from /profile/retention/impact.
 */
export const updateRetentionSettingsBody = z.strictObject({ ...retentionFields, confirmShorter: z.boolean().optional() });
