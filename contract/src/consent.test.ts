import { describe, expect, it } from 'vitest';
import { sessionConsentLabel, sessionConsentShortLabel } from './consent.js';

describe('sessionConsentLabel', () => {
  const consent = { method: 'verbal' as const, confirmedAt: '2026-12-03T10:02:00Z', confirmedByUid: 'u1', confirmedByName: 'Dr Ana Ruiz' };
  it('How, who and when', () => {
    expect(sessionConsentLabel(consent, { timeZone: 'UTC' })).toBe('Verbal consent confirmed by Dr Ana Ruiz, 3 Dec 2026, 10:02');
    expect(sessionConsentShortLabel({ ...consent, method: 'written' })).toBe('Written consent');
  });

  it('Without a name, no "by"', () => {
    expect(sessionConsentLabel({ ...consent, confirmedByName: ' ' }, { timeZone: 'UTC' })).toBe('Verbal consent confirmed, 3 Dec 2026, 10:02');
  });

  it('In a page’s own date format when given one', () => {
    expect(sessionConsentLabel(consent, { formatWhen: (iso) => `at ${iso}` })).toBe(`Verbal consent confirmed by Dr Ana Ruiz, at ${consent.confirmedAt}`);
  });
});
