/**
 * Customers (create, retrieve, update, delete, list) and their balance: customer balance transactions
 * (a negative amount is a credit the next invoices use up) and the `balance` they add up to.
 */
import { visibleTo } from './accounts.ts';
import { answerObject, type ApiHandler } from './api.ts';
import { addToBalance } from './balance.ts';
import { changedFrom, emit, emitterFor } from './events.ts';
import { render } from './render.ts';
import { newestFirst, type Customer, type EmulatorState } from './state.ts';
import { endSubscriptionsOf } from './subscriptions.ts';
import { createdFilter, invalidRequest, listPage, newId, nowSeconds, resourceMissing, type Params } from './wire.ts';

// What the SDK may send on create/update; those the emulator does not model are accepted and ignored.
const CREATE_PARAMS = ['address', 'balance', 'business_name', 'cash_balance', 'description', 'email', 'expand', 'individual_name', 'invoice_prefix', 'invoice_settings', 'metadata', 'name', 'next_invoice_sequence', 'payment_method', 'phone', 'preferred_locales', 'shipping', 'source', 'tax', 'tax_exempt', 'tax_id_data', 'test_clock', 'validate'];
const UPDATE_PARAMS = ['address', 'balance', 'business_name', 'cash_balance', 'default_source', 'description', 'email', 'expand', 'individual_name', 'invoice_prefix', 'invoice_settings', 'metadata', 'name', 'next_invoice_sequence', 'phone', 'preferred_locales', 'shipping', 'source', 'tax', 'tax_exempt', 'validate'];

/** A live customer, or Stripe's 404 (also for a deleted one, on every call but retrieve). */
export function requireCustomer(state: EmulatorState, id: string, param = 'id'): Customer {
  const customer = state.customers.get(id);
  if (!customer) throw resourceMissing('customer', id, param);
  return customer;
}

function email(params: Params): string | null | undefined {
  const value = params.nullableString('email', { max: 512 });
  if (value && !/^[^\s@]+@[^\s@]+$/.test(value)) throw invalidRequest(`Invalid email address: ${value}`, 'email_invalid', 'email');
  return value;
}

function profileFields(params: Params) {
  return {
    email: email(params),
    name: params.nullableString('name', { max: 256 }),
    description: params.nullableString('description', { max: 350 }),
    phone: params.nullableString('phone', { max: 20 }),
    preferred_locales: params.has('preferred_locales') ? params.strings('preferred_locales') : undefined,
  };
}

export const createCustomer: ApiHandler = (req) => {
  const params = req.params.only(CREATE_PARAMS);
  const fields = profileFields(params);
  const id = newId('cus', 14);
  const customer: Customer = {
    id,
    object: 'customer',
    address: null,
    balance: params.int('balance') ?? 0,
    created: nowSeconds(),
    currency: null,
    default_source: null,
    delinquent: false,
    description: fields.description ?? null,
    discount: null,
    email: fields.email ?? null,
    invoice_prefix: id.slice(4, 12).toUpperCase(),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: params.metadata() ?? {},
    name: fields.name ?? null,
    next_invoice_sequence: 1,
    phone: fields.phone ?? null,
    preferred_locales: fields.preferred_locales ?? [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  };
  req.state.customers.set(id, customer);
  req.state.owners.set(id, req.account);
  emit(emitterFor(req), 'customer.created', customer);
  return answerObject(req, customer);
};

export const retrieveCustomer: ApiHandler = (req) => {
  req.params.only(['expand']);
  const id = req.ids[0]!;
  // Stripe answers a deleted customer with a stub, not a 404.
  if (req.state.deletedCustomers.has(id)) return { body: { id, object: 'customer', deleted: true } };
  return answerObject(req, requireCustomer(req.state, id));
};

export const updateCustomer: ApiHandler = (req) => {
  const params = req.params.only(UPDATE_PARAMS);
  const customer = requireCustomer(req.state, req.ids[0]!);
  const before = render(customer, req.state.accountApiVersion);
  const fields = profileFields(params);
  if (fields.email !== undefined) customer.email = fields.email;
  if (fields.name !== undefined) customer.name = fields.name;
  if (fields.description !== undefined) customer.description = fields.description;
  if (fields.phone !== undefined) customer.phone = fields.phone;
  if (fields.preferred_locales !== undefined) customer.preferred_locales = fields.preferred_locales;
  const balance = params.int('balance');
  if (balance !== undefined) customer.balance = balance;
  const metadata = params.metadata(customer.metadata);
  if (metadata) customer.metadata = metadata;
  const previous = changedFrom(before, render(customer, req.state.accountApiVersion));
  if (previous) emit(emitterFor(req), 'customer.updated', customer, previous);
  return answerObject(req, customer);
};

/** Deleting a customer cancels its subscriptions at once, as Stripe does, then answers the deleted stub. */
export const deleteCustomer: ApiHandler = (req) => {
  req.params.only([]);
  const customer = requireCustomer(req.state, req.ids[0]!);
  const em = emitterFor(req);
  endSubscriptionsOf(em, customer.id);
  req.state.customers.delete(customer.id);
  req.state.deletedCustomers.add(customer.id);
  emit(em, 'customer.deleted', customer);
  return { body: { id: customer.id, object: 'customer', deleted: true } };
};

export const listCustomers: ApiHandler = (req) => {
  req.params.only(['created', 'email', 'ending_before', 'expand', 'limit', 'starting_after', 'test_clock']);
  const email = req.params.string('email');
  const inCreated = createdFilter(req.params);
  const customers = newestFirst(req.state.customers.values()).filter((c) => visibleTo(req.state, c.id, req.account) && (email === undefined || c.email === email) && inCreated(c.created));
  return { body: listPage(customers, '/v1/customers', req.params, (c) => render(c, req.version)) };
};

export const createBalanceTransaction: ApiHandler = (req) => {
  const params = req.params.only(['amount', 'currency', 'description', 'expand', 'metadata']);
  const customer = requireCustomer(req.state, req.ids[0]!, 'customer');
  const amount = params.int('amount', { required: true })!;
  const currency = params.string('currency', { required: true })!.toLowerCase();
  if (!/^[a-z]{3}$/.test(currency)) throw invalidRequest(`Invalid currency: ${currency}`, 'parameter_invalid', 'currency');
  const txn = addToBalance(emitterFor(req), customer, {
    amount,
    currency,
    description: params.nullableString('description', { max: 350 }) ?? null,
    metadata: params.metadata() ?? {},
    type: 'adjustment',
    invoice: null,
  });
  return answerObject(req, txn);
};

export const listBalanceTransactions: ApiHandler = (req) => {
  req.params.only(['created', 'ending_before', 'expand', 'invoice', 'limit', 'starting_after']);
  const customer = requireCustomer(req.state, req.ids[0]!, 'customer');
  const inCreated = createdFilter(req.params);
  const invoice = req.params.string('invoice');
  const txns = newestFirst(req.state.balanceTransactions.values()).filter((t) => t.customer === customer.id && inCreated(t.created) && (invoice === undefined || t.invoice === invoice));
  return { body: listPage(txns, `/v1/customers/${customer.id}/balance_transactions`, req.params, (t) => render(t, req.version)) };
};

export const retrieveBalanceTransaction: ApiHandler = (req) => {
  req.params.only(['expand']);
  const customer = requireCustomer(req.state, req.ids[0]!, 'customer');
  const txn = req.state.balanceTransactions.get(req.ids[1]!);
  if (!txn || txn.customer !== customer.id) throw resourceMissing('customer balance transaction', req.ids[1]!);
  return answerObject(req, txn);
};
