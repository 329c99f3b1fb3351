import type { DocumentReference, Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../firestore/collections.js';
import type { UnnumberedSegment } from '../transcripts/transcript.js';

/**
 * A recording's transcription, window by window, stored beneath its upload (so it goes with the upload:
 * with its session, its account, or the sweep of abandoned uploads):
 * - `audioUploads/{id}/transcription/plan`: how far the windows go (`nextIndex`, `nextStartMs`) and who
 *   works on them now (a hold with an end, so a stopped worker's hold expires);
 * - `audioUploads/{id}/windows/{index}`: each window's bounds in the recording, and once transcribed its
 *   segments (times in the recording) and engine.
 * Every write re-reads the upload and the plan in its transaction: nothing is written for an upload that
 * is gone, nor by a worker that no longer holds the plan.
 */
export interface TranscriptionPlan {
  nextIndex: number;
  nextStartMs: number;
  holder: string | null;
  holdUntil: string | null;
  updatedAt: string;
}

export interface WindowRecord {
  index: number;
  startMs: number;
  endMs: number;
  /** `planned`: cut, not transcribed yet; `done`: its segments are in. */
  status: 'planned' | 'done';
  segments: UnnumberedSegment[];
  engine: string | null;
  /** Tries that failed (a try is the engine adapter's own retries); the last failure's code. */
  attempts: number;
  lastError: string | null;
  processingMs: number | null;
  updatedAt: string;
}

const EMPTY_PLAN = (now: string): TranscriptionPlan => ({ nextIndex: 0, nextStartMs: 0, holder: null, holdUntil: null, updatedAt: now });
const windowId = (index: number) => String(index).padStart(6, '0');

export class WindowRepo {
  constructor(private readonly db: Firestore) {}

  private upload(uploadId: string): DocumentReference {
    return this.db.collection(COLLECTIONS.audioUploads).doc(uploadId);
  }

  private plan(uploadId: string): DocumentReference {
    return this.upload(uploadId).collection('transcription').doc('plan');
  }

  private window(uploadId: string, index: number): DocumentReference {
    return this.upload(uploadId).collection('windows').doc(windowId(index));
  }

  /**
   * Takes the plan for `holder` until `holdUntil` unless someone else holds it; the plan as it stands, or
   * null (held by another, or the upload is gone).
   */
  async hold(uploadId: string, holder: string, holdUntil: Date, now: Date): Promise<TranscriptionPlan | null> {
    return this.db.runTransaction(async (tx) => {
      const [upload, snap] = await Promise.all([tx.get(this.upload(uploadId)), tx.get(this.plan(uploadId))]);
      if (!upload.exists) return null;
      const plan = (snap.data() as TranscriptionPlan | undefined) ?? EMPTY_PLAN(now.toISOString());
      if (plan.holder && plan.holder !== holder && plan.holdUntil && Date.parse(plan.holdUntil) > now.getTime()) return null;
      const held = { ...plan, holder, holdUntil: holdUntil.toISOString(), updatedAt: now.toISOString() };
      tx.set(this.plan(uploadId), held);
      return held;
    });
  }

  async release(uploadId: string, holder: string, now: Date): Promise<void> {
    await this.db.runTransaction(async (tx) => {
      const snap = await tx.get(this.plan(uploadId));
      const plan = snap.data() as TranscriptionPlan | undefined;
      if (!plan || plan.holder !== holder) return;
      tx.update(this.plan(uploadId), { holder: null, holdUntil: null, updatedAt: now.toISOString() });
    });
  }

  async findPlan(uploadId: string): Promise<TranscriptionPlan | null> {
    return ((await this.plan(uploadId).get()).data() as TranscriptionPlan | undefined) ?? null;
  }

  /**
   * Stores a window, in order: a new one must be the plan's next (the plan then moves past it); one cut
   * before (planned, now transcribed or failed again) is updated where it is. False when the holder lost
   * the plan, the upload is gone, or the window is not the next one (another worker cut it).
   */
  async putWindow(uploadId: string, holder: string, window: WindowRecord): Promise<boolean> {
    return this.db.runTransaction(async (tx) => {
      const [upload, planSnap, existing] = await Promise.all([tx.get(this.upload(uploadId)), tx.get(this.plan(uploadId)), tx.get(this.window(uploadId, window.index))]);
      const plan = planSnap.data() as TranscriptionPlan | undefined;
      if (!upload.exists || !plan || plan.holder !== holder) return false;
      if (existing.exists) {
        const stored = existing.data() as WindowRecord;
        if (stored.startMs !== window.startMs || stored.endMs !== window.endMs) return false;
        tx.set(this.window(uploadId, window.index), window);
        return true;
      }
      if (window.index !== plan.nextIndex || window.startMs !== plan.nextStartMs) return false;
      tx.set(this.window(uploadId, window.index), window);
      tx.update(this.plan(uploadId), { nextIndex: window.index + 1, nextStartMs: window.endMs, updatedAt: window.updatedAt });
      return true;
    });
  }

  /** The windows that start at or after `fromMs`, in order. */
  async windowsFrom(uploadId: string, fromMs: number): Promise<WindowRecord[]> {
    const snap = await this.upload(uploadId).collection('windows').where('startMs', '>=', fromMs).orderBy('startMs').get();
    return snap.docs.map((d) => d.data() as WindowRecord);
  }

  /** Every window of the upload, in order. */
  async windows(uploadId: string): Promise<WindowRecord[]> {
    const snap = await this.upload(uploadId).collection('windows').orderBy('index').get();
    return snap.docs.map((d) => d.data() as WindowRecord);
  }

  /** The windows' records and the plan, once their transcript is stored (they hold its text). */
  async deleteAll(uploadId: string): Promise<void> {
    await this.db.recursiveDelete(this.upload(uploadId).collection('windows'));
    await this.db.recursiveDelete(this.upload(uploadId).collection('transcription'));
  }
}
