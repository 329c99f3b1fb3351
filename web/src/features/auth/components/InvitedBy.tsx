import Alert from '@mui/material/Alert';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { rememberedReferralCode, rememberReferralCode, useReferrerName } from '@/data/referral';

/**
 * "Invited by Maria G." on the sign-up page of an invitation link (`?ref=CODE`). The code is remembered for the
 * tab (sessionStorage), so it survives a detour to sign-in and back, and the signed-in app sends it with the
 * new account's first profile write (features/billing ReferralClaim). A code that matches nobody greets no one
 * and is sent anyway: the API refuses it (400) without harm, and a lookup refused by its rate limit must not
 * cost the referrer their credit.
 */
export function InvitedBy() {
  const [searchParams] = useSearchParams();
  const linkCode = searchParams.get('ref');
  const [code] = useState(() => rememberReferralCode(linkCode) ?? rememberedReferralCode());
  useEffect(() => {
    // Under StrictMode the initialiser runs twice; storing is idempotent. Kept here for a code that changes.
    if (linkCode) rememberReferralCode(linkCode);
  }, [linkCode]);
  const referrer = useReferrerName(code);

  if (referrer.state !== 'found') return null;
  return (
    <Alert severity="success" icon={false} role="status" sx={{ mb: 2 }}>
      Invited by <strong>{referrer.name}</strong>
    </Alert>
  );
}
