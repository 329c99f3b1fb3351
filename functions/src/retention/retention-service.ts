import { isShorterRetention, retentionCutoff, RETENTION_KINDS, type RetentionImpact, type RetentionKind, type RetentionSettings } from '@charta/contract';
import type { OwnerRetention, RetentionSettingsInForce } from './owner-retention.js';
import { daysFor } from './retention-policy.js';
import type { RetentionQueries } from './retention-queries.js';

/** Retention as the clinician meets it: what a change would delete, and "when the note is ready" kept to its word. */
export class RetentionService {
  constructor(
    private readonly settings: RetentionSettingsInForce,
    private readonly queries: RetentionQueries,
    private readonly owners: OwnerRetention,
    private readonly now: () => Date,
  ) {}

  /**
   * How many of uid's sessions the proposed settings would delete from, kind by kind (POST
   * /profile/retention/impact): only kinds it shortens count; counted by aggregation, no session is read.
   * Settings asks with these numbers before it saves a shorter setting.
   */
  async impact(uid: string, proposed: Partial<RetentionSettings>): Promise<RetentionImpact> {
    const current = await this.settings.retentionOf(uid);
    const next: RetentionSettings = { ...current, ...Object.fromEntries(Object.entries(proposed).filter(([, v]) => v !== undefined)) };
    const now = this.now();
    const counts = new Map(
      await Promise.all(
        RETENTION_KINDS.map(async (kind) => {
          const days = daysFor(kind, next);
          if (days === null || !isShorterRetention(daysFor(kind, current), days)) return [kind, 0] as const;
          return [kind, await this.queries.countDue(uid, kind, retentionCutoff(days, now))] as const;
        }),
      ),
    );
    const count = (kind: RetentionKind) => counts.get(kind) ?? 0;
    return { sessions: count('session'), audio: count('audio'), transcript: count('transcript') };
  }

  /** The note of `sessionId` is ready: its audio and transcript go now if the clinician's setting says "when the note is ready". */
  async noteReady(sessionId: string): Promise<void> {
    await this.owners.sweepSession(sessionId, this.now());
  }
}
