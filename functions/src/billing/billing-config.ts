/**
 * Billing's settings, read once from the environment with the rest of the API's (config.ts). Prices, the free
 * plan's limit, the trial and the referral credit are configuration, not code. Without a Stripe key billing
 * is off: the Stripe routes answer 503 and every user is on the plan their record says (free without one).
 */

/** How the API reaches Stripe: api.stripe.com in production, the local emulator when STRIPE_API_BASE is set. */
export interface StripeConnection {
  secretKey: string;
  /** The signing secret of the webhook endpoint (Stripe dashboard → Webhooks, or the emulator's). */
  webhookSecret: string;
  /** `http://127.0.0.1:12111` for the emulator; null talks to Stripe itself. */
  apiBase: URL | null;
}

export interface BillingConfig {
  /** null: billing is not configured (no STRIPE_SECRET_KEY). */
  stripe: StripeConnection | null;
  /** The Stripe price a Pro subscription is sold at (STRIPE_PRICE_PRO). */
  proPriceId: string | null;
  /** Documentations a free user may generate a calendar month (UTC). */
  freeDocumentationsPerMonth: number;
  /** Days of trial a new Pro subscription starts with; 0: none. */
  trialDays: number;
  /** What a referrer is credited when someone they referred pays a first invoice, in the currency's cents. */
  referralCredit: { amount: number; currency: string };
  /**
   * The key the referral ledger's entries are made under (`REFERRAL_HMAC_SECRET`, HMAC-SHA256 of a referred
   * person's normalized email and card fingerprints): at least 32 characters, random, a Secret Manager secret
   * in production, where billing does not start without it. Unset elsewhere, no referral is credited (a
   * credit could not be tied to its person); the README commands set a fixed development key. Changing it
   * forgets who was credited before, so people could be credited once more: keep it.
   */
  referralLedgerSecret: string | undefined;
  /** How old a webhook's signed timestamp may be (Stripe's SDK default, said out loud). */
  webhookToleranceSec: number;
}

export const BILLING_DEFAULTS = {
  freeDocumentationsPerMonth: 20,
  trialDays: 0,
  referralCredit: { amount: 1000, currency: 'usd' },
  webhookToleranceSec: 300,
} as const;

function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, max: number): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  if (!/^(0|[1-9][0-9]*)$/.test(value) || Number(value) > max) throw new Error(`${name} must be a whole number from 0 to ${max}, not "${value}"`);
  return Number(value);
}

function apiBaseOf(value: string | undefined): URL | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`STRIPE_API_BASE must be an absolute http(s) URL, not "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`STRIPE_API_BASE must be http(s), not "${value}"`);
  return url;
}

const MIN_REFERRAL_SECRET_LENGTH = 32;

function referralLedgerSecretOf(env: NodeJS.ProcessEnv, billingOn: boolean, production: boolean): string | undefined {
  const secret = env['REFERRAL_HMAC_SECRET'] || undefined;
  if (secret === undefined && billingOn && production) throw new Error('REFERRAL_HMAC_SECRET is not set: referral credits need a server key to be given once per person');
  if (secret !== undefined && secret.length < MIN_REFERRAL_SECRET_LENGTH) throw new Error(`REFERRAL_HMAC_SECRET must be at least ${MIN_REFERRAL_SECRET_LENGTH} characters`);
  return secret;
}

/** `production`: serving deployed (config.ts decides), where a missing referral key stops billing from starting. */
export function billingConfigFromEnv(env: NodeJS.ProcessEnv, production = false): BillingConfig {
  const secretKey = env['STRIPE_SECRET_KEY'] || null;
  const webhookSecret = env['STRIPE_WEBHOOK_SECRET'] || null;
  if (secretKey && !webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET must be set with STRIPE_SECRET_KEY: webhooks cannot be verified without it');
  const currency = (env['REFERRAL_CREDIT_CURRENCY'] || BILLING_DEFAULTS.referralCredit.currency).toLowerCase();
  if (!/^[a-z]{3}$/.test(currency)) throw new Error(`REFERRAL_CREDIT_CURRENCY must be a three-letter currency code, not "${currency}"`);
  return {
    stripe: secretKey && webhookSecret ? { secretKey, webhookSecret, apiBase: apiBaseOf(env['STRIPE_API_BASE']) } : null,
    proPriceId: env['STRIPE_PRICE_PRO'] || null,
    freeDocumentationsPerMonth: wholeNumber(env, 'FREE_DOCUMENTATIONS_PER_MONTH', BILLING_DEFAULTS.freeDocumentationsPerMonth, 1_000_000),
    trialDays: wholeNumber(env, 'TRIAL_DAYS', BILLING_DEFAULTS.trialDays, 730),
    referralCredit: { amount: wholeNumber(env, 'REFERRAL_CREDIT_AMOUNT', BILLING_DEFAULTS.referralCredit.amount, 100_000_000), currency },
    referralLedgerSecret: referralLedgerSecretOf(env, Boolean(secretKey), production),
    webhookToleranceSec: BILLING_DEFAULTS.webhookToleranceSec,
  };
}
