/**
 * A customer's balance (credit from referrals, applied to invoices): changed by the balance-transactions
 * API (customers.ts) and by invoices (invoices.ts), each change recorded as a transaction.
 */
import { changedFrom, emit, type Emitter } from './events.ts';
import { render } from './render.ts';
import type { Customer, CustomerBalanceTransaction } from './state.ts';
import { invalidRequest, newId, nowSeconds } from './wire.ts';

/**
 * Adds to a customer's balance and records it; the first transaction sets the customer's currency,
 * and a later one in another currency is refused, as Stripe keeps one balance per customer here.
 */
export function addToBalance(
  em: Emitter,
  customer: Customer,
  change: { amount: number; currency: string; description: string | null; metadata: Record<string, string>; type: CustomerBalanceTransaction['type']; invoice: string | null },
): CustomerBalanceTransaction {
  if (customer.currency && customer.currency !== change.currency) {
    throw invalidRequest(`The currency ${change.currency} does not match the customer's currency ${customer.currency}.`, 'parameter_invalid', 'currency');
  }
  const state = em.state;
  const before = render(customer, state.accountApiVersion);
  customer.currency = change.currency;
  customer.balance += change.amount;
  const txn: CustomerBalanceTransaction = {
    id: newId('cbtxn'),
    object: 'customer_balance_transaction',
    amount: change.amount,
    checkout_session: null,
    created: nowSeconds(),
    credit_note: null,
    currency: change.currency,
    customer: customer.id,
    description: change.description,
    ending_balance: customer.balance,
    invoice: change.invoice,
    livemode: false,
    metadata: change.metadata,
    type: change.type,
  };
  state.balanceTransactions.set(txn.id, txn);
  const previous = changedFrom(before, render(customer, state.accountApiVersion));
  if (previous) emit(em, 'customer.updated', customer, previous);
  return txn;
}
