import { randomInt } from 'node:crypto';
import { DEFAULT_LANGUAGE, type Profile } from '@charta/contract';
import type { CallerIdentity } from '../identity/identity-provider.js';

/** The clinician's profile, as the contract (@charta/contract) returns it. */
export type { Profile };

export type ProfileChanges = Partial<Pick<Profile, 'displayName' | 'specialty' | 'organization' | 'defaultTemplateId' | 'defaultLanguage'>>;

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
    specialty: '',
    organization: '',
    defaultTemplateId: null,
    defaultLanguage: DEFAULT_LANGUAGE,
    referralCode: newReferralCode(),
    createdAt: iso,
    updatedAt: iso,
  };
}
