// Back from checkout (/billing?checkout=done&session_id=...): Stripe has taken the payment, but our plan
// changes only when its webhook lands (the server writes what Stripe says, never what the browser claims).
// So the page polls GET /subscription briefly, shows Pro as soon as it is there, and otherwise says plainly
// that it is taking longer, with a way to check again.
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { PLAN_USAGE_KEY, useSubscription } from '@/data/billing';

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
  const { mutate } = useSWRConfig();
  const subscription = useSubscription({ refreshInterval: phase === 'waiting' ? CHECKOUT_POLL_MS : 0 });
  const plan = subscription.data?.subscription.plan;

  useEffect(() => {
    if (phase !== 'waiting') return;
    const timer = setTimeout(() => setPhase('slow'), CHECKOUT_WAIT_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  useEffect(() => {
    if ((phase !== 'waiting' && phase !== 'slow') || plan === undefined || plan === 'free') return;
    setPhase('confirmed');
    // The limit no longer applies: every notice reading usage must see it.
    void mutate(PLAN_USAGE_KEY);
    // A reload should not say "welcome" again, nor poll: the return is handled.
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('checkout');
        next.delete('session_id');
        return next;
      },
      { replace: true },
    );
  }, [phase, plan, mutate, setParams]);

  return {
    phase,
    subscription,
    checkAgain: () => {
      setPhase('waiting');
      void subscription.mutate();
    },
    dismiss: () => setPhase('none'),
  };
}
