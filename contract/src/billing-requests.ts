// The Billing and referral routes' requests (docs/api.md "Billing and referral"), apart from billing.ts
// (its constants and response types, which every signed-in page reads) so that zod comes only where a
// request is built or checked; see billing.ts and session-requests.ts.
import { z } from 'zod';
import { PURCHASABLE_PLANS, REFERRAL_CODE_LIMITS } from './billing.js';

const purchasablePlan = z.enum(PURCHASABLE_PLANS);

/**
 * A referral code as a person types or pastes it: trimmed and upper-cased (codes are read aloud and typed by
 * hand), then letters and digits only.
 */
export const referralCodeField = z
  .string()
  .trim()
  .toUpperCase()
  .min(REFERRAL_CODE_LIMITS.minLength, `must be at least ${REFERRAL_CODE_LIMITS.minLength} characters`)
  .max(REFERRAL_CODE_LIMITS.maxLength, `must be at most ${REFERRAL_CODE_LIMITS.maxLength} characters`)
  .regex(/^[A-Z0-9]+$/, 'must be letters and digits only');

// --- Requests ---------------------------------------------------------------------------------------------

/** `GET /stripe/payments_link?plan=pro`: a hosted Checkout page for the caller's customer. */
export const paymentsLinkQuery = z.strictObject({ plan: purchasablePlan });

/** `POST /stripe/embedded_payments_link { plan }`: an embedded Checkout session. */
export const embeddedPaymentsLinkBody = z.strictObject({ plan: purchasablePlan });

/** `POST /stripe/create_customer {}`. */
export const createCustomerBody = z.strictObject({});

/** `POST /stripe/balance {}`. */
export const balanceBody = z.strictObject({});

/** `POST /referral/lookup_customer_name { referralCode }` (public). */
export const lookupCustomerNameBody = z.strictObject({ referralCode: referralCodeField });
