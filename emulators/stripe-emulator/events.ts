/**
 * Events: made when something changes (by an API call, a control endpoint or a page), kept for
 * `GET /v1/events` and the control listing, and handed to webhooks.ts to deliver.
 */
import { targetsOf } from './accounts.ts';
import { answerObject, type ApiHandler, type ApiRequest } from './api.ts';
import { render } from './render.ts';
import { newestFirst, type EmulatorState, type StoredEvent } from './state.ts';
import { createdFilter, listPage, newId, nowSeconds, resourceMissing, type JsonObject } from './wire.ts';

/** Stripe keeps events for 30 days; a long local run must not grow without bound either. */
const MAX_EVENTS_KEPT = 10_000;

export function emitEvent(
  state: EmulatorState,
  type: string,
  object: object,
  account: string,
  opts: { previous?: JsonObject; request?: ApiRequest } = {},
): StoredEvent {
  const id = newId('evt');
  const event = {
    id,
    object: 'event',
    api_version: state.accountApiVersion,
    created: nowSeconds(),
    data: { object: render(object, state.accountApiVersion), ...(opts.previous ? { previous_attributes: opts.previous } : {}) },
    livemode: false,
    pending_webhooks: targetsOf(state, account).length,
    request: { id: opts.request?.requestId ?? null, idempotency_key: opts.request?.idempotencyKey ?? null },
    type,
  };
  const stored: StoredEvent = { event, account, deliveries: [] };
  state.events.set(id, stored);
  if (state.events.size > MAX_EVENTS_KEPT) state.events.delete(state.events.keys().next().value!);
  return stored;
}

/** Where the events of one change go: the account whose objects changed, the request that caused it (if any) and the list to deliver. */
export interface Emitter {
  state: EmulatorState;
  account: string;
  request?: ApiRequest;
  events: StoredEvent[];
}

export const emitterFor = (req: ApiRequest): Emitter => ({ state: req.state, account: req.account, request: req, events: req.emitted });
/** For a change no API request made (a control endpoint, a page): the account of the object it acts on. */
export const controlEmitter = (state: EmulatorState, account: string): Emitter => ({ state, account, events: [] });

export function emit(em: Emitter, type: string, object: object, previous?: JsonObject): StoredEvent {
  const stored = emitEvent(em.state, type, object, em.account, { ...(previous ? { previous } : {}), ...(em.request ? { request: em.request } : {}) });
  em.events.push(stored);
  return stored;
}

/** The id of the object an event is about, and its customer, for filtering. */
export function eventSubject(stored: StoredEvent): { objectId: string | null; customer: string | null } {
  const object = (stored.event['data'] as { object: JsonObject }).object;
  const objectId = typeof object['id'] === 'string' ? object['id'] : null;
  const customer = object['object'] === 'customer' ? objectId : typeof object['customer'] === 'string' ? object['customer'] : null;
  return { objectId, customer };
}

export const retrieveEvent: ApiHandler = (req) => {
  req.params.only(['expand']);
  const stored = req.state.events.get(req.ids[0]!);
  if (!stored) throw resourceMissing('event', req.ids[0]!);
  return answerObject(req, stored.event);
};

export const listEvents: ApiHandler = (req) => {
  req.params.only(['created', 'delivery_success', 'ending_before', 'expand', 'limit', 'starting_after', 'type', 'types']);
  const inCreated = createdFilter(req.params);
  const type = req.params.string('type');
  const types = req.params.strings('types');
  // `type` may end in `*` (`customer.subscription.*`), as Stripe's filter allows.
  const typeMatches = (t: string) =>
    (type === undefined || (type.endsWith('*') ? t.startsWith(type.slice(0, -1)) : t === type)) && (types.length === 0 || types.includes(t));
  const events = newestFirst(req.state.events.values())
    .filter((s) => s.account === req.account)
    .map((s) => s.event)
    .filter((e) => typeMatches(e.type) && inCreated(e.created));
  return { body: listPage(events, '/v1/events', req.params, (e) => e) };
};

/** The fields that changed, with their old values: an event's `previous_attributes`. */
export function changedFrom(before: JsonObject, after: JsonObject): JsonObject | undefined {
  const previous: JsonObject = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) previous[key] = before[key] ?? null;
  }
  return Object.keys(previous).length ? previous : undefined;
}
