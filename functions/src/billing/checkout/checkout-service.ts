import type { CustomerBalance, PurchasablePlan } from '@charta/contract';
import { ApiError, conflict, unavailable } from '../../http/errors.js';
import type { SubscriptionRepo } from '../../subscription/subscription-repo.js';
import type { BillingConfig } from '../billing-config.js';
import type { CustomerService } from '../customers/customer-service.js';
import type { CheckoutMode } from '../gateway/billing-gateway.js';
import type { CheckoutLeases } from './checkout-lease.js';
import type { BillingGatewayRef } from '../gateway/gateway-ref.js';
import { isPaidOrOwed } from '../sync/provider-subscription.js';

/**
 * Where Stripe sends the clinician back: the Plan & billing page, which polls until the webhook has landed.
 * `{CHECKOUT_SESSION_ID}` is Stripe's placeholder, filled in by Stripe (and by the emulator).
 */
export function billingReturnUrls(appUrl: string, page: BillingPage = '/billing') {
  return {
    checkoutDone: `${appUrl}${page}?checkout=done&session_id={CHECKOUT_SESSION_ID}`,
    checkoutCancelled: `${appUrl}${page}?checkout=cancelled`,
    portalReturn: `${appUrl}${page}`,
  };
}

/** The app's pages billing returns to: a clinician's Plan & billing, or Clinic settings for a clinic's seats. */
export type BillingPage = '/billing' | '/clinic';

/** What a checkout buys and where it comes back to: one for a clinician's own plan; a clinic's seats (clinic-seats.ts). */
export interface CheckoutTerms {
  quantity: number;
  page: BillingPage;
}

const OWN_PLAN: CheckoutTerms = { quantity: 1, page: '/billing' };

/**
 * 409 for a checkout asked while another of the same user's is being made (a double click, two tabs at once):
 * answered at once with `Retry-After`, since waiting would only make a session that ends the winner's.
 */
export class CheckoutInProgress extends ApiError {
  /** The lease is held for the few seconds three Stripe calls take. */
  readonly retryAfterSec = 2;

  constructor() {
    super('conflict', 'Another checkout for your account is being opened right now: use that one, or try again in a moment', 'checkout');
  }
}

/** Upgrading (Checkout, hosted or embedded), managing billing (the Customer Portal) and the credit balance. */
export class CheckoutService {
  constructor(
    private readonly subscriptions: SubscriptionRepo,
    private readonly customers: CustomerService,
    private readonly gateway: BillingGatewayRef,
    private readonly config: Pick<BillingConfig, 'proPriceId' | 'trialDays' | 'referralCredit'>,
    private readonly leases: CheckoutLeases,
  ) {}

  private readonly refusals: ((uid: string) => Promise<string | null>)[] = [];

  /**
   * A reason a holder may not buy a plan of their own right now, or null: a member of a paid clinic is Pro
   * through it (clinics/clinic-seats.ts registers this), and a plan of their own would bill them twice.
   */
  refuseCheckoutWhen(reason: (uid: string) => Promise<string | null>): void {
    this.refusals.push(reason);
  }

  /** A hosted Checkout page's URL; Stripe sends the clinician back to `appUrl` (http/app-url.ts). */
  async hostedCheckoutUrl(uid: string, plan: PurchasablePlan, appUrl: string, terms: CheckoutTerms = OWN_PLAN): Promise<string> {
    const { url } = await this.checkout(uid, plan, 'hosted', appUrl, terms);
    if (!url) throw new Error('Stripe answered a hosted checkout session without a url');
    return url;
  }

  /** What embedded Checkout opens with. */
  async embeddedCheckoutSecret(uid: string, plan: PurchasablePlan, appUrl: string): Promise<string> {
    const { clientSecret } = await this.checkout(uid, plan, 'embedded', appUrl, OWN_PLAN);
    if (!clientSecret) throw new Error('Stripe answered an embedded checkout session without a client_secret');
    return clientSecret;
  }

  /**
   * A Checkout Session for the caller's customer; a second Pro subscription is refused (409 naming `plan`).
   * Our record learns of a payment from its webhook, which lands after the customer paid (or much later while
   * Stripe retries a failed delivery), so Stripe is asked too: a second checkout in that gap would charge twice.
   * The customer's earlier open sessions (another tab, an abandoned page) are ended first, so nothing but the
   * new session can be paid from the moment Stripe is asked: two tabs cannot both be paid. Those three calls
   * run under the user's checkout lease, so two in the same instant cannot each end the sessions before the
   * other's is made: the one that did not get the lease answers 409 at once (field `checkout`, Retry-After)
   * instead of waiting, since its session would only end the winner's.
   */
  private async checkout(uid: string, plan: PurchasablePlan, mode: CheckoutMode, appUrl: string, terms: CheckoutTerms): Promise<{ url: string | null; clientSecret: string | null }> {
    const gateway = this.gateway.require();
    const priceId = this.config.proPriceId;
    if (!priceId) throw unavailable('Billing has no price for Pro configured on this server (STRIPE_PRICE_PRO)');
    for (const refusal of this.refusals) {
      const reason = await refusal(uid);
      if (reason) throw conflict(reason, 'plan');
    }
    const record = await this.subscriptions.find(null, uid);
    const alreadyPro = () => conflict('You are already on Pro: manage your subscription with Manage billing', 'plan');
    if (record.plan === plan) throw alreadyPro();
    const customerId = await this.customers.customerIdOf(uid);
    const held = await this.leases.holding(uid, async () => {
      await gateway.expireOpenCheckoutSessions(customerId);
      if ((await gateway.subscriptionStatusesOf(customerId)).some(isPaidOrOwed)) throw alreadyPro();
      const urls = billingReturnUrls(appUrl, terms.page);
      return gateway.createCheckoutSession({ uid, customerId, priceId, quantity: terms.quantity, trialDays: this.config.trialDays, mode, returnUrl: urls.checkoutDone, cancelUrl: urls.checkoutCancelled });
    });
    if (!held) throw new CheckoutInProgress();
    return { url: held.value.url, clientSecret: held.value.clientSecret };
  }

  async portalUrl(uid: string, appUrl: string, page: BillingPage = '/billing'): Promise<string> {
    const gateway = this.gateway.require();
    const customerId = await this.customers.customerIdOf(uid);
    return (await gateway.createPortalSession(customerId, billingReturnUrls(appUrl, page).portalReturn)).url;
  }

  /** The caller's credit (Stripe's balance negated: credit is positive); 0 without a customer. */
  async balance(uid: string): Promise<CustomerBalance> {
    const gateway = this.gateway.require();
    const customerId = await this.customers.existingCustomerIdOf(uid);
    const customer = customerId ? await gateway.retrieveCustomer(customerId) : null;
    // 0 - balance, not -balance: no balance is 0, never -0.
    return { amount: customer ? 0 - customer.balance : 0, currency: customer?.currency ?? this.config.referralCredit.currency };
  }
}
