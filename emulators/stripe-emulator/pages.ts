/**
 * The pages behind the URLs the emulator hands out, so a newcomer can upgrade and manage billing in the
 * browser with no Stripe account: hosted checkout (`/checkout/:id`), the embedded checkout stand-in
 * (`/checkout/embedded?client_secret=…`, shown in an iframe where Stripe's embedded component would be;
 * on success it sends the whole window to the session's `return_url`) and the billing portal
 * (`/portal/:id`). Plain HTML, no script and no outside assets; Pay posts a form with the card number, like
 * the control endpoint.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { completeCheckoutSession, actOnSubscription } from './control.ts';
import { readBody } from './http.ts';
import { DEFAULT_TEST_CARD, parseCardNumber } from './payment-methods.ts';
import type { CheckoutSession, EmulatorState, Subscription } from './state.ts';
import { StripeApiError } from './wire.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const money = (amount: number, currency: string) => new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);
const day = (seconds: number) => new Date(seconds * 1000).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

// Colours chosen for contrast above WCAG AA (text 15.3:1, muted 7.0:1, button 7.4:1, error 7.7:1 on white; the
// input's border 5.0:1, above the 3:1 a control's edge needs).
const STYLE = `
  :root { color-scheme: light; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1a1a1a; background: #f6f7f9; }
  main { width: calc(100% - 2rem); max-width: 30rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border: 1px solid #d0d4da; border-radius: 8px; }
  body.embedded { background: #fff; }
  body.embedded main { width: 100%; margin: 0 auto; border: 0; }
  h1 { font-size: 1.5rem; margin: 0 0 1rem; }
  h2 { font-size: 1.125rem; margin: 1.5rem 0 .5rem; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: .25rem 1rem; margin: 0 0 1rem; }
  dt { color: #4a4f57; } dd { margin: 0; font-weight: 600; }
  .note { font-size: .875rem; color: #4a4f57; background: #eef1f5; border-radius: 6px; padding: .5rem .75rem; }
  .status { background: #e7f4ea; color: #14532d; border-radius: 6px; padding: .5rem .75rem; }
  form { display: inline; }
  main > form { display: block; }
  label { display: block; font-weight: 600; margin-bottom: .25rem; }
  input { font: inherit; width: 100%; padding: .5rem .75rem; border: 1px solid #6b7079; border-radius: 6px; }
  input:focus-visible { outline: 3px solid #1a1a1a; outline-offset: 2px; }
  .error { color: #a4161a; margin: .5rem 0 0; }
  .actions { display: flex; flex-wrap: wrap; gap: .75rem; align-items: center; margin-top: 1rem; }
  button, .button { font: inherit; font-weight: 600; padding: .625rem 1.25rem; border-radius: 6px; border: 2px solid #0b4fb3; cursor: pointer; text-decoration: none; display: inline-block; }
  button.primary { background: #0b4fb3; color: #fff; }
  button.secondary, .button { background: #fff; color: #0b4fb3; }
  a { color: #0b4fb3; }
  button:focus-visible, a:focus-visible { outline: 3px solid #1a1a1a; outline-offset: 2px; }
`;

function page(res: ServerResponse, status: number, title: string, body: string, opts: { embedded?: boolean } = {}): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    // The embedded stand-in is made to be framed by the app; the others, like Stripe's pages, are not.
    'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; frame-ancestors ${opts.embedded ? '*' : "'none'"}`,
    'referrer-policy': 'no-referrer',
  });
  res.end(`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · Stripe emulator</title><style>${STYLE}</style></head>
<body${opts.embedded ? ' class="embedded"' : ''}><main>${body}</main></body>
</html>`);
}

const EMULATOR_NOTE = '<p class="note" role="note">Local Stripe emulator: no money moves.</p>';
const CHECKOUT_NOTE =
  '<p class="note" role="note">Local Stripe emulator: no money moves. Any card number that passes the Luhn check pays (4242 4242 4242 4242 is Stripe’s test Visa); the same number is the same card, so use another to pay as another person.</p>';

function summary(state: EmulatorState, session: CheckoutSession): string {
  const extras = state.checkoutExtras.get(session.id);
  const line = extras?.lineItems[0];
  const price = line ? state.prices.get(line.price) : undefined;
  const product = price ? state.products.get(price.product) : undefined;
  const per = price?.recurring ? ` per ${price.recurring.interval}` : '';
  const trial = extras?.subscriptionData.trialPeriodDays;
  const customer = session.customer ? state.customers.get(session.customer) : undefined;
  const email = customer?.email ?? session.customer_email;
  return `<dl>
    <dt>Plan</dt><dd>${escapeHtml(product?.name ?? price?.id ?? 'Payment')}</dd>
    <dt>Price</dt><dd>${escapeHtml(money(session.amount_total, session.currency) + per)}</dd>
    ${trial ? `<dt>Trial</dt><dd>${trial} days free</dd>` : ''}
    ${email ? `<dt>Email</dt><dd>${escapeHtml(email)}</dd>` : ''}
  </dl>`;
}

const withSessionId = (url: string, id: string) => url.replaceAll('{CHECKOUT_SESSION_ID}', id);

/** What the Pay form sent back: the card number as typed (kept on the page if refused) and why it was refused. */
type CardEntry = { typed: string; error: string | null };

