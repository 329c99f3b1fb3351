import type { ClinicBilling } from '@charta/contract';
import type { CheckoutService } from '../billing/checkout/checkout-service.js';
import type { BillingGatewayRef } from '../billing/gateway/gateway-ref.js';
import type { SubscriptionSync } from '../billing/sync/subscription-sync.js';
import { conflict } from '../http/errors.js';
import { logCode, logId, type Logger } from '../logging/logger.js';
import { logClinicSeatsNotSynced, logClinicSeatsSynced } from '../logging/log-events.js';
import { isCancellable, type SubscriptionRecord } from '../subscription/subscription.js';
import type { SubscriptionRepo } from '../subscription/subscription-repo.js';
import type { ClinicRepo } from './clinic-repo.js';

/**
 * Who pays for a clinic's seats, in billing's terms: billing keeps one record and one Stripe customer per
 * payer (`subscriptions/{payer}`, billing/customers/customer-service.ts), and a clinic is a payer of its own
 * beside its members, so checkout, the portal, webhooks and the sync serve it unchanged. The underscore keeps it
 * apart from every uid Charta has (Firebase makes them, of letters and digits only, for every way of signing in),
 * and it is one of the few characters Stripe takes everywhere an id goes (a Checkout Session's reference).
 */
const PAYER_PREFIX = 'clinic_';
export const clinicPayer = (clinicId: string) => `${PAYER_PREFIX}${clinicId}`;
export const clinicOfPayer = (payer: string): string | null => (payer.startsWith(PAYER_PREFIX) ? payer.slice(PAYER_PREFIX.length) : null);

/** How often a seat count is set again when members joined or left while it was being set (each time converges). */
const MAX_SEAT_PASSES = 3;

/**
 * Seats and billing of a clinic (docs/clinics.md "Seats and billing"): one subscription, one seat per member
 * (Stripe's quantity, set to the member count whenever someone joins or leaves, prorated as Stripe does), bought
 * and managed by admins and the owner. While it is paid for, every member is Pro through it, and a member's own
 * plan is ended with the unused days credited: nobody is billed twice for the same days.
 */
export class ClinicSeats {
  constructor(
    private readonly clinics: Pick<ClinicRepo, 'membersOf' | 'findMember'>,
    private readonly subscriptions: SubscriptionRepo,
    private readonly checkout: CheckoutService,
    private readonly sync: SubscriptionSync,
    private readonly gateway: BillingGatewayRef,
    private readonly logger: Logger,
  ) {}

  private record(clinicId: string): Promise<SubscriptionRecord> {
    return this.subscriptions.find(null, clinicPayer(clinicId));
  }

  /** What Clinic settings shows: the plan, the seats it is kept at and what Stripe bills for. */
  async billingOf(clinicId: string, members: number): Promise<ClinicBilling> {
    let record = await this.record(clinicId);
    // Seats left behind by a failed sync (or a member who joined while it ran) are set now.
    if (record.stripeSubscriptionId && isCancellable(record) && record.quantity !== members && this.gateway.configured) {
      await this.syncSeatsQuietly(clinicId);
      record = await this.record(clinicId);
    }
    return {
      plan: record.plan,
      status: record.status,
      seats: members,
      billedSeats: record.stripeSubscriptionId ? (record.quantity ?? null) : null,
      currentPeriodEnd: record.currentPeriodEnd,
      cancelAtPeriodEnd: record.cancelAtPeriodEnd,
    };
  }

  /** Whether the clinic of `uid` pays for them now. */
  async paidByClinic(uid: string): Promise<boolean> {
    const me = await this.clinics.findMember(uid);
    return me !== null && (await this.record(me.clinicId)).plan === 'pro';
  }

  /** Checkout for the clinic's plan at a seat per member (admins and the owner: the route's row). */
  async checkoutUrl(clinicId: string, appUrl: string): Promise<string> {
    const members = (await this.clinics.membersOf(clinicId)).length;
    return this.checkout.hostedCheckoutUrl(clinicPayer(clinicId), 'pro', appUrl, { quantity: members, page: '/clinic' });
  }

