// Billing and referral (docs/api.md "Billing and referral"): what the Stripe routes answer, the plan usage
// the web shows against the free limit, and the referral code's limits. What they take (zod schemas) is in
// billing-requests.ts, apart on purpose: every signed-in page reads these constants, and a bundler puts a
// module's code in one chunk, so schemas here brought zod (about 20 KB gzip) to every signed-in page.
import type { SubscriptionPlan } from './subscription.js';

// --- Plans ------------------------------------------------------------------------------------------------

/** The plans a checkout can buy. `free` is what everyone has without one, so it is never sold. */
export const PURCHASABLE_PLANS = ['pro'] as const satisfies readonly SubscriptionPlan[];

export type PurchasablePlan = (typeof PURCHASABLE_PLANS)[number];

// --- Referral codes -----------------------------------------------------------------------------------------

export const REFERRAL_CODE_LIMITS = { minLength: 4, maxLength: 32 } as const;

/**
 * How long after an account is made `PUT /profile { referredByCode }` is taken (and the web app sends a
 * remembered code): sign-up, then the first page of the app, normally seconds apart; a day leaves room for a
 * verification email read later. The API refuses the code after it (409, field `referredByCode`), and after
 * the account's first payment, so an old or paying account cannot be "referred" to earn its referrer a credit.
 */
export const REFERRAL_CLAIM_WINDOW_MS = 24 * 60 * 60 * 1000;

// --- Responses --------------------------------------------------------------------------------------------

/** `GET /stripe/payments_link` and `GET /stripe/portal_link`. */
export interface BillingLinkResponse {
  url: string;
}

/** `POST /stripe/embedded_payments_link`: what Stripe.js (or the emulator's page) opens Checkout with. */
export interface EmbeddedPaymentsLinkResponse {
  clientSecret: string;
}

/** `POST /stripe/create_customer`: the caller's one Stripe customer, made on the first call. */
export interface CreateCustomerResponse {
  customerId: string;
}

/**
 * The customer's credit, in the currency's smallest unit (cents), as a positive amount: Stripe stores credit
 * as a negative balance, and this is that balance negated. 0 without a customer.
 */
export interface CustomerBalance {
  amount: number;
  currency: string;
}

/** `POST /stripe/balance`. */
export interface BalanceResponse {
  balance: CustomerBalance;
}

/** `POST /referral/lookup_customer_name`: the referrer's first name and last initial ("Maria G."), never more. */
export interface LookupCustomerNameResponse {
  name: string;
}

/** `POST /stripe/webhook`. */
export interface WebhookResponse {
  received: true;
}

// --- Usage (our extension: GET /subscription/usage) ----------------------------------------------------------

/**
 * The caller's documentations this calendar month (UTC) against their plan's limit. `monthlyLimit` is null on
 * a plan without one (`pro`). `resetsAt` is the start of next month (UTC), when the count starts again.
 */
export interface PlanUsage {
  plan: SubscriptionPlan;
  documentationsThisMonth: number;
  monthlyLimit: number | null;
  resetsAt: string;
}

export interface PlanUsageResponse {
  usage: PlanUsage;
}

/** The field a plan-limit 403 (`permission_denied`) names, so clients can tell it from other refusals. */
export const PLAN_LIMIT_FIELD = 'plan';

/**
 * A session's `error.code` when the pipeline stopped at the transcript because the free plan's monthly limit
 * was reached: the audio and transcript are kept, and `POST /session/process` documents it once the caller
 * has upgraded or the month has turned. The session's status is `failed` with this code (nothing is lost).
 */
export const PLAN_LIMIT_SESSION_ERROR_CODE = 'plan_limit_reached';
