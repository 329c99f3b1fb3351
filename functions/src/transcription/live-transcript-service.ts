import type { LiveTranscript } from '@charta/contract';
import type { UploadRepo } from '../audio/upload-repo.js';
import { notFound } from '../http/errors.js';
import type { SessionRepo } from '../sessions/session-repo.js';
import type { WindowTranscription } from './window-transcription.js';

/**
 * POST /session/live_transcript: what a recording's windows have made of its transcript so far, for the
 * Record tab while the clinician records, and for the progress after Stop ("Transcribing the last 20
 * seconds"). Nothing once the transcript is stored (the session's transcript is then the one to read).
 */
export class LiveTranscriptService {
  constructor(
    private readonly sessions: SessionRepo,
    private readonly uploads: UploadRepo,
    private readonly windows: Pick<WindowTranscription, 'soFar'>,
  ) {}

  /** `fromSec`: only the segments of windows from there on (a caller's last transcribedUntilSec). */
  async of(uid: string, sessionId: string, fromSec = 0): Promise<LiveTranscript> {
    const session = await this.sessions.findOwned(uid, sessionId);
    if (!session) throw notFound('No such session');
    // The audio attached, else the newest recording still arriving for the session.
    const attached = session.audioUploadId ? await this.uploads.find(session.audioUploadId) : null;
    const upload = attached ?? (await this.uploads.findNamingSession(uid, session.id)).sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0] ?? null;
    if (!upload || upload.ownerUid !== uid) return { segments: [], transcribedUntilSec: 0, audioSec: null, engine: null };
    const soFar = await this.windows.soFar(upload.uploadId, Math.round(fromSec * 1000));
    return {
      // Ids stable across polls: the segment's start in the recording.
      segments: soFar.segments.map((s) => ({ id: `live-${s.startMs}`, ...s })),
      transcribedUntilSec: Math.max(fromSec, soFar.transcribedUntilMs / 1000),
      audioSec: upload.durationSec,
      engine: soFar.engine,
    };
  }
}
