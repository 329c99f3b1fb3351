import type { Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../../firestore/collections.js';
import { toTimestamp } from '../../firestore/timestamps.js';

/** Stripe redelivers an event for up to 3 days; its record is kept a month, then a TTL policy deletes it. */
const KEEP_MS = 30 * 24 * 3_600_000;

// gRPC's status for a create() whose document exists.
const ALREADY_EXISTS = 6;

/** `stripeEvents/{eventId}`: the events handled, ids and types only. */
export class StripeEventRepo {
  constructor(private readonly db: Firestore) {}

  private ref(eventId: string) {
    return this.db.collection(COLLECTIONS.stripeEvents).doc(eventId);
  }

  async wasHandled(eventId: string): Promise<boolean> {
    return (await this.ref(eventId).get()).exists;
  }

  /** Recorded only once handled, so an event whose handling failed is handled again when Stripe retries it. */
  async recordHandled(eventId: string, type: string, now: Date): Promise<void> {
    try {
      await this.ref(eventId).create({ type, handledAt: toTimestamp(now.toISOString()), expiresAt: toTimestamp(new Date(now.getTime() + KEEP_MS).toISOString()) });
    } catch (err) {
      // Two deliveries handled at once: both did the same idempotent work; the first record stays.
      if ((err as { code?: unknown }).code !== ALREADY_EXISTS) throw err;
    }
  }
}
