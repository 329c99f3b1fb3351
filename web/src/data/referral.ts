// A referral from sign-up to the first profile write (docs/api.md "Billing and referral"; PUT /profile's
// referredByCode). The sign-up page (auth) remembers the code and greets the invitee by the referrer's name; the
// signed-in app (billing) sends it once the account exists. Two features, one code: it lives here.
import { referralCodeField, type LookupCustomerNameResponse } from '@charta/contract';
import { useEffect, useState } from 'react';
import { api } from '@/lib/api';
import { keepReferralCode } from './referral-code';

export { forgetReferralCode, rememberedReferralCode } from './referral-code';

/** The code as the API stores it (trimmed, upper-case), or null when it cannot be one. */
export function normalizeReferralCode(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const parsed = referralCodeField.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** Keeps a sign-up link's `?ref=` code for the first profile write; answers the code kept, or null. */
export function rememberReferralCode(value: string | null | undefined): string | null {
  const code = normalizeReferralCode(value);
  if (code !== null) keepReferralCode(code);
  return code;
}

/** POST /referral/lookup_customer_name (public): "Maria G.", never more. */
export async function lookupReferrerName(referralCode: string): Promise<string> {
  // Anonymous: the invitee has no account yet (the client refuses a signed-out call that would need a token).
  const { name } = await api.post<LookupCustomerNameResponse>('/referral/lookup_customer_name', { referralCode }, { anonymous: true });
  return name;
}

export type ReferrerName = { state: 'none' } | { state: 'loading' } | { state: 'found'; name: string } | { state: 'unknown' };

/**
 * The referrer's short name for a code, looked up once. Not through SWR: a code that matches nobody (404) or
 * a lookup refused by its rate limit is no error to announce to someone about to sign up, and the lookup is
 * public and rate-limited, so it is not re-sent on every focus.
 */
export function useReferrerName(referralCode: string | null): ReferrerName {
  const [result, setResult] = useState<{ code: string; name: string | null } | null>(null);
  useEffect(() => {
    if (!referralCode) return;
    let current = true;
    lookupReferrerName(referralCode).then(
      (name) => current && setResult({ code: referralCode, name }),
      () => current && setResult({ code: referralCode, name: null }),
    );
    return () => {
      current = false;
    };
  }, [referralCode]);

  if (!referralCode) return { state: 'none' };
  if (result?.code !== referralCode) return { state: 'loading' };
  return result.name === null ? { state: 'unknown' } : { state: 'found', name: result.name };
}
