import { retentionCutoff, RETENTION_KINDS, RETENTION_SETTING_OF, type RetentionKind, type RetentionSettings } from '@charta/contract';

/**
 * When each kind of patient data is due (docs/privacy.md "Retention"): the domain rules alone, without Firestore.
 * The whole session counts from when it was made; its audio and transcript from when its note was first
 * ready (the session's `audioHeldSince` / `transcriptHeldSince`, which are gone once retention deleted them).
 */
export function retentionClock(kind: RetentionKind): 'createdAt' | 'audioHeldSince' | 'transcriptHeldSince' {
  return kind === 'session' ? 'createdAt' : kind === 'audio' ? 'audioHeldSince' : 'transcriptHeldSince';
}

/** Sessions first: their audio and transcript then go with them, not one by one before. */
export const RETENTION_ORDER: readonly RetentionKind[] = ['session', ...RETENTION_KINDS.filter((kind) => kind !== 'session')];

export const RETENTION_POLICY = {
  /**
   * A run stops taking new users after this long and leaves the rest of the pass to the next run (the
   * scheduled function's timeout is 9 minutes): however many users there are, no run is killed for time.
   */
  runBudgetMs: 7 * 60_000,
  /**
   * A run holds the pass this long past its last checkpoint; a run killed half-way leaves its hold to end, and
   * the next run (an hour later) finds it ended and resumes. Longer than one user's deletions ever take.
   */
  leaseMs: 10 * 60_000,
  /** Sessions read per query while going through one user's. */
  pageSize: 100,
} as const;

/**
 * The setting (days) under which a part held since `since` is due at `now`, or null if it is not due (it
 * is kept, it is younger, or there is nothing held). Exactly `days` old is due.
 */
export function dueSetting(days: number | null, since: string | null | undefined, now: Date): number | null {
  if (days === null || !since) return null;
  return Date.parse(since) <= retentionCutoff(days, now).getTime() ? days : null;
}

export function daysFor(kind: RetentionKind, settings: RetentionSettings): number | null {
  return settings[RETENTION_SETTING_OF[kind]];
}

/** A new daily pass may start once none has started on this UTC day: one a day, whenever the schedule fires. */
export function isPassDue(lastPassStartedAt: string | null, now: Date): boolean {
  return lastPassStartedAt === null || lastPassStartedAt.slice(0, 10) < now.toISOString().slice(0, 10);
}
