import type { Logger } from './logger.js';

/**
 * Every log line the API writes, one named function each, so a reviewer can check in one file that no
 * patient data (names, transcripts, note text, audio, emails) is ever logged: the parameters are ids,
 * codes, numbers and durations only.
 */
export function logRequestCompleted(
  log: Logger,
  f: { requestId: string; method: string; route: string; status: number; durationMs: number; uid?: string | undefined },
): void {
  const level = f.status >= 500 ? 'error' : 'info';
  log[level]('request_completed', f);
}

export function logUnexpectedError(log: Logger, f: { requestId: string; errorName: string; errorCode?: string | undefined; stack?: string | undefined }): void {
  log.error('unexpected_error', f);
}

export function logTokenRejected(log: Logger, f: { requestId: string; reason: string }): void {
  log.warn('token_rejected', f);
}

export function logIdentityUnavailable(log: Logger, f: { requestId: string; errorCode: string }): void {
  log.error('identity_unavailable', f);
}

export function logProfileCreated(log: Logger, f: { uid: string }): void {
  log.info('profile_created', f);
}

export function logAccountDeletionStep(log: Logger, f: { uid: string; owner: string; deleted: number }): void {
  log.info('account_deletion_step', f);
}

export function logAccountDeleted(log: Logger, f: { uid: string; owners: number }): void {
  log.info('account_deleted', f);
}

export function logAudioUploadCompleted(
  log: Logger,
  f: { uid: string; uploadId: string; sessionId?: string | undefined; chunks: number; sizeBytes: number; durationSec?: number | undefined; container: string },
): void {
  log.info('audio_upload_completed', f);
}

export function logPipelineStep(
  log: Logger,
  f: { sessionId: string; uid: string; step: 'transcribe' | 'generate'; durationMs: number; segments?: number; promptTokens?: number; outputTokens?: number },
): void {
  log.info('pipeline_step_completed', f);
}

export function logPipelineSkipped(log: Logger, f: { sessionId: string; reason: string }): void {
  log.info('pipeline_skipped', f);
}

export function logPipelineFailed(log: Logger, f: { sessionId: string; uid: string; step: string; code: string; errorName: string }): void {
  log.warn('pipeline_failed', f);
}
