import { randomUUID } from 'node:crypto';
import { logCode, logId, type Logger } from '../logging/logger.js';
import { logRetentionItemFailed, logRetentionRun } from '../logging/log-events.js';
import { addCounts, NO_DELETIONS, type OwnerRetention, type RetentionCounts } from './owner-retention.js';
import type { RetentionCheckpoints, RetentionPass, RetentionSweepState } from './retention-checkpoint.js';
import { isPassDue, RETENTION_POLICY } from './retention-policy.js';

/** The users a pass goes through, in uid order (retention-queries.ts: everyone with sessions). */
export interface RetentionOwners {
  nextOwnerAfter(afterUid: string | null): Promise<string | null>;
}

export interface RetentionRunReport extends RetentionCounts {
  /**
   * `finished`: the pass reached its last user. `paused`: out of time, the next run goes on. `busy`: another
   * run holds the pass. `not_due`: today's pass is done. `lost`: another run took the pass over (this one's
   * hold had ended), so this one stopped.
   */
  outcome: 'finished' | 'paused' | 'busy' | 'not_due' | 'lost';
  /** The users this run went through, in order. */
  owners: string[];
}

export interface RetentionSweeperDeps {
  checkpoints: RetentionCheckpoints;
  owners: RetentionOwners;
  retention: OwnerRetention;
  logger: Logger;
  now: () => Date;
  /** Which checkpoint document (tests use their own, so a test's pass never meets the real one). */
  checkpointId?: string;
  runBudgetMs?: number;
}

/**
 * The daily retention sweep (docs/privacy.md "Retention"): every user with sessions, in uid order, has what their
 * settings say has expired deleted (OwnerRetention). The scheduled function runs it every hour; a run
 * resumes a pass left unfinished, or starts the day's pass if none has started today (UTC), else does nothing.
 *
 * Resumable: after each user the pass's cursor (that user's uid) is saved with the run's hold, in one
 * transaction. A run killed anywhere leaves the cursor at the last user it finished; the next run (once the
 * hold has ended) goes on with the next user, so no user is skipped, and the user it was in the middle of is
 * swept again, which finds only what was not yet deleted (each deletion, once done, is no longer found), so
 * nothing is done twice. A run also stops by itself after RETENTION_POLICY.runBudgetMs and leaves the rest
 * to the next run, so no pass is ever too big for the function's timeout.
 */
export class RetentionSweeper {
  private readonly id: string;

  constructor(private readonly d: RetentionSweeperDeps) {
    this.id = d.checkpointId ?? 'daily';
  }

  async run(): Promise<RetentionRunReport> {
    const started = Date.now();
    const budgetMs = this.d.runBudgetMs ?? RETENTION_POLICY.runBudgetMs;
    const runId = randomUUID();
    const now = this.d.now();
    const report: RetentionRunReport = { outcome: 'finished', owners: [], ...NO_DELETIONS };

    const claimed = await this.claim(runId, now);
    if (typeof claimed === 'string') return this.done({ ...report, outcome: claimed }, started);
    let pass = claimed;
    for (;;) {
      if (Date.now() - started > budgetMs) {
        await this.release(runId);
        return this.done({ ...report, outcome: 'paused' }, started);
      }
      const uid = await this.d.owners.nextOwnerAfter(pass.afterUid);
      if (uid === null) {
        const finished = await this.finish(runId, pass);
        return this.done({ ...report, outcome: finished ? 'finished' : 'lost' }, started);
      }
      let counts: RetentionCounts;
      try {
        counts = await this.d.retention.sweepOwner(uid, now);
      } catch (err) {
        // Reading the user's settings or sessions failed (one deletion failing is the user sweep's to log and
        // leave for tomorrow). The run stops here as a killed one would, its cursor on the user before: the
        // next run starts again with this user rather than move past it.
        logRetentionItemFailed(this.d.logger, { uid: logId(uid), kind: 'owner', errorName: logCode(err instanceof Error ? err.name : 'unknown') });
        throw err;
      }
      report.owners.push(uid);
      Object.assign(report, addCounts(report, counts));
      const next = await this.checkpoint(runId, { ...addCounts(pass, counts), startedAt: pass.startedAt, afterUid: uid, owners: pass.owners + 1 });
      if (!next) return this.done({ ...report, outcome: 'lost' }, started);
      pass = next;
    }
  }

  /** Takes the pass for this run: the one left unfinished, or a new one if today's is due. */
  private async claim(runId: string, now: Date): Promise<RetentionPass | 'busy' | 'not_due'> {
    return this.d.checkpoints.runTransaction(async (tx) => {
      const state = await this.d.checkpoints.find(this.id, tx);
      if (state.runId && state.leaseUntil && Date.parse(state.leaseUntil) > now.getTime()) return 'busy';
      if (!state.pass && !isPassDue(state.lastPassStartedAt, now)) return 'not_due';
      const pass: RetentionPass = state.pass ?? { startedAt: now.toISOString(), afterUid: null, owners: 0, ...NO_DELETIONS };
      this.d.checkpoints.save(tx, { ...state, pass, runId, leaseUntil: this.leaseFrom(now) });
      return pass;
    });
  }

  /** Saves how far the pass got, if this run still holds it (else null: stop, another run has it). */
  private async checkpoint(runId: string, pass: RetentionPass): Promise<RetentionPass | null> {
    return (await this.whileHeld(runId, (state) => ({ ...state, pass, leaseUntil: this.leaseFrom(this.d.now()) }))) ? pass : null;
  }

  private async finish(runId: string, pass: RetentionPass): Promise<boolean> {
    return this.whileHeld(runId, (state) => ({
      ...state,
      pass: null,
      lastPassStartedAt: pass.startedAt,
      lastPassFinishedAt: this.d.now().toISOString(),
      runId: null,
      leaseUntil: null,
    }));
  }

  /** Out of time: the pass stays as it is for the next run, which need not wait for this hold to end. */
  private async release(runId: string): Promise<void> {
    await this.whileHeld(runId, (state) => ({ ...state, runId: null, leaseUntil: null }));
  }

  private async whileHeld(runId: string, change: (state: RetentionSweepState) => RetentionSweepState): Promise<boolean> {
    return this.d.checkpoints.runTransaction(async (tx) => {
      const state = await this.d.checkpoints.find(this.id, tx);
      if (state.runId !== runId) return false;
      this.d.checkpoints.save(tx, change(state));
      return true;
    });
  }

  private leaseFrom(now: Date): string {
    return new Date(now.getTime() + RETENTION_POLICY.leaseMs).toISOString();
  }

  private done(report: RetentionRunReport, started: number): RetentionRunReport {
    logRetentionRun(this.d.logger, {
      outcome: logCode(report.outcome),
      owners: report.owners.length,
      audio: report.audio,
      transcripts: report.transcripts,
      sessions: report.sessions,
      durationMs: Date.now() - started,
    });
    return report;
  }
}
