import { logCode, logId, type Logger } from '../../logging/logger.js';
import { logStripeEventFailed, logStripeEventHandled } from '../../logging/log-events.js';
import type { SubscriptionRepo } from '../../subscription/subscription-repo.js';
import type { ProviderEvent } from '../gateway/billing-gateway.js';
import type { BillingGatewayRef } from '../gateway/gateway-ref.js';
import type { ReferralService } from '../referral/referral-service.js';
import type { SubscriptionSync } from '../sync/subscription-sync.js';
import type { StripeEventRepo } from './stripe-event-repo.js';

/** Events that may change a subscription: for each, its current state is read from Stripe and recorded. */
export function changesSubscription(type: string): boolean {
  return type.startsWith('customer.subscription.') || type.startsWith('invoice.') || type === 'checkout.session.completed';
}

/**
 * POST /stripe/webhook after its signature held. Every event id is recorded once handled, so a redelivery
 * is a no-op; a failure propagates (the route answers 5xx) so Stripe delivers the event again.
 */
export class WebhookService {
  constructor(
    private readonly gateway: BillingGatewayRef,
    private readonly events: StripeEventRepo,
    private readonly sync: SubscriptionSync,
    private readonly subscriptions: SubscriptionRepo,
    private readonly referrals: ReferralService,
    private readonly logger: Logger,
    private readonly now: () => Date,
  ) {}

  /** Verifies the signature over the raw body (throws WebhookSignatureError) and handles the event. */
  async receive(rawBody: Buffer, signature: string | undefined): Promise<void> {
    const event = this.gateway.require().verifyWebhook(rawBody, signature);
    const started = Date.now();
    const fields = { eventId: logId(event.id), type: logCode(event.type) };
    if (await this.events.wasHandled(event.id)) {
      logStripeEventHandled(this.logger, { ...fields, outcome: logCode('duplicate'), durationMs: Date.now() - started });
      return;
    }
    try {
      const outcome = await this.handle(event);
      await this.events.recordHandled(event.id, event.type, this.now());
      logStripeEventHandled(this.logger, { ...fields, outcome: logCode(outcome), durationMs: Date.now() - started });
    } catch (err) {
      logStripeEventFailed(this.logger, { ...fields, errorName: logCode(err instanceof Error ? err.name : 'unknown') });
      throw err;
    }
  }

  private async handle(event: ProviderEvent): Promise<string> {
    if (!changesSubscription(event.type)) return 'ignored';
    if (event.subscriptionId) await this.sync.syncFromProvider(event.subscriptionId);
    if (event.type === 'invoice.paid' && event.customerId && event.invoice && event.invoice.amountPaid > 0) {
      const uid = await this.subscriptions.uidOfCustomer(event.customerId);
      if (uid) await this.referrals.creditReferrerOf(uid, event.invoice.id);
    }
    return event.subscriptionId ? 'synced' : 'no_subscription';
  }
}
