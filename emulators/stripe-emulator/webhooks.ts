/**
 * Webhook delivery as Stripe does it, to the endpoints of the account the event's object belongs to (accounts.ts):
 * the event as JSON, `Stripe-Signature: t=<unix>,v1=<HMAC-SHA256 of
 * "<t>.<body>" with the endpoint's secret>` (signed afresh on every attempt), any answer but 2xx (or none
 * within the timeout) retried with backoff. Stripe backs off over three days; the emulator over seconds
 * (1, 2, 4, 8, 16 s by default) so a local run or a test sees the retry.
 */
import { createHmac } from 'node:crypto';
import { targetsOf } from './accounts.ts';
import type { Delivery, EmulatorState, StoredEvent, WebhookTarget } from './state.ts';
import { nowSeconds } from './wire.ts';

const ATTEMPT_TIMEOUT_MS = 10_000;

export type DeliveryMode = 'normal' | 'twice' | 'reversed';

export function signature(secret: string, timestamp: number, payload: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
}

export function signatureHeader(secret: string, payload: string, timestamp = nowSeconds()): string {
  return `t=${timestamp},v1=${signature(secret, timestamp, payload)}`;
}

async function attempt(state: EmulatorState, stored: StoredEvent, target: WebhookTarget, attemptNo: number): Promise<Delivery> {
  // Stripe sends the event pretty-printed; the signature covers these exact bytes.
  const payload = JSON.stringify(stored.event, null, 2);
  const delivery: Delivery = { url: target.url, attempt: attemptNo, status: null, at: nowSeconds() };
  try {
    const res = await fetch(target.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        'stripe-signature': signatureHeader(state.webhookSecret, payload),
        'cache-control': 'no-cache',
      },
      body: payload,
      signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
    });
    delivery.status = res.status;
    await res.arrayBuffer().catch(() => undefined);
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause;
    delivery.error = cause?.code ?? (err as Error).name;
  }
  stored.deliveries.push(delivery);
  return delivery;
}

const succeeded = (delivery: Delivery) => delivery.status !== null && delivery.status >= 200 && delivery.status < 300;

/** Retries in the background after a failed attempt, until one succeeds or the delays run out. */
function retryLater(state: EmulatorState, stored: StoredEvent, target: WebhookTarget, attemptNo: number): void {
  const delay = state.retryDelaysMs[attemptNo - 2];
  if (delay === undefined) return;
  const timer = setTimeout(() => {
    void attempt(state, stored, target, attemptNo).then((delivery) => {
      if (!succeeded(delivery)) retryLater(state, stored, target, attemptNo + 1);
    });
  }, delay);
  timer.unref();
}

/** One delivery of an event to every target of its account: the first attempts awaited, retries left to run. */
async function deliverOnce(state: EmulatorState, stored: StoredEvent): Promise<void> {
  const targets = targetsOf(state, stored.account);
  await Promise.all(
    targets.map(async (target) => {
      const first = await attempt(state, stored, target, 1);
      if (!succeeded(first)) retryLater(state, stored, target, 2);
    }),
  );
}

/**
 * Delivers events in order, each one's first attempt finished before the next is sent; `twice` sends
 * the whole series again afterwards (a redelivery, same event ids), `reversed` sends it last to first.
 * Stripe promises neither order nor once-only delivery, so a handler must survive both.
 */
export async function deliver(state: EmulatorState, events: StoredEvent[], mode: DeliveryMode = 'normal'): Promise<void> {
  const series = mode === 'reversed' ? [...events].reverse() : events;
  for (const stored of series) await deliverOnce(state, stored);
  if (mode === 'twice') for (const stored of series) await deliverOnce(state, stored);
}

/** Events caused by API calls go out after the call has answered, as Stripe's do. */
export function deliverInBackground(state: EmulatorState, events: StoredEvent[]): void {
  if (events.length > 0) setImmediate(() => void deliver(state, events));
}
