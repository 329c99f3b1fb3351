import type { AccountDataOwner } from '../../accounts/account-deletion.js';
import { logId, type Logger } from '../../logging/logger.js';
import { logBillingAccountClosed } from '../../logging/log-events.js';
import type { SubscriptionRepo } from '../../subscription/subscription-repo.js';
import type { BillingGatewayRef } from '../gateway/gateway-ref.js';

/** Referral credits the user earned as a referrer (referral/ fills it in; it imports customers/, not the reverse). */
export interface EarnedReferralCredits {
  deleteEarnedBy(referrerUid: string): Promise<number>;
}

/**
 * Account deletion reaching Stripe: the subscription ends now (no more charges) and the customer is
 * deleted (Stripe keeps its own records of past payments, as the law has it keep them). Runs before the
 * subscription record goes, since that holds the ids; both calls are idempotent, so a retried deletion
 * finishes the job. Credits the user earned as a referrer go too (they name the user).
 */
export function billingAccountOwner(subscriptions: SubscriptionRepo, gateway: BillingGatewayRef, credits: EarnedReferralCredits, logger: Logger): AccountDataOwner {
  return {
    name: 'billing',
    async deleteAllOwnedBy(uid) {
      const record = await subscriptions.find(null, uid);
      let closed = 0;
      // Without billing configured there is no Stripe to reach (ids can only be there if it was once).
      if (gateway.gateway && (record.stripeSubscriptionId || record.stripeCustomerId)) {
        const stripe = gateway.gateway;
        if (record.stripeSubscriptionId) await stripe.cancelSubscriptionNow(record.stripeSubscriptionId);
        if (record.stripeCustomerId) await stripe.deleteCustomer(record.stripeCustomerId);
        closed = 1;
        logBillingAccountClosed(logger, {
          uid: logId(uid),
          customerId: record.stripeCustomerId ? logId(record.stripeCustomerId) : undefined,
          subscriptionId: record.stripeSubscriptionId ? logId(record.stripeSubscriptionId) : undefined,
        });
      }
      return closed + (await credits.deleteEarnedBy(uid));
    },
  };
}
