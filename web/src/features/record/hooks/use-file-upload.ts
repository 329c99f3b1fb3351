// Uploading a recording made elsewhere: make the session, then send the file in parts with progress.
import { AUDIO_UPLOAD_LIMITS, type UploadMatch } from '@charta/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { describeError } from '@/lib/error-message';
import { deleteSession } from '@/data/sessions';
import { createSession, findUploadByChecksum, type NewSession } from '../api/sessions';
import { uploadAudioPart } from '../api/upload-audio';
import { sha256Hex } from '../lib/file-checksum';
import { startFileUpload, type FileUpload } from '../lib/file-upload';
import { classifyUploadError, describeUploadError } from '../lib/upload-errors';
import type { QueueStatus } from '../lib/upload-queue';

/** The server keeps at most this much audio per recording. */
export const MAX_FILE_BYTES = AUDIO_UPLOAD_LIMITS.recordingBytes;

const AUDIO_EXTENSIONS = /\.(webm|weba|ogg|oga|opus|mp3|m4a|mp4|aac|wav|flac)$/i;

/** A quick look before making a session: the server still checks the content itself. */
export function looksLikeAudio(file: File): boolean {
  if (file.type.startsWith('audio/')) return true;
  // Some systems label audio-only .webm/.mp4 as video, or give no type at all.
  if (file.type === '' || file.type.startsWith('video/') || file.type === 'application/octet-stream') return AUDIO_EXTENSIONS.test(file.name);
  return false;
}

/** creating → uploading → complete: the session is made, then the file goes up; failed: either. */
export type FileUploadPhase = 'idle' | 'creating' | 'uploading' | 'complete' | 'failed';

/**
 * A file just picked, before anything is made for it: being read for its checksum (and the server asked
 * whether it went up lately), or refused as it is. Apart from the upload's state: a file picked while the
 * last one is being transcribed leaves that one's progress where it is.
 */
export interface PickedFile {
  fileName: string;
  phase: 'checking' | 'refused';
  error: string | null;
}

/** A picked file, looked at before anything is made: its checksum, and the caller's upload of it lately. */
export interface CheckedFile {
  file: File;
  /** Null when the browser could not compute it (the upload goes on without the check). */
  sha256: string | null;
  /** The caller's own upload of the same file within the last day, whose session still exists. */
  match: UploadMatch | null;
}

export interface FileUploadState {
  phase: FileUploadPhase;
  fileName: string | null;
  patientName: string | null;
  sentBytes: number;
  totalBytes: number;
  queueStatus: QueueStatus | null;
  nextRetryAt: number | null;
  error: string | null;
  /** Whether "Retry" can help (a network failure) or the file itself was refused. */
  retryable: boolean;
  sessionId: string | null;
}

const IDLE: FileUploadState = {
  phase: 'idle',
  fileName: null,
  patientName: null,
  sentBytes: 0,
  totalBytes: 0,
  queueStatus: null,
  nextRetryAt: null,
  error: null,
  retryable: false,
  sessionId: null,
};

export function useFileUpload() {
  const [state, setState] = useState<FileUploadState>(IDLE);
  const [picked, setPicked] = useState<PickedFile | null>(null);
  const upload = useRef<FileUpload | null>(null);
  const latest = useRef<symbol | null>(null);

  useEffect(() => {
    const online = () => upload.current?.setOnline(true);
    const offline = () => upload.current?.setOnline(false);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      upload.current?.cancel();
    };
  }, []);

  /** Waits for the upload to settle and shows how; true when the server has the whole file. */
  const follow = useCallback(async (current: FileUpload, sessionId: string): Promise<boolean> => {
    const final = await current.settled();
    if (upload.current !== current) return false;
    if (final.status === 'complete') {
      upload.current = null;
      setState((s) => ({ ...s, phase: 'complete', sentBytes: s.totalBytes, queueStatus: 'complete', error: null }));
      return true;
    }
    const retryable = classifyUploadError(final.error).kind === 'retry';
    if (!retryable) {
      // The server refused the file: the session made for it would stay an empty draft.
      upload.current = null;
      void deleteSession(sessionId).catch(() => undefined);
    }
    setState((s) => ({ ...s, phase: 'failed', error: describeUploadError(final.error), retryable, sessionId: retryable ? sessionId : null }));
    return false;
  }, []);

  /**
   * Looks at a picked file before anything is made: refuses what cannot be audio, then computes its SHA-256
   * and asks whether the caller uploaded it within the last day. Null when the file is refused (the state says
   * why). A checksum or a question that fails does not stop the upload: it goes on without the check.
   */
  const check = useCallback(async (file: File): Promise<CheckedFile | null> => {
    if (upload.current) return null;
    const refuse = (error: string) => {
      setPicked({ fileName: file.name, phase: 'refused', error });
      return null;
    };
    if (file.size === 0) return refuse('That file is empty.');
    if (!looksLikeAudio(file)) return refuse('That file is not audio we can read. Charta accepts WebM, Ogg, MP3, MP4/M4A/AAC, WAV and FLAC recordings.');
    if (file.size > MAX_FILE_BYTES) return refuse(`That recording is too large to upload (at most ${MAX_FILE_BYTES / (1024 * 1024)} MB).`);
    setPicked({ fileName: file.name, phase: 'checking', error: null });
    const sha256 = await sha256Hex(file).catch(() => null);
    const match = sha256 ? await findUploadByChecksum(sha256).catch(() => null) : null;
    setPicked(null);
    return { file, sha256, match };
  }, []);

  const start = useCallback(
    async ({ file, sha256 }: CheckedFile, setup: NewSession): Promise<boolean> => {
      if (upload.current) return false;
      const base = { ...IDLE, fileName: file.name, patientName: setup.patientName, totalBytes: file.size };
      const refuse = (error: string) => {
        setState({ ...base, phase: 'failed', error });
        return false;
      };

      setState({ ...base, phase: 'creating' });
      let sessionId: string;
      try {
        sessionId = (await createSession(setup)).id;
      } catch (error) {
        return refuse(describeError(error));
      }
      setState({ ...base, phase: 'uploading', sessionId });
      // Progress may be reported before startFileUpload returns: the check cannot use its result.
      const attempt = Symbol('file upload');
      latest.current = attempt;
      const current = startFileUpload(
        file,
        { sessionId, uploadId: crypto.randomUUID(), sha256 },
        {
          uploadPart: uploadAudioPart,
          isOnline: () => navigator.onLine,
          onProgress: (progress) => {
            if (latest.current !== attempt) return;
            setState((s) =>
              s.phase === 'uploading'
                ? { ...s, sentBytes: progress.sentBytes, queueStatus: progress.queue.status, nextRetryAt: progress.queue.nextRetryAt }
                : s,
            );
          },
        },
      );
      upload.current = current;
      return follow(current, sessionId);
    },
    [follow],
  );

  const retry = useCallback(() => {
    const current = upload.current;
    if (!current || !state.sessionId) return;
    const sessionId = state.sessionId;
    setState((s) => ({ ...s, phase: 'uploading', error: null }));
    current.retry();
    void follow(current, sessionId);
  }, [follow, state.sessionId]);

  const reset = useCallback(() => {
    latest.current = null;
    upload.current?.cancel();
    upload.current = null;
    setState(IDLE);
  }, []);

  const dismissPicked = useCallback(() => setPicked(null), []);

  return {
    state,
    picked,
    check,
    start,
    retry,
    reset,
    dismissPicked,
    busy: picked?.phase === 'checking' || state.phase === 'creating' || state.phase === 'uploading',
  };
}
