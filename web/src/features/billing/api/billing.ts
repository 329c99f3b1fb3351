// The Stripe routes the billing page calls (docs/api.md "Billing and referral"). Which plan holds is decided
// on the server from its subscription record; these only start checkout, open the portal and read credit.
import type { BalanceResponse, BillingLinkResponse, EmbeddedPaymentsLinkResponse, PurchasablePlan } from '@charta/contract';
import useSWR from 'swr';
import { api } from '@/lib/api';

/** POST /stripe/embedded_payments_link: the client secret embedded Checkout (or the emulator's page) opens. */
export async function createEmbeddedCheckout(plan: PurchasablePlan): Promise<string> {
  const { clientSecret } = await api.post<EmbeddedPaymentsLinkResponse>('/stripe/embedded_payments_link', { plan });
  return clientSecret;
}

/** GET /stripe/portal_link: Stripe's Customer Portal for the caller, which returns to /billing. */
export async function getPortalLink(): Promise<string> {
  const { url } = await api.get<BillingLinkResponse>('/stripe/portal_link');
  return url;
}

export const BALANCE_KEY = '/stripe/balance';

/** POST /stripe/balance: the credit earned (referrals), as a positive amount in the currency's minor unit. */
export function useCustomerBalance() {
  return useSWR<BalanceResponse, unknown>(BALANCE_KEY, () => api.post<BalanceResponse>(BALANCE_KEY, {}));
}
