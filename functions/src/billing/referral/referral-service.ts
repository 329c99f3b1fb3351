import { REFERRAL_CLAIM_WINDOW_MS } from '@charta/contract';
import { conflict, invalidArgument, notFound } from '../../http/errors.js';
import type { IdentityProvider } from '../../identity/identity-provider.js';
import { logCode, logId, type Logger } from '../../logging/logger.js';
import { logReferralCredited, logReferralNotCredited } from '../../logging/log-events.js';
import type { Profile } from '../../profile/profile.js';
import type { ProfileRepo } from '../../profile/profile-repo.js';
import type { BillingConfig } from '../billing-config.js';
import type { CustomerService } from '../customers/customer-service.js';
import type { BillingGatewayRef } from '../gateway/gateway-ref.js';
import type { ReferralCreditRepo, ReferralLedgerEntry } from './referral-credit-repo.js';
import { ReferralPersonKeys, sameInbox } from './referral-person.js';
import { referrerShortName } from './referrer-name.js';

/** The idempotency key of the credit a referred user's first paid invoice earns: one per referred user. */
export function referralCreditIdempotencyKey(referredUid: string): string {
  return `charta-referral-credit-v1-${referredUid}`;
}

/** Why a paid invoice earned no credit (logged as a code). */
type NotCredited = 'no_ledger_key' | 'not_first_payment' | 'email_not_verified' | 'referrer_same_email' | 'referrer_same_card' | 'person_already_credited';

/**
 * Referrals: who a code belongs to (publicly, first name and last initial only), whether an account may
 * still be referred, and the referrer's credit, at most once per person (docs/billing.md "Billing and referrals").
 */
export class ReferralService {
  private readonly keys: ReferralPersonKeys | null;

  constructor(
    private readonly profiles: ProfileRepo,
    private readonly credits: ReferralCreditRepo,
    private readonly customers: CustomerService,
    private readonly gateway: BillingGatewayRef,
    private readonly identity: Pick<IdentityProvider, 'accountOf'>,
    private readonly config: Pick<BillingConfig, 'referralCredit' | 'referralLedgerSecret'>,
    private readonly logger: Logger,
    private readonly now: () => Date,
  ) {
    this.keys = config.referralLedgerSecret ? new ReferralPersonKeys(config.referralLedgerSecret) : null;
  }

  /** `POST /referral/lookup_customer_name`: 404 for a code nobody has. */
  async lookupName(referralCode: string): Promise<string> {
    const referrer = await this.profiles.findByReferralCode(referralCode);
    if (!referrer) throw notFound('No such referral code');
    return referrerShortName(referrer.displayName);
  }

  /**
   * `PUT /profile { referredByCode }`, before it is stored: a referral is a sign-up, so an account may take
   * a code only in its first day (by the sign-in account's creation, which the web app reads too) and before
   * its first payment; before, any account of any age, paying or not, could set one and earn its referrer a
   * credit with its next invoice. The referrer's own other account (the same inbox) is refused as one's own
   * code is. The referrer's card is checked when the credit would be given (a card is known only then).
   */
  async assertMayBeReferred(uid: string, referrer: Profile): Promise<void> {
    const [account, referrerAccount] = await Promise.all([this.identity.accountOf(uid), this.identity.accountOf(referrer.uid)]);
    if (!account) throw notFound('No such profile');
    if (this.now().getTime() - account.createdAt.getTime() > REFERRAL_CLAIM_WINDOW_MS) {
      throw conflict('A referral code can be added only in the first 24 hours of an account', 'referredByCode');
    }
    if (sameInbox(account.email, referrerAccount?.email ?? referrer.email)) throw invalidArgument('referredByCode is your own referral code', 'referredByCode');
    const customerId = this.gateway.configured ? await this.customers.existingCustomerIdOf(uid) : null;
    if (customerId && (await this.gateway.require().firstPaidInvoiceOf(customerId))) {
      throw conflict('A referral code can be added only before the account’s first payment', 'referredByCode');
    }
  }

  /**
   * A referred user paid invoice `invoiceId`: their referrer is credited once, for their first payment (an
   * invoice with money in it; a trial's 0 invoice does not count), and only if this person never earned a
   * referrer a credit before, under any account (the ledger, keyed by their verified email and their cards),
   * and is not the referrer (same inbox, or a card the referrer pays with). Repeats (the same invoice.paid
   * twice, later invoices) find the credit recorded and do nothing; a failure half way is finished by the retry.
   */
  async creditReferrerOf(referredUid: string, invoiceId: string): Promise<void> {
    const referred = await this.profiles.find(null, referredUid);
    if (!referred?.referredByCode) return;
    const referrer = await this.profiles.findByReferralCode(referred.referredByCode);
    // The referrer deleted their account, or it is the user's own code (refused when set; never credited).
    if (!referrer || referrer.uid === referredUid) return;
    if (this.config.referralCredit.amount <= 0) return;

    const recorded = await this.credits.find(referredUid);
    if (recorded?.status === 'granted') return;
    // A pending credit was decided before: finish it. Otherwise decide now.
    const credit = recorded ?? (await this.decide(referredUid, referrer.uid, invoiceId));
    if (!credit || credit.status === 'granted') return;

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

  /** The checks, then the claim that records the credit and the person together; null (and a log line) if no credit is due. */
  private async decide(referredUid: string, referrerUid: string, invoiceId: string) {
    const refuse = (reason: NotCredited) => {
      logReferralNotCredited(this.logger, { referredUid: logId(referredUid), referrerUid: logId(referrerUid), reason: logCode(reason) });
      return null;
    };
    // Without the key a credit cannot be tied to its person: none is given rather than one per account.
    const keys = this.keys;
    if (!keys) return refuse('no_ledger_key');
    const gateway = this.gateway.require();
    const customerId = await this.customers.existingCustomerIdOf(referredUid);
    // Only the first payment earns it: a code stored after one (a race with PUT /profile, or data from before the rule) never does.
    if (!customerId || (await gateway.firstPaidInvoiceOf(customerId))?.id !== invoiceId) return refuse('not_first_payment');

    const [account, referrerAccount, cards, referrerCustomerId] = await Promise.all([
      this.identity.accountOf(referredUid),
      this.identity.accountOf(referrerUid),
      gateway.cardFingerprintsOf(customerId),
      this.customers.existingCustomerIdOf(referrerUid),
    ]);
    if (!account?.email || !account.emailVerified) return refuse('email_not_verified');
    if (sameInbox(account.email, referrerAccount?.email ?? null)) return refuse('referrer_same_email');
    const referrerCards = new Set(referrerCustomerId ? await gateway.cardFingerprintsOf(referrerCustomerId) : []);
    if (cards.some((card) => referrerCards.has(card))) return refuse('referrer_same_card');

    const emailKey = keys.emailKey(account.email);
    const personKeys: { kind: ReferralLedgerEntry['kind']; key: string }[] = [
      ...(emailKey ? [{ kind: 'email' as const, key: emailKey }] : []),
      ...[...new Set(cards)].map((card) => ({ kind: 'card' as const, key: keys.cardKey(card) })),
    ];
    const { amount, currency } = this.config.referralCredit;
    const claim = await this.credits.claim(
      { ownerUid: referredUid, referrerUid, status: 'pending', amount, currency, balanceTransactionId: null, createdAt: this.now().toISOString() },
      personKeys,
    );
    if (claim.outcome === 'person_already_credited') return refuse('person_already_credited');
    return claim.credit;
  }
}
