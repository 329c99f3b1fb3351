import { randomInt } from 'node:crypto';
import { DEFAULT_CONSENT_SETTINGS, DEFAULT_LANGUAGE, DEFAULT_RETENTION_SETTINGS, type Profile } from '@charta/contract';
import type { CallerIdentity } from '../identity/identity-provider.js';

/** The clinician's profile, as the contract (@charta/contract) returns it. */
export type { Profile };

export type ProfileChanges = Partial<Pick<Profile, 'displayName' | 'title' | 'specialty' | 'organization' | 'defaultTemplateId' | 'defaultLanguage' | 'firstRunCompletedAt'>>;

/** A new profile's language until the clinician picks one: the contract's default. */
export { DEFAULT_LANGUAGE };

// No 0/O, 1/I/L: referral codes are read aloud and typed by hand.
const REFERRAL_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function newReferralCode(): string {
  return Array.from({ length: 8 }, () => REFERRAL_ALPHABET[randomInt(REFERRAL_ALPHABET.length)]).join('');
}

/** A first profile, made from what the identity token says about the caller. */
export function profileFromIdentity(caller: CallerIdentity, now: Date): Profile {
  const iso = now.toISOString();
  return {
    uid: caller.uid,
    email: caller.email,
    displayName: caller.name ?? '',
    title: '',
    specialty: '',
    organization: '',
    defaultTemplateId: null,
    defaultLanguage: DEFAULT_LANGUAGE,
    referralCode: newReferralCode(),
    // Stored as they are at sign-up (where the app states them), so a later change of defaults does not
    // change what a clinician was told; profiles older than these settings read the defaults (privacy-settings.ts).
    consent: DEFAULT_CONSENT_SETTINGS,
    retention: DEFAULT_RETENTION_SETTINGS,
    firstRunCompletedAt: null,
    createdAt: iso,
    updatedAt: iso,
  };
}
