import { notFound } from '../../http/errors.js';
import { logId, type Logger } from '../../logging/logger.js';
import { logReferralCredited } from '../../logging/log-events.js';
import type { ProfileRepo } from '../../profile/profile-repo.js';
import type { BillingConfig } from '../billing-config.js';
import type { CustomerService } from '../customers/customer-service.js';
import type { BillingGatewayRef } from '../gateway/gateway-ref.js';
import type { ReferralCreditRepo } from './referral-credit-repo.js';
import { referrerShortName } from './referrer-name.js';

/** The idempotency key of the credit a referred user's first paid invoice earns: one per referred user. */
export function referralCreditIdempotencyKey(referredUid: string): string {
  return `charta-referral-credit-v1-${referredUid}`;
}

/** Referrals: who a code belongs to (publicly, first name and last initial only), and the referrer's credit. */
export class ReferralService {
  constructor(
    private readonly profiles: ProfileRepo,
    private readonly credits: ReferralCreditRepo,
    private readonly customers: CustomerService,
    private readonly gateway: BillingGatewayRef,
    private readonly config: Pick<BillingConfig, 'referralCredit'>,
    private readonly logger: Logger,
    private readonly now: () => Date,
  ) {}

  /** `POST /referral/lookup_customer_name`: 404 for a code nobody has. */
  async lookupName(referralCode: string): Promise<string> {
    const referrer = await this.profiles.findByReferralCode(referralCode);
    if (!referrer) throw notFound('No such referral code');
    return referrerShortName(referrer.displayName);
  }

  /**
   * A referred user paid an invoice: their referrer is credited once, on the first paid invoice with
   * money in it (a trial's 0 invoice does not count). Repeats (the same invoice.paid twice, later
   * invoices) find the credit recorded and do nothing; a failure half way is finished by the retry.
   */
  async creditReferrerOf(referredUid: string): Promise<void> {
    const referred = await this.profiles.find(null, referredUid);
    if (!referred?.referredByCode) return;
    const referrer = await this.profiles.findByReferralCode(referred.referredByCode);
    // The referrer deleted their account, or it is the user's own code (refused when set; never credited).
    if (!referrer || referrer.uid === referredUid) return;
    const { amount, currency } = this.config.referralCredit;
    if (amount <= 0) return;
    const credit = await this.credits.claim({
      ownerUid: referredUid,
      referrerUid: referrer.uid,
      status: 'pending',
      amount,
      currency,
      balanceTransactionId: null,
      createdAt: this.now().toISOString(),
    });
    if (credit.status === 'granted') return;
    const customerId = await this.customers.customerIdOf(credit.referrerUid);
    const transaction = await this.gateway.require().creditCustomer({
      customerId,
      amount: credit.amount,
      currency: credit.currency,
      description: 'Charta referral credit',
      idempotencyKey: referralCreditIdempotencyKey(referredUid),
    });
    await this.credits.markGranted(referredUid, transaction.id);
    logReferralCredited(this.logger, { referredUid: logId(referredUid), referrerUid: logId(credit.referrerUid), customerId: logId(customerId), balanceTransactionId: logId(transaction.id), amount: credit.amount });
  }
}
