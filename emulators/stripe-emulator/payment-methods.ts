/**
 * Card PaymentMethods, as Checkout leaves them: the card the customer paid with, attached to the customer
 * and set as the subscription's `default_payment_method`. Each carries Stripe's `card.fingerprint`, which
 * "uniquely identifies this particular card number" within an account: the same number gives the same
 * fingerprint on every PaymentMethod made from it (another customer's, a later checkout's), another number
 * another one, and another account (Stripe scopes fingerprints to the merchant) another one again. The
 * emulator takes any number that passes the Luhn check, as Stripe's test mode takes its test cards; none is
 * declined. Read through `GET /v1/customers/:id/payment_methods` (and `/:pm`) and `GET /v1/payment_methods/:id`.
 */
import { createHmac } from 'node:crypto';
import { visibleTo } from './accounts.ts';
import { answerObject, type ApiHandler } from './api.ts';
import { requireCustomer } from './customers.ts';
import { render } from './render.ts';
import { newestFirst, type Customer, type EmulatorState, type PaymentMethod } from './state.ts';
import { invalidRequest, listPage, newId, nowSeconds, resourceMissing } from './wire.ts';

/** What the checkout page offers and a control call without `card` pays with: Stripe's best-known test Visa. */
export const DEFAULT_TEST_CARD = '4242424242424242';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Digits only (spaces and dashes as people type them dropped), or null if that is not a card number. */
export function parseCardNumber(input: string): string | null {
  const digits = input.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits)) return null;
  // Luhn: from the right, every second digit doubled (less 9 past 9); the sum is a multiple of 10.
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0 ? digits : null;
}

/** The card's brand by its leading digits, in Stripe's names. */
function brandOf(number: string): string {
  if (number.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(number)) return 'discover';
  if (/^35/.test(number)) return 'jcb';
  if (/^3(0|6|8)/.test(number)) return 'diners';
  if (/^62/.test(number)) return 'unionpay';
  return 'unknown';
}

/**
 * Stripe's fingerprint for a card number in one account: 16 letters and digits, the same for the same
 * number and account, every time (a keyed hash: the number cannot be read back from it).
 */
export function cardFingerprint(account: string, number: string): string {
  const digest = createHmac('sha256', `stripe-emulator-card-fingerprint\0${account}`).update(number).digest();
  let out = '';
  for (let i = 0; i < 16; i++) out += ALPHANUMERIC[digest[i]! % ALPHANUMERIC.length];
  return out;
}

/** A card PaymentMethod made from `number` (already parsed) and attached to the customer, as Checkout does. */
export function attachCard(state: EmulatorState, account: string, customer: Customer, number: string): PaymentMethod {
  const now = nowSeconds();
  const brand = brandOf(number);
  const paymentMethod: PaymentMethod = {
    id: newId('pm'),
    object: 'payment_method',
    allow_redisplay: 'limited',
    billing_details: { address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null }, email: customer.email, name: customer.name, phone: null, tax_id: null },
    card: {
      brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      country: 'US',
      display_brand: brand,
      exp_month: 12,
      exp_year: new Date(now * 1000).getUTCFullYear() + 5,
      fingerprint: cardFingerprint(account, number),
      funding: 'credit',
      generated_from: null,
      last4: number.slice(-4),
      networks: { available: [brand], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: now,
    customer: customer.id,
    customer_account: null,
    livemode: false,
    metadata: {},
    type: 'card',
  };
  state.paymentMethods.set(paymentMethod.id, paymentMethod);
  return paymentMethod;
}

function requirePaymentMethod(state: EmulatorState, id: string): PaymentMethod {
  const paymentMethod = state.paymentMethods.get(id);
  if (!paymentMethod) throw resourceMissing('payment_method', id);
  return paymentMethod;
}

export const retrievePaymentMethod: ApiHandler = (req) => {
  req.params.only(['expand']);
  return answerObject(req, requirePaymentMethod(req.state, req.ids[0]!));
};

const TYPES = ['acss_debit', 'affirm', 'bacs_debit', 'bancontact', 'card', 'customer_balance', 'ideal', 'klarna', 'link', 'paypal', 'sepa_debit', 'us_bank_account'];

/** `GET /v1/customers/:id/payment_methods`: the customer's, newest first, optionally of one `type`. */
export const listCustomerPaymentMethods: ApiHandler = (req) => {
  req.params.only(['allow_redisplay', 'ending_before', 'expand', 'limit', 'starting_after', 'type']);
  const customer = requireCustomer(req.state, req.ids[0]!, 'customer');
  const type = req.params.string('type');
  if (type !== undefined && !TYPES.includes(type)) throw invalidRequest(`Invalid type: ${type}`, 'parameter_invalid', 'type');
  const redisplay = req.params.string('allow_redisplay', { oneOf: ['always', 'limited', 'unspecified'] });
  const methods = newestFirst(req.state.paymentMethods.values()).filter(
    (pm) => pm.customer === customer.id && visibleTo(req.state, pm.id, req.account) && (type === undefined || pm.type === type) && (redisplay === undefined || pm.allow_redisplay === redisplay),
  );
  return { body: listPage(methods, `/v1/customers/${customer.id}/payment_methods`, req.params, (pm) => render(pm, req.version)) };
};

/** `GET /v1/customers/:id/payment_methods/:pm`: one of the customer's; another customer's is missing. */
export const retrieveCustomerPaymentMethod: ApiHandler = (req) => {
  req.params.only(['expand']);
  const customer = requireCustomer(req.state, req.ids[0]!, 'customer');
  const paymentMethod = requirePaymentMethod(req.state, req.ids[1]!);
  if (paymentMethod.customer !== customer.id) throw resourceMissing('payment_method', paymentMethod.id);
  return answerObject(req, paymentMethod);
};
