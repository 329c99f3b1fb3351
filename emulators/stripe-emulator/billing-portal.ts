/** Billing portal sessions: a `url` to the emulator's portal page for one customer, and where it returns. */
import { requireVisible } from './accounts.ts';
import { answerObject, type ApiHandler } from './api.ts';
import { requireCustomer } from './customers.ts';
import type { EmulatorState, PortalSession } from './state.ts';
import { invalidRequest, newId, nowSeconds } from './wire.ts';

export const portalUrl = (state: EmulatorState, id: string) => `${state.baseUrl}/portal/${id}`;

export const createPortalSession: ApiHandler = (req) => {
  const params = req.params.only(['after_expiration', 'configuration', 'customer', 'customer_account', 'expand', 'flow_data', 'locale', 'on_behalf_of', 'return_url']);
  const customerId = params.string('customer', { required: true })!;
  requireVisible(req.state, customerId, req.account, 'customer');
  const customer = requireCustomer(req.state, customerId, 'customer');
  const returnUrl = params.string('return_url', { max: 5000 });
  if (returnUrl !== undefined && !URL.canParse(returnUrl)) throw invalidRequest('Not a valid URL', 'url_invalid', 'return_url');
  if (params.has('flow_data')) throw invalidRequest('The Stripe emulator does not support flow_data; the portal page shows every action.', 'parameter_unknown', 'flow_data');
  const id = newId('bps');
  const session: PortalSession = {
    id,
    object: 'billing_portal.session',
    configuration: params.string('configuration') ?? 'bpc_charta_emulator',
    created: nowSeconds(),
    customer: customer.id,
    flow: null,
    livemode: false,
    locale: params.string('locale') ?? null,
    on_behalf_of: null,
    return_url: returnUrl ?? null,
    url: portalUrl(req.state, id),
  };
  req.state.portalSessions.set(id, session);
  return answerObject(req, session);
};
