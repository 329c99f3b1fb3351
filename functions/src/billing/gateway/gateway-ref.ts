import { unavailable } from '../../http/errors.js';
import type { BillingGateway } from './billing-gateway.js';

/**
 * The billing gateway if billing is configured (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET), else none:
 * everything that needs Stripe then answers 503 and says why, and the rest of the API runs as before.
 */
export class BillingGatewayRef {
  constructor(readonly gateway: BillingGateway | null) {}

  get configured(): boolean {
    return this.gateway !== null;
  }

  require(): BillingGateway {
    if (!this.gateway) throw unavailable('Billing is not configured on this server (STRIPE_SECRET_KEY is not set)');
    return this.gateway;
  }
}
