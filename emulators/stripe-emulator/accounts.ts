/**
 * Accounts, as Stripe keeps them apart: every test secret key is an account of its own. What a key creates
 * belongs to its account; another key's requests do not find it (`No such customer`) nor list it; and an
 * event is delivered only to the webhook endpoints of the account its object belongs to (Stripe's
 * endpoints belong to an account too). So a test with its own `sk_test_…` key and its own endpoint gets
 * its own events only, and the full stack's API (the configured --webhook-url, the stack's key) none of them.
 * The preset catalog (the Pro price and product) is shared: every account has it.
 *
 * Only customers and Checkout Sessions record their account (a session may have no customer until it is
 * paid); subscriptions, invoices, invoice items, balance transactions, payment methods and portal sessions belong to their
 * customer's.
 */
import type { EmulatorState, WebhookTarget } from './state.ts';
import { resourceMissing } from './wire.ts';

/** The account an object id belongs to; null for what every account shares (prices, products) or no such object. */
export function accountOf(state: EmulatorState, id: string): string | null {
  const ofCustomer = (customer: string | null | undefined) => (customer ? (state.owners.get(customer) ?? null) : null);
  if (id.startsWith('cus_') || id.startsWith('cs_')) return state.owners.get(id) ?? null;
  if (id.startsWith('sub_')) return ofCustomer(state.subscriptions.get(id)?.customer);
  if (id.startsWith('in_')) return ofCustomer(state.invoices.get(id)?.customer);
  if (id.startsWith('ii_')) return ofCustomer(state.invoiceItems.get(id)?.customer);
  if (id.startsWith('cbtxn_')) return ofCustomer(state.balanceTransactions.get(id)?.customer);
  if (id.startsWith('bps_')) return ofCustomer(state.portalSessions.get(id)?.customer);
  if (id.startsWith('pm_')) return ofCustomer(state.paymentMethods.get(id)?.customer);
  if (id.startsWith('evt_')) return state.events.get(id)?.account ?? null;
  return null;
}

/** Whether `account` may see the object: its own, or one every account shares. */
export const visibleTo = (state: EmulatorState, id: string, account: string): boolean => {
  const owner = accountOf(state, id);
  return owner === null || owner === account;
};

/** The names Stripe's 404 gives each kind of object (`No such checkout.session: 'cs_…'`). */
const RESOURCE_NAMES: [prefix: string, name: string][] = [
  ['cus_', 'customer'],
  ['cs_', 'checkout.session'],
  ['sub_', 'subscription'],
  ['in_', 'invoice'],
  ['ii_', 'invoiceitem'],
  ['cbtxn_', 'customer balance transaction'],
  ['bps_', 'billing_portal.session'],
  ['pm_', 'payment_method'],
  ['evt_', 'event'],
];

/** Another account's object is answered exactly like a missing one, as Stripe does. */
export function requireVisible(state: EmulatorState, id: string, account: string, param = 'id'): void {
  if (visibleTo(state, id, account)) return;
  const name = RESOURCE_NAMES.find(([prefix]) => id.startsWith(prefix))?.[1] ?? 'object';
  throw resourceMissing(name, id, param);
}

/** The webhook endpoints an account's events go to: the configured one if it is this account's, and those it registered. */
export const targetsOf = (state: EmulatorState, account: string): WebhookTarget[] => [...state.webhookTargets, ...state.addedTargets].filter((t) => t.account === account);

/** The account of an object a control endpoint or page acts on (no API key there: the object says whose it is). */
export function ownerOf(state: EmulatorState, id: string): string {
  const account = accountOf(state, id);
  if (account === null) throw resourceMissing('object', id);
  return account;
}
