import { describe, expect, it } from 'vitest';
import { subscription } from '@/test/fixtures';
import { canManageBilling, periodLine, subscriptionWarning } from './plan';

const pro = subscription({ plan: 'pro', status: 'active', currentPeriodEnd: '2026-12-21T10:00:00.000Z', stripeCustomerId: 'cus_1' });

describe('periodLine', () => {
  it('says when Pro renews, or when a cancelled Pro ends and what remains', () => {
    expect(periodLine(pro)).toMatch(/^Renews on .*2026\.$/);
    expect(periodLine({ ...pro, cancelAtPeriodEnd: true })).toMatch(/^Cancelled: Pro ends on .*2026, then you are on the free plan/);
    expect(periodLine({ ...pro, status: 'trialing' })).toMatch(/^Your trial ends on/);
  });

  it('says nothing on the free plan, nor without a date', () => {
    expect(periodLine(subscription())).toBeNull();
    expect(periodLine({ ...pro, currentPeriodEnd: null })).toBeNull();
    expect(periodLine({ ...pro, currentPeriodEnd: 'not a date' })).toBeNull();
  });
});

describe('subscriptionWarning', () => {
  it('asks for a new payment method when a payment failed, and only then', () => {
    expect(subscriptionWarning({ ...pro, status: 'past_due' })).toMatch(/Update your payment method in Manage billing/);
    expect(subscriptionWarning(pro)).toBeNull();
  });
});

describe('canManageBilling', () => {
  it('needs a Stripe customer', () => {
    expect(canManageBilling(pro)).toBe(true);
    expect(canManageBilling(subscription())).toBe(false);
  });
});