function checkoutPage(state: EmulatorState, res: ServerResponse, session: CheckoutSession, embedded: boolean, entry: CardEntry = { typed: '4242 4242 4242 4242', error: null }): void {
  const title = 'Subscribe';
  if (session.status !== 'open') {
    const next = embedded ? session.return_url : session.success_url;
    return page(res, 200, title, `<h1>${session.status === 'complete' ? 'Payment complete' : 'This checkout has expired'}</h1>${summary(state, session)}${next && session.status === 'complete' ? `<p><a href="${escapeHtml(withSessionId(next, session.id))}" target="_top">Continue</a></p>` : ''}`, { embedded });
  }
  const cancel = !embedded && session.cancel_url ? `<a class="button" href="${escapeHtml(session.cancel_url)}">Cancel</a>` : '';
  const error = entry.error ? `<p class="error" id="card-error" role="alert">${escapeHtml(entry.error)}</p>` : '';
  page(
    res,
    entry.error ? 400 : 200,
    title,
    `<h1>${embedded ? 'Subscribe' : 'Subscribe to Charta'}</h1>
    ${summary(state, session)}
    ${CHECKOUT_NOTE}
    <form method="post" action="/checkout/${encodeURIComponent(session.id)}/pay"${embedded ? ' target="_top"' : ''}>
      <label for="card">Card number</label>
      <input id="card" name="card" value="${escapeHtml(entry.typed)}" inputmode="numeric" autocomplete="cc-number" required${entry.error ? ' aria-invalid="true" aria-describedby="card-error"' : ''}>
      ${error}
      <div class="actions">
        <button class="primary" type="submit">Pay ${escapeHtml(money(session.amount_total, session.currency))}</button>
        ${cancel}
      </div>
    </form>`,
    { embedded },
  );
}

function portalPage(state: EmulatorState, res: ServerResponse, portalId: string, message: string | null): void {
  const session = state.portalSessions.get(portalId);
  if (!session) return page(res, 404, 'Not found', '<h1>This billing link is not valid</h1><p>Open Manage billing again from the app.</p>');
  const customer = state.customers.get(session.customer);
  const subscriptions = [...state.subscriptions.values()].filter((s) => s.customer === session.customer && s.status !== 'canceled');
  const describe = (s: Subscription) => {
    const item = s.items.data[0]!;
    const product = state.products.get(item.price.product);
    const action = s.cancel_at_period_end ? 'keep' : 'cancel_at_period_end';
    return `<section aria-labelledby="h-${s.id}">
      <h2 id="h-${s.id}">${escapeHtml(product?.name ?? item.price.id)}</h2>
      <dl>
        <dt>Status</dt><dd>${escapeHtml(s.status.replace('_', ' '))}</dd>
        <dt>Price</dt><dd>${escapeHtml(money(item.price.unit_amount * item.quantity, s.currency))} per ${escapeHtml(item.price.recurring?.interval ?? 'period')}</dd>
        <dt>${s.cancel_at_period_end ? 'Ends on' : 'Renews on'}</dt><dd>${day(item.current_period_end)}</dd>
      </dl>
      <form method="post" action="/portal/${encodeURIComponent(session.id)}/subscriptions/${encodeURIComponent(s.id)}/${action}">
        <button class="${s.cancel_at_period_end ? 'primary' : 'secondary'}" type="submit">${s.cancel_at_period_end ? 'Keep my plan' : 'Cancel at period end'}</button>
      </form>
    </section>`;
  };
  const balance = customer && customer.balance < 0 ? `<p>Credit on your account: <strong>${escapeHtml(money(-customer.balance, customer.currency ?? 'usd'))}</strong>, used on your next invoices.</p>` : '';
  page(
    res,
    200,
    'Billing',
    `<h1>Billing</h1>
    ${message ? `<p class="status" role="status">${escapeHtml(message)}</p>` : ''}
    ${customer?.email ? `<p>Signed in as ${escapeHtml(customer.email)}</p>` : ''}
    ${subscriptions.length ? subscriptions.map(describe).join('') : '<p>You have no active subscription.</p>'}
    ${balance}
    ${EMULATOR_NOTE}
    ${session.return_url ? `<div class="actions"><a href="${escapeHtml(session.return_url)}">Return to Charta</a></div>` : ''}`,
  );
}

