// Back from the clinic's checkout (/clinic?checkout=done&session_id=...): Stripe has taken the payment, but the
// clinic's plan changes only when its webhook lands (the server writes what Stripe says, never what the browser
// claims). So Clinic settings re-reads the clinic every second for a while, and then says it is taking longer.
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/** Back from the clinic's checkout: Stripe took the payment, and the plan shows once its webhook has landed. */
export type ClinicCheckoutReturn = 'waiting' | 'slow' | 'cancelled' | null;

/** How often the clinic is re-read while waiting, and how long before the page says it is taking longer. */
export const CLINIC_CHECKOUT_POLL_MS = 1_000;
export const CLINIC_CHECKOUT_WAIT_MS = 20_000;

export function useClinicCheckoutReturn() {
  const [params, setParams] = useSearchParams();
  const [phase, setPhase] = useState<ClinicCheckoutReturn>(() => {
    const checkout = params.get('checkout');
    return checkout === 'done' ? 'waiting' : checkout === 'cancelled' ? 'cancelled' : null;
  });

  useEffect(() => {
    if (phase !== 'waiting') return;
    const timer = setTimeout(() => setPhase('slow'), CLINIC_CHECKOUT_WAIT_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  /** The plan is paid for now: the return is handled, and a reload neither polls nor says it again. */
  const confirmed = useCallback(() => {
    setPhase((current) => (current === 'waiting' || current === 'slow' ? null : current));
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
    pollMs: phase === 'waiting' ? CLINIC_CHECKOUT_POLL_MS : 0,
    confirmed,
    checkAgain: () => setPhase('waiting'),
    dismiss: () => setPhase(null),
  };
}
