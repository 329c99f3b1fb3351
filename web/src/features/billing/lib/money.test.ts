import { describe, expect, it } from 'vitest';
import { formatMinorUnits } from './money';

describe('formatMinorUnits', () => {
  it('reads Stripe amounts in the smallest unit, per currency', () => {
    expect(formatMinorUnits(1000, 'usd')).toMatch(/\$10\.00/);
    expect(formatMinorUnits(0, 'eur')).toMatch(/0[.,]00/);
    // Yen has no minor unit: 1000 is ¥1,000, not ¥10.
    expect(formatMinorUnits(1000, 'jpy')).toMatch(/1,000/);
  });

  it('shows an unknown currency code instead of failing', () => {
    expect(formatMinorUnits(250, 'zzzz')).toBe('2.50 ZZZZ');
  });
});
