// Who a referred person is, in a form that outlives their account and names nobody: the referral ledger's
// keys (docs/billing.md "Billing and referrals"). A referral is credited at most once per person, and a person is
// their verified email (normalized, so one inbox is one person) and the cards they paid with (Stripe's card
// fingerprint, the same for every use of one card number).
import { createHmac } from 'node:crypto';

/** Providers whose addresses ignore dots in the local part: `m.garcia@gmail.com` is `mgarcia@gmail.com`. */
const DOTS_IGNORED = new Set(['gmail.com', 'googlemail.com']);

/**
 * One inbox, one string: trimmed, NFC, lower-cased (as Firebase Auth compares addresses), the sub-address
 * (`+anything`) dropped, and Gmail's dots and googlemail.com folded. Two accounts of one person made with
 * `maria+2@…` or `m.aria@gmail.com` therefore meet. Folding more than a provider does only ever refuses a
 * credit (two people sharing a key), never grants one twice. Null for something that is not an address.
 */
export function normalizedEmail(email: string): string | null {
  const address = email.trim().normalize('NFC').toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0 || at === address.length - 1) return null;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (DOTS_IGNORED.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return local ? `${local}@${domain}` : null;
}

/** Whether two addresses are one inbox (false when either is missing or not an address). */
export function sameInbox(a: string | null, b: string | null): boolean {
  const left = a ? normalizedEmail(a) : null;
  return left !== null && left === (b ? normalizedEmail(b) : null);
}

/**
 * The ledger's keys, HMAC-SHA256 under REFERRAL_HMAC_SECRET. Keyed, not plain hashes: addresses can be
 * guessed and a plain hash of one is reversed by trying them; without the key the ledger says nothing about
 * anyone, and it holds nothing else (no uid, no address, no card detail), so it stays when accounts go.
 */
export class ReferralPersonKeys {
  constructor(private readonly secret: string) {}

  private hmac(kind: string, value: string): string {
    // NUL occurs in neither an address nor a fingerprint, so kind and value cannot run into each other.
    return createHmac('sha256', this.secret).update(`${kind}\0${value}`).digest('hex');
  }

  /** Null for something that is not an address (no key: nothing to compare). */
  emailKey(email: string): string | null {
    const normalized = normalizedEmail(email);
    return normalized ? this.hmac('email', normalized) : null;
  }

  cardKey(fingerprint: string): string {
    return this.hmac('card', fingerprint);
  }
}
