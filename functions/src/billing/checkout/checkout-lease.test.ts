import { describe, expect, it } from 'vitest';
import { STRIPE_CALL_MAX_MS } from '../gateway/stripe-billing-gateway.js';
import { CHECKOUT_LEASE_MS } from './checkout-lease.js';

describe('checkout lease', () => {
  it('outlasts the slowest checkout the Stripe client allows: three calls, each at its timeout with every retry', () => {
    // A lease that ran out while its holder still waited on Stripe let a second checkout in (30 s did: one
    // call may take 20 s three times).
    expect(STRIPE_CALL_MAX_MS).toBeGreaterThanOrEqual(60_000);
    expect(CHECKOUT_LEASE_MS).toBeGreaterThan(3 * STRIPE_CALL_MAX_MS);
  });
});
