import { NO_RETENTION_DELETIONS, type RetentionDeletion } from '@charta/contract';
import type { Transaction } from 'firebase-admin/firestore';
import type { SessionRepo } from './session-repo.js';
import type { RetentionDue, SessionDataOwner } from './session-service.js';
import type { SessionRecord } from './session.js';

/** Where a session's transcript is deleted, in the session's transaction (the transcripts feature fills it in). */
export interface TranscriptDeletion {
  deleteIn(tx: Transaction, sessionId: string): void;
}

/**
 * Retention's deletions of one part of a session (docs/privacy.md "Retention"): its audio or its transcript, while
 * the session and its note stay. The session says what was deleted, when and under which setting
 * (`deletedByRetention`), so nothing goes silently missing. The whole session goes through
 * SessionService.deleteIfDue, the same way as any deletion.
 */
export class SessionPartRetention {
  constructor(
    private readonly sessions: SessionRepo,
    /** The owner of a session's audio (session-audio.ts): the upload records, their chunks and audio objects. */
    private readonly audio: SessionDataOwner,
    private readonly transcripts: TranscriptDeletion,
    private readonly now: () => Date,
  ) {}

  /**
   * Deletes the session's audio if `due` says so. Three steps, so that a run killed anywhere is finished by
   * the next one and nothing is left behind: (1) a transaction decides and records the deletion on the
   * session (from then on playback answers 410 and the page says "Audio deleted on ..."); (2) the upload's
   * records and objects go, as they go with the session; (3) the session lets go of them. A session in
   * between (1) and (3) still holds `audioHeldSince`, so retention's query finds it again, and (1) then
   * keeps the decision already made.
   */
  async deleteAudioIfDue(sessionId: string, due: RetentionDue): Promise<RetentionDeletion | null> {
    const decided = await this.sessions.runTransaction(async (tx) => {
      const session = await this.sessions.find(sessionId, tx);
      if (!session?.audioHeldSince) return null;
      if (session.deletedByRetention?.audio) return { session, deletion: session.deletedByRetention.audio };
      const afterDays = await due(tx, session);
      if (afterDays === null) return null;
      const deletion = { deletedAt: this.now().toISOString(), afterDays };
      this.sessions.save(tx, { ...session, deletedByRetention: { ...(session.deletedByRetention ?? NO_RETENTION_DELETIONS), audio: deletion }, updatedAt: deletion.deletedAt });
      return { session, deletion };
    });
    if (!decided) return null;
    const { session, deletion } = decided;
    await this.audio.deleteForSession({ id: session.id, ownerUid: session.ownerUid, audioUploadId: session.audioUploadId, documentationId: session.documentationId, deletedAt: deletion.deletedAt });
    await this.sessions.runTransaction(async (tx) => {
      const current = await this.sessions.find(sessionId, tx);
      // Deleted meanwhile: its own deletion took whatever was left.
      if (!current) return;
      this.sessions.save(tx, { ...current, audio_uri: null, audioUploadId: null, audioHeldSince: null });
    });
    return deletion;
  }

  /**
   * Deletes the session's transcript if `due` says so, in one transaction with the record of it on the
   * session: the transcript is one document, so there is no half-way. The note keeps its text and the short
   * quotes of its evidence, which are part of it.
   */
  async deleteTranscriptIfDue(sessionId: string, due: RetentionDue): Promise<RetentionDeletion | null> {
    return this.sessions.runTransaction(async (tx) => {
      const session = await this.sessions.find(sessionId, tx);
      if (!session?.transcriptHeldSince) return null;
      const afterDays = session.deletedByRetention?.transcript?.afterDays ?? (await due(tx, session));
      if (afterDays === null) return null;
      const deletion = { deletedAt: this.now().toISOString(), afterDays };
      this.transcripts.deleteIn(tx, session.id);
      const next: SessionRecord = {
        ...session,
        transcriptHeldSince: null,
        deletedByRetention: { ...(session.deletedByRetention ?? NO_RETENTION_DELETIONS), transcript: deletion },
        updatedAt: deletion.deletedAt,
      };
      this.sessions.save(tx, next);
      return deletion;
    });
  }
}
