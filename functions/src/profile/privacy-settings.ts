import { DEFAULT_CONSENT_SETTINGS, DEFAULT_RETENTION_SETTINGS, type ConsentSettings, type Profile, type RetentionSettings } from '@charta/contract';

/**
 * A profile as stored: profiles made before the consent and retention settings existed (docs/privacy.md "Consent",
 * "Retention") have neither, and a setting changed field by field may have only some of its fields.
 */
export type StoredProfile = Omit<Profile, 'consent' | 'retention' | 'title' | 'firstRunCompletedAt'> & {
  consent?: Partial<ConsentSettings>;
  retention?: Partial<RetentionSettings>;
  // Profiles made before the first-run step have no title and were never offered it.
  title?: string;
  firstRunCompletedAt?: string | null;
};

/** The profile with every setting the clinician has not chosen at its default (a stored null, "keep", is a choice). */
export function withPrivacyDefaults(stored: StoredProfile): Profile {
  return {
    title: '',
    firstRunCompletedAt: null,
    ...stored,
    consent: { ...DEFAULT_CONSENT_SETTINGS, ...definedFields(stored.consent) },
    retention: { ...DEFAULT_RETENTION_SETTINGS, ...definedFields(stored.retention) },
  };
}

/** Settings of a user who has no profile yet: the defaults, as a new profile would have them. */
export const DEFAULT_PRIVACY_SETTINGS = { consent: DEFAULT_CONSENT_SETTINGS, retention: DEFAULT_RETENTION_SETTINGS } as const;

function definedFields<T extends object>(value: Partial<T> | undefined): Partial<T> {
  return Object.fromEntries(Object.entries(value ?? {}).filter(([, v]) => v !== undefined)) as Partial<T>;
}
