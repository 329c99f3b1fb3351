import { conflict } from '../http/errors.js';
import { isCancellable, toContract, type Subscription, type SubscriptionRecord } from './subscription.js';
import type { SubscriptionRepo } from './subscription-repo.js';

/**
 * The payment provider's side of a subscription (billing fills it in): changing it there, then recording
 * the provider's answer, so our record never claims what Stripe does not hold.
 */
export interface ProviderSubscriptions {
  setCancelAtPeriodEnd(subscriptionId: string, cancelAtPeriodEnd: boolean): Promise<SubscriptionRecord | null>;
}

/** Subscription use cases available to the user. Plan changes themselves come from billing. */
export class SubscriptionService {
  constructor(
    private readonly repo: SubscriptionRepo,
    private readonly provider: ProviderSubscriptions | null = null,
  ) {}

  async get(uid: string): Promise<Subscription> {
    return toContract(await this.repo.find(null, uid));
  }

  /**
   * Cancel at the end of the paid period, or keep renewing. Idempotent on a running paid subscription;
   * without one (the free plan, an ended subscription) 409 whichever way is asked (docs/decisions.md "API and app decisions"),
   * so "keep renewing" on the free plan is not a 200 that pretends there was something to keep. A Stripe
   * subscription is changed in Stripe and recorded as Stripe answers; a record without one (a plan granted
   * by hand) changes here only.
   */
  async setCancelAtPeriodEnd(uid: string, cancelAtPeriodEnd: boolean): Promise<Subscription> {
    const current = await this.repo.find(null, uid);
    if (!isCancellable(current)) throw conflict('There is no running paid subscription to change', 'cancelAtPeriodEnd');
    if (current.cancelAtPeriodEnd === cancelAtPeriodEnd) return toContract(current);
    if (current.stripeSubscriptionId && this.provider) {
      const recorded = await this.provider.setCancelAtPeriodEnd(current.stripeSubscriptionId, cancelAtPeriodEnd);
      return toContract(recorded ?? (await this.repo.find(null, uid)));
    }
    return this.repo.runTransaction(async (tx) => {
      const record = await this.repo.find(tx, uid);
      if (!isCancellable(record)) throw conflict('There is no running paid subscription to change', 'cancelAtPeriodEnd');
      if (record.cancelAtPeriodEnd === cancelAtPeriodEnd) return toContract(record);
      const updated = { ...record, cancelAtPeriodEnd };
      this.repo.save(tx, updated);
      return toContract(updated);
    });
  }
}
