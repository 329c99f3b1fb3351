import { conflict } from '../http/errors.js';
import { isCancellable, type Subscription } from './subscription.js';
import type { SubscriptionRepo } from './subscription-repo.js';

/** Subscription use cases available to the user. Plan changes themselves come from billing. */
export class SubscriptionService {
  constructor(private readonly repo: SubscriptionRepo) {}

  get(uid: string): Promise<Subscription> {
    return this.repo.find(null, uid);
  }

  /** Cancel at the end of the paid period, or keep renewing. Idempotent. */
  setCancelAtPeriodEnd(uid: string, cancelAtPeriodEnd: boolean): Promise<Subscription> {
    return this.repo.runTransaction(async (tx) => {
      const current = await this.repo.find(tx, uid);
      if (current.cancelAtPeriodEnd === cancelAtPeriodEnd) return current;
      if (!isCancellable(current)) {
        throw conflict('There is no running paid subscription to change', 'cancelAtPeriodEnd');
      }
      const updated = { ...current, cancelAtPeriodEnd };
      this.repo.save(tx, updated);
      return updated;
    });
  }
}