function redirect(res: ServerResponse, location: string): void {
  res.writeHead(303, { location, 'cache-control': 'no-store' });
  res.end();
}

export async function servePage(state: EmulatorState, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const method = req.method ?? 'GET';
  const path = url.pathname;
  try {
    if (method === 'GET' && path === '/checkout/embedded') {
      const secret = url.searchParams.get('client_secret') ?? '';
      const session = [...state.checkoutSessions.values()].find((s) => s.client_secret !== null && s.client_secret === secret);
      if (!session) return page(res, 404, 'Not found', '<h1>This checkout is not valid</h1><p>Start the upgrade again from the app.</p>', { embedded: true });
      return checkoutPage(state, res, session, true);
    }
    const checkout = /^\/checkout\/([^/]+)(\/pay)?$/.exec(path);
    if (checkout) {
      const session = state.checkoutSessions.get(decodeURIComponent(checkout[1]!));
      if (!session || session.ui_mode !== 'hosted_page' && !checkout[2]) return page(res, 404, 'Not found', '<h1>This checkout is not valid</h1><p>Start the upgrade again from the app.</p>');
      if (method === 'GET' && !checkout[2]) return checkoutPage(state, res, session, false);
      if (method === 'POST' && checkout[2]) {
        // The form always sends the card; a bare POST (a script, a test) pays with the default test card, as the control endpoint does.
        const typed = new URLSearchParams(await readBody(req)).get('card') ?? DEFAULT_TEST_CARD;
        const embedded = session.ui_mode !== 'hosted_page';
        const number = parseCardNumber(typed);
        if (session.status === 'open' && !number) {
          return checkoutPage(state, res, session, embedded, { typed, error: 'Enter a card number of 12 to 19 digits that passes the Luhn check, such as 4242 4242 4242 4242.' });
        }
        if (session.status === 'open' && number) await completeCheckoutSession(state, session.id, 'normal', number);
        const next = embedded ? session.return_url : session.success_url;
        return next ? redirect(res, withSessionId(next, session.id)) : checkoutPage(state, res, session, embedded);
      }
    }
    const portal = /^\/portal\/([^/]+)$/.exec(path);
    if (portal && method === 'GET') {
      const done = url.searchParams.get('done');
      return portalPage(state, res, decodeURIComponent(portal[1]!), done === 'cancel_at_period_end' ? 'Your plan will end at the end of this period.' : done === 'keep' ? 'Your plan will renew as usual.' : null);
    }
    const portalAction = /^\/portal\/([^/]+)\/subscriptions\/([^/]+)\/(cancel_at_period_end|keep)$/.exec(path);
    if (portalAction && method === 'POST') {
      await readBody(req);
      const portalId = decodeURIComponent(portalAction[1]!);
      const session = state.portalSessions.get(portalId);
      const subscription = state.subscriptions.get(decodeURIComponent(portalAction[2]!));
      if (!session || !subscription || subscription.customer !== session.customer) return page(res, 404, 'Not found', '<h1>This billing link is not valid</h1>');
      await actOnSubscription(state, subscription.id, portalAction[3] as 'cancel_at_period_end' | 'keep', 'normal');
      return redirect(res, `/portal/${encodeURIComponent(portalId)}?done=${portalAction[3]}`);
    }
    page(res, 404, 'Not found', '<h1>Not found</h1><p>The Stripe emulator has no page here.</p>');
  } catch (err) {
    if (!(err instanceof StripeApiError)) throw err;
    page(res, err.status, 'Something went wrong', `<h1>That did not work</h1><p>${escapeHtml(err.message)}</p>`);
  }
}