  /** Stripe's portal for the clinic's subscription: its card, invoices, cancelling. */
  async portalUrl(clinicId: string, appUrl: string): Promise<string> {
    if (!(await this.record(clinicId)).stripeCustomerId) throw conflict('The clinic has no plan to manage yet: start one first', 'plan');
    return this.checkout.portalUrl(clinicPayer(clinicId), appUrl, '/clinic');
  }

  /**
   * Sets the clinic's seats to its member count, if it has a running subscription. Absolute, so a retry or two
   * callers at once set the same number; and each caller counts the members again after its write, writing
   * again if they changed meanwhile, so whoever writes last has written the count as it stands.
   */
  async syncSeats(clinicId: string): Promise<void> {
    for (let pass = 0; pass < MAX_SEAT_PASSES; pass++) {
      const record = await this.record(clinicId);
      if (!record.stripeSubscriptionId || !isCancellable(record)) return;
      const members = (await this.clinics.membersOf(clinicId)).length;
      if (members === 0) return;
      // Compared with Stripe's own quantity, not our record's: records of two writers may land in either order.
      const updated = await this.gateway.require().setSubscriptionQuantity(record.stripeSubscriptionId, members);
      await this.sync.record(updated);
      logClinicSeatsSynced(this.logger, { clinicId: logId(clinicId), seats: updated.quantity, status: logCode(updated.status) });
      if ((await this.clinics.membersOf(clinicId)).length === updated.quantity) return;
    }
  }

  /**
   * Ends a member's own plan now that their clinic pays for them, crediting its unused days to their Stripe
   * balance (never a refund of days they had). Nothing when the clinic does not pay, or they have no plan running.
   */
  async endOwnPlanIfPaidByClinic(uid: string): Promise<void> {
    if (await this.paidByClinic(uid)) await this.endOwnPlan(uid);
  }

  private async endOwnPlan(uid: string): Promise<void> {
    const own = await this.subscriptions.find(null, uid);
    if (!own.stripeSubscriptionId || !isCancellable(own)) return;
    await this.gateway.require().cancelSubscriptionWithCredit(own.stripeSubscriptionId);
    await this.sync.syncFromProvider(own.stripeSubscriptionId);
  }

  /**
   * Billing's hooks for a clinic's plan starting (SubscriptionSync.whenPlanStarts): before it is recorded, every
   * member's own plan ends, credited (a failure leaves the clinic's record as it was, so the event's redelivery
   * tries again); after, the seats are set to the members of now (some may have joined during checkout).
   */
  readonly planStarts = {
    before: async (payer: string): Promise<void> => {
      const clinicId = clinicOfPayer(payer);
      if (clinicId) for (const member of await this.clinics.membersOf(clinicId)) await this.endOwnPlan(member.uid);
    },
    after: async (payer: string): Promise<void> => {
      const clinicId = clinicOfPayer(payer);
      if (clinicId) await this.syncSeats(clinicId);
    },
  };

  /**
   * The clinic was deleted (by its owner, or with its sole owner's account): its subscription ends now and its
   * billing record goes. Stripe keeps the customer's past invoices, as the law has it keep them.
   */
  async endClinicPlan(clinicId: string): Promise<void> {
    const record = await this.record(clinicId);
    if (record.stripeSubscriptionId && isCancellable(record)) await this.gateway.require().cancelSubscriptionNow(record.stripeSubscriptionId);
    await this.subscriptions.deleteAllOwnedBy(clinicPayer(clinicId));
  }

  /**
   * Keeps the seats in step after a membership change without failing it: a join or a removal stands whatever
   * Stripe says, and a count left behind is set again the next time Clinic settings is read (billingOf).
   */
  async syncSeatsQuietly(clinicId: string): Promise<void> {
    try {
      await this.syncSeats(clinicId);
    } catch (err) {
      logClinicSeatsNotSynced(this.logger, { clinicId: logId(clinicId), errorName: logCode(err instanceof Error ? err.name : 'unknown') });
    }
  }

  /** Why a clinician may not buy a plan of their own now (CheckoutService.refuseCheckoutWhen), or null. */
  async ownCheckoutRefusal(uid: string): Promise<string | null> {
    if (clinicOfPayer(uid) !== null) return null;
    return (await this.paidByClinic(uid)) ? 'Your clinic pays for your Pro plan: there is nothing to buy' : null;
  }
}
