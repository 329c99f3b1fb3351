/**
 * How objects leave the emulator: as JSON copies (never the stored objects), in the API version asked
 * for, with `expand[]` paths replaced by the objects they name.
 */
import type { CheckoutSession, EmulatorState, UiMode } from './state.ts';
import { invalidRequest, type Json, type JsonObject } from './wire.ts';

/**
 * 2026-03-25.dahlia renamed Checkout's ui_mode values (hosted → hosted_page, embedded → embedded_page,
 * custom → elements) and refuses the old ones; older versions know only the old ones. The emulator
 * speaks whichever the request's version does, so no single version is built in.
 * https://docs.stripe.com/changelog/dahlia/2026-03-25/updates-available-checkout-session-ui-modes
 */
const UI_MODES_RENAMED_IN = '2026-03-25';
const OLD_UI_MODE_NAMES: Record<UiMode, string> = { hosted_page: 'hosted', embedded_page: 'embedded', elements: 'custom', form: 'form' };

const usesNewUiModes = (version: string | null) => version === null || version.slice(0, 10) >= UI_MODES_RENAMED_IN;

export function uiModeName(mode: UiMode, version: string | null): string {
  return usesNewUiModes(version) ? mode : OLD_UI_MODE_NAMES[mode];
}

/** The ui_mode a create request asked for, in its version's names; the other version's names are refused as Stripe does. */
export function parseUiMode(value: string | undefined, version: string | null, param: string): UiMode {
  if (value === undefined) return 'hosted_page';
  const known = usesNewUiModes(version) ? (['hosted_page', 'embedded_page', 'elements', 'form'] as const) : (['hosted', 'embedded', 'custom'] as const);
  const index = (known as readonly string[]).indexOf(value);
  if (index < 0) throw invalidRequest(`Invalid ${param}: must be one of ${known.join(', ')}`, 'parameter_invalid', param);
  return usesNewUiModes(version) ? (known[index] as UiMode) : (['hosted_page', 'embedded_page', 'elements'] as const)[index]!;
}

/** A JSON copy of a stored object, in the given API version. */
export function render(object: object, version: string | null): JsonObject {
  const copy = structuredClone(object) as JsonObject;
  if (copy['object'] === 'checkout.session') copy['ui_mode'] = uiModeName((object as CheckoutSession).ui_mode, version);
  return copy;
}

/** The stored object an id names, by its prefix, as `expand[]` resolves it; deleted customers as Stripe shows them. */
function lookup(state: EmulatorState, id: string): object | undefined {
  if (id.startsWith('cus_')) return state.customers.get(id) ?? (state.deletedCustomers.has(id) ? { id, object: 'customer', deleted: true } : undefined);
  if (id.startsWith('sub_')) return state.subscriptions.get(id);
  if (id.startsWith('in_')) return state.invoices.get(id);
  if (id.startsWith('ii_')) return state.invoiceItems.get(id);
  if (id.startsWith('price_')) return state.prices.get(id);
  if (id.startsWith('prod_')) return state.products.get(id);
  if (id.startsWith('cs_')) return state.checkoutSessions.get(id);
  if (id.startsWith('cbtxn_')) return state.balanceTransactions.get(id);
  if (id.startsWith('pm_')) return state.paymentMethods.get(id);
  return undefined;
}

const MAX_EXPAND_DEPTH = 4;

function expandAt(state: EmulatorState, value: Json, segments: string[], path: string, version: string | null): Json {
  if (segments.length === 0 || value === null) return value;
  const [head, ...rest] = segments as [string, ...string[]];
  if (typeof value !== 'object' || Array.isArray(value) || !(head in value)) throw invalidRequest(`This property cannot be expanded (${path}).`, undefined, 'expand');
  const child = value[head]!;
  if (head === 'data' && Array.isArray(child)) {
    value[head] = child.map((item) => expandAt(state, item, rest, path, version));
    return value;
  }
  if (typeof child === 'string') {
    const target = lookup(state, child);
    if (!target) throw invalidRequest(`This property cannot be expanded (${path}).`, undefined, 'expand');
    value[head] = expandAt(state, render(target, version), rest, path, version);
    return value;
  }
  if (rest.length === 0 && child !== null) throw invalidRequest(`This property cannot be expanded (${path}).`, undefined, 'expand');
  value[head] = expandAt(state, child, rest, path, version);
  return value;
}

/** Applies `expand[]` paths (dotted, `data.` inside lists) to a rendered object, at most four levels deep as Stripe allows. */
export function expand(state: EmulatorState, rendered: JsonObject, paths: string[], version: string | null): JsonObject {
  for (const path of paths) {
    const segments = path.split('.');
    if (segments.filter((s) => s !== 'data').length > MAX_EXPAND_DEPTH) throw invalidRequest(`You cannot expand more than ${MAX_EXPAND_DEPTH} levels of a property. Property: ${path}`, undefined, 'expand');
    expandAt(state, rendered, segments, path, version);
  }
  return rendered;
}
