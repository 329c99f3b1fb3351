import { describe, expect, it } from 'vitest';
import { monthOf, PlanLimits, planLimitMessage } from './plan-limits.js';

function limits(plan: 'free' | 'pro', count: number, now = new Date('2026-11-30T23:59:59Z')) {
  return new PlanLimits({ planOf: () => Promise.resolve(plan), countGenerated: () => Promise.resolve(count), freeDocumentationsPerMonth: 20, now: () => now });
}

describe('the free plan limit', () => {
  it('The month is the calendar month in UTC, and it resets at the start of the next', () => {
    expect(monthOf(new Date('2026-12-31T23:59:59Z'))).toEqual({ from: new Date('2026-12-01T00:00:00Z'), to: new Date('2027-01-01T00:00:00Z') });
  });

  it('Under the limit: allowed; at it: refused with the limit, the reset date and how to upgrade', async () => {
    expect(await limits('free', 19).refusalFor('u')).toBeNull();
    const refusal = await limits('free', 20).refusalFor('u');
    expect(refusal).toContain('20 documentations a month');
    expect(refusal).toContain('December 1, 2026');
    expect(refusal).toContain('Upgrade to Pro');
  });

  it('Pro has no limit', async () => {
    expect(await limits('pro', 5000).refusalFor('u')).toBeNull();
    expect(await limits('pro', 5000).usage('u')).toMatchObject({ plan: 'pro', monthlyLimit: null, documentationsThisMonth: 5000 });
  });

  it('Usage says the plan, the count, the limit and when it resets', async () => {
    expect(await limits('free', 3).usage('u')).toEqual({ plan: 'free', documentationsThisMonth: 3, monthlyLimit: 20, resetsAt: '2026-12-01T00:00:00.000Z' });
  });

  it('A limit of one reads in the singular', () => {
    expect(planLimitMessage(1, new Date('2027-01-01T00:00:00Z'))).toContain('1 documentation a month');
  });
});
