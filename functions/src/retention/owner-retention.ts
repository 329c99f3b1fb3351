import type { RetentionDeletion, RetentionKind } from '@charta/contract';
import { retentionCutoff } from '@charta/contract';
import { logCode, logId, type Logger } from '../logging/logger.js';
import { logRetentionDeleted, logRetentionItemFailed } from '../logging/log-events.js';
import type { Transaction } from 'firebase-admin/firestore';
import type { RetentionSettings } from '@charta/contract';
import type { RetentionDue } from '../sessions/session-service.js';
import type { SessionRecord } from '../sessions/session.js';
import { daysFor, dueSetting, retentionClock, RETENTION_ORDER } from './retention-policy.js';
import type { RetentionQueries } from './retention-queries.js';

/** What one user's sweep deleted. */
export interface RetentionCounts {
  sessions: number;
  audio: number;
  transcripts: number;
}

export const NO_DELETIONS: RetentionCounts = { sessions: 0, audio: 0, transcripts: 0 };

export function addCounts(a: RetentionCounts, b: RetentionCounts): RetentionCounts {
  return { sessions: a.sessions + b.sessions, audio: a.audio + b.audio, transcripts: a.transcripts + b.transcripts };
}

/** The sessions feature's deletions, each re-deciding with `due` in its own transaction (sessions/). */
export interface SessionDeletions {
  deleteIfDue(uid: string, sessionId: string, due: RetentionDue): Promise<boolean>;
  deleteAudioIfDue(sessionId: string, due: RetentionDue): Promise<RetentionDeletion | null>;
  deleteTranscriptIfDue(sessionId: string, due: RetentionDue): Promise<RetentionDeletion | null>;
  find(sessionId: string): Promise<SessionRecord | null>;
}

/** The retention setting in force for a user: theirs, or their clinic's where its policy sets it (docs/clinics.md "Policies"). */
export interface RetentionSettingsInForce {
  retentionOf(uid: string, tx?: Transaction): Promise<RetentionSettings>;
}

export interface OwnerRetentionDeps {
  settings: RetentionSettingsInForce;
  queries: RetentionQueries;
  sessions: SessionDeletions;
  logger: Logger;
  /** Called after each deletion, outside its error handling: tests stop a run there, as a killed process would. */
  probe?: { afterDeletion(kind: RetentionKind, sessionId: string): Promise<void> } | undefined;
}

/**
 * Deletes what one user's settings say has expired: whole sessions first (with everything they own), then
 * the audio, then the transcripts of sessions kept. Each deletion re-reads the user's settings in its own
 * transaction (`due`), so a setting lengthened while a run goes on wins over the run, and a deletion done is
 * never found again (its session, or its `...HeldSince`, is gone): running a user twice deletes nothing twice.
 */
export class OwnerRetention {
  constructor(private readonly d: OwnerRetentionDeps) {}

  /** In the deleting transaction: the user's current setting for `kind`, and whether the session is due under it at `now`. */
  due(kind: RetentionKind, uid: string, now: Date): RetentionDue {
    return async (tx, session) => {
      const settings = await this.d.settings.retentionOf(uid, tx);
      return dueSetting(daysFor(kind, settings), session[retentionClock(kind)], now);
    };
  }

  async sweepOwner(uid: string, now: Date): Promise<RetentionCounts> {
    const settings = await this.d.settings.retentionOf(uid);
    let counts = NO_DELETIONS;
    for (const kind of RETENTION_ORDER) {
      const days = daysFor(kind, settings);
      if (days === null) continue;
      for await (const ids of this.d.queries.dueIds(uid, kind, retentionCutoff(days, now))) {
        for (const sessionId of ids) {
          if (await this.deleteOne(kind, uid, sessionId, now)) {
            counts = addCounts(counts, countOf(kind));
            await this.d.probe?.afterDeletion(kind, sessionId);
          }
        }
      }
    }
    return counts;
  }

  /**
   * One session's audio and transcript, as soon as its note is ready (the pipeline calls it then), so
   * "when the note is ready" means then, not at the next daily run. Anything else due waits for that run.
   */
  async sweepSession(sessionId: string, now: Date): Promise<RetentionCounts> {
    const session = await this.d.sessions.find(sessionId);
    if (!session) return NO_DELETIONS;
    let counts = NO_DELETIONS;
    for (const kind of ['audio', 'transcript'] as const) {
      if (await this.deleteOne(kind, session.ownerUid, sessionId, now)) counts = addCounts(counts, countOf(kind));
    }
    return counts;
  }

  /** One deletion; a failure is logged and left for the next run (it is still due then, so nothing is skipped). */
  private async deleteOne(kind: RetentionKind, uid: string, sessionId: string, now: Date): Promise<boolean> {
    const due = this.due(kind, uid, now);
    try {
      let afterDays: number | null;
      if (kind === 'session') {
        // The setting the deleting transaction decided on (its last attempt's, should Firestore retry it).
        let decided: number | null = null;
        const deleted = await this.d.sessions.deleteIfDue(uid, sessionId, async (tx, session) => (decided = await due(tx, session)));
        afterDays = deleted ? (decided ?? 0) : null;
      } else {
        const deletion = kind === 'audio' ? await this.d.sessions.deleteAudioIfDue(sessionId, due) : await this.d.sessions.deleteTranscriptIfDue(sessionId, due);
        afterDays = deletion?.afterDays ?? null;
      }
      if (afterDays === null) return false;
      logRetentionDeleted(this.d.logger, { uid: logId(uid), sessionId: logId(sessionId), kind, afterDays });
      return true;
    } catch (err) {
      logRetentionItemFailed(this.d.logger, { uid: logId(uid), sessionId: logId(sessionId), kind, errorName: logCode(err instanceof Error ? err.name : 'unknown') });
      return false;
    }
  }
}

function countOf(kind: RetentionKind): RetentionCounts {
  return { sessions: kind === 'session' ? 1 : 0, audio: kind === 'audio' ? 1 : 0, transcripts: kind === 'transcript' ? 1 : 0 };
}
