// Back from Stripe Checkout (`?checkout=done&session_id=...`, or `?checkout=cancelled`): Stripe has taken the
// payment, but the plan changes only when its webhook lands (the server writes what Stripe says, never what the
// browser claims). So the page re-reads its plan every second for a while (`pollMs`), says so when it is taking
// longer, and forgets the return once the plan shows (a reload neither polls nor says it again). One machine for
// Plan & billing (a clinician's plan) and Clinic settings (a clinic's).
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/** How often the plan is re-read while waiting: the emulator's webhook lands in well under a second. */
export const CHECKOUT_POLL_MS = 1_000;
/**
 * How long the page waits before saying it is taking longer. Stripe sends the webhook within seconds; if our
 * endpoint failed, Stripe's next try comes minutes later, so waiting longer here would only keep a spinner up.
 */
export const CHECKOUT_WAIT_MS = 20_000;

export type CheckoutReturnPhase = 'none' | 'waiting' | 'slow' | 'confirmed' | 'cancelled';

function initialPhase(checkout: string | null): CheckoutReturnPhase {
  if (checkout === 'done') return 'waiting';
  // Hosted Checkout's cancel_url (embedded Checkout has none): nothing was charged, the page says so once.
  return checkout === 'cancelled' ? 'cancelled' : 'none';
}

export function useCheckoutReturn() {
  const [params, setParams] = useSearchParams();
  const [phase, setPhase] = useState<CheckoutReturnPhase>(() => initialPhase(params.get('checkout')));

  useEffect(() => {
    if (phase !== 'waiting') return;
    const timer = setTimeout(() => setPhase('slow'), CHECKOUT_WAIT_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  /** The plan shows as paid now: the return is handled (confirmed, once, if it was being waited for). */
  const confirm = useCallback(() => {
    setPhase((current) => (current === 'waiting' || current === 'slow' ? 'confirmed' : current));
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('checkout');
        next.delete('session_id');
        return next;
      },
      { replace: true },
    );
  }, [setParams]);

  return {
    phase,
    /** While waiting: how often to re-read the plan (0: not at all). */
    pollMs: phase === 'waiting' ? CHECKOUT_POLL_MS : 0,
    /** Whether the page is waiting for the plan to show (it then offers nothing to pay again). */
    awaiting: phase === 'waiting' || phase === 'slow',
    confirm,
    checkAgain: () => setPhase('waiting'),
    dismiss: () => setPhase('none'),
  };
}
