// Back from checkout on Plan & billing: the shared return machine (lib/use-checkout-return.ts) over the
// clinician's own plan, which it re-reads while waiting; once Pro shows, usage is read again too.
import { useEffect } from 'react';
import { useSWRConfig } from 'swr';
import { PLAN_USAGE_KEY, useSubscription } from '@/data/billing';
import { useCheckoutReturn as useReturnPhase } from '@/lib/use-checkout-return';

export { CHECKOUT_WAIT_MS, type CheckoutReturnPhase } from '@/lib/use-checkout-return';

export function useCheckoutReturn() {
  const { phase, pollMs, awaiting, confirm, checkAgain, dismiss } = useReturnPhase();
  const { mutate } = useSWRConfig();
  const subscription = useSubscription({ refreshInterval: pollMs });
  const plan = subscription.data?.subscription.plan;

  useEffect(() => {
    if (!awaiting || plan === undefined || plan === 'free') return;
    confirm();
    // The limit no longer applies: every notice reading usage must see it.
    void mutate(PLAN_USAGE_KEY);
  }, [awaiting, plan, confirm, mutate]);

  return {
    phase,
    subscription,
    checkAgain: () => {
      checkAgain();
      void subscription.mutate();
    },
    dismiss,
  };
}
