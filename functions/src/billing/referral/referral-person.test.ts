import { describe, expect, it } from 'vitest';
import { normalizedEmail, ReferralPersonKeys, sameInbox } from './referral-person.js';

describe('normalizedEmail', () => {
  it.each([
    [' Maria.Garcia@Example.org ', 'maria.garcia@example.org'],
    ['maria+second@example.org', 'maria@example.org'],
    ['m.a.r.i.a+x@GoogleMail.com', 'maria@gmail.com'],
    ['maria@gmail.com', 'maria@gmail.com'],
    ['not an address', null],
    ['@example.org', null],
    ['+tag@example.org', '+tag@example.org'],
  ])('%j → %j', (email, expected) => {
    expect(normalizedEmail(email)).toBe(expected);
  });
});

describe('sameInbox', () => {
  it('One inbox under its spellings; different ones and missing ones are not', () => {
    expect(sameInbox('maria@example.org', 'MARIA+work@example.org')).toBe(true);
    expect(sameInbox('mar.ia@gmail.com', 'maria@googlemail.com')).toBe(true);
    expect(sameInbox('mar.ia@example.org', 'maria@example.org')).toBe(false);
    expect(sameInbox(null, null)).toBe(false);
    expect(sameInbox('x', 'x')).toBe(false);
  });
});

describe('ReferralPersonKeys', () => {
  const keys = new ReferralPersonKeys('k'.repeat(32));

  it('One key per inbox, another per card, and none that holds what it keys', () => {
    const key = keys.emailKey('Maria+2@example.org')!;
    expect(key).toBe(keys.emailKey('maria@example.org'));
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(key).not.toBe(keys.emailKey('other@example.org'));
    expect(keys.cardKey('Xt5EWLLDS7FJjR1c')).toBe(keys.cardKey('Xt5EWLLDS7FJjR1c'));
    expect(keys.cardKey('Xt5EWLLDS7FJjR1c')).not.toBe(keys.cardKey('Xt5EWLLDS7FJjR1d'));
    expect(keys.emailKey('not an address')).toBeNull();
  });

  it('Under another secret, other keys (without the secret the ledger names nobody)', () => {
    expect(new ReferralPersonKeys('j'.repeat(32)).emailKey('maria@example.org')).not.toBe(keys.emailKey('maria@example.org'));
  });
});
