import { logCode, type LogCode, type LogId, type Logger } from './logger.js';

/**
 * Every log line the API writes, one named function each. No patient data (names, transcripts, note
 * text, audio, emails) can be logged: the parameters are vouched ids (LogId) and codes (LogCode), numbers
 * and durations only, so passing any plain string fails to compile.
 */
export function logRequestCompleted(
  log: Logger,
  f: { requestId: LogId; method: LogCode; route: LogCode; status: number; durationMs: number; uid?: LogId | undefined },
): void {
  const level = f.status >= 500 ? 'error' : 'info';
  log[level]('request_completed', f);
}

export function logUnexpectedError(log: Logger, f: { requestId: LogId; errorName: LogCode; errorCode?: LogCode | undefined; stack?: LogCode | undefined }): void {
  log.error('unexpected_error', f);
}

export function logTokenRejected(log: Logger, f: { requestId: LogId; reason: LogCode }): void {
  log.warn('token_rejected', f);
}

export function logIdentityUnavailable(log: Logger, f: { requestId: LogId; errorCode: LogCode }): void {
  log.error('identity_unavailable', f);
}

export function logProfileCreated(log: Logger, f: { uid: LogId }): void {
  log.info('profile_created', f);
}

export function logAccountDeletionStep(log: Logger, f: { uid: LogId; owner: LogCode; deleted: number }): void {
  log.info('account_deletion_step', f);
}

/** A clinic invitation whose email could not be handed to the mail server (the invitation was withdrawn). */
export function logClinicInvitationNotSent(log: Logger, f: { clinicId: LogId; invitationId: LogId }): void {
  log.warn('clinic_invitation_not_sent', f);
}

export function logAccountDeleted(log: Logger, f: { uid: LogId; owners: number }): void {
  log.info('account_deleted', f);
}

export function logAudioUploadCompleted(
  log: Logger,
  f: { uid: LogId; uploadId: LogId; sessionId?: LogId | undefined; chunks: number; sizeBytes: number; durationSec?: number | undefined; container: LogCode },
): void {
  log.info('audio_upload_completed', f);
}

export function logPipelineStep(
  log: Logger,
  f: { sessionId: LogId; uid: LogId; step: 'transcribe' | 'generate'; durationMs: number; busyWaitMs?: number; segments?: number; promptTokens?: number; outputTokens?: number },
): void {
  log.info('pipeline_step_completed', { ...f, step: logCode(f.step) });
}

/** One window of a recording transcribed (or failed: `failed` is the error's name and code). */
export function logTranscriptionWindow(log: Logger, f: { uploadId: LogId; index: number; startMs: number; endMs: number; durationMs: number; segments: number; failed?: LogCode }): void {
  // Named fields only (the upload's id, the window's place, counts): never the window's text.
  const fields = { uploadId: f.uploadId, index: f.index, startMs: f.startMs, endMs: f.endMs, durationMs: f.durationMs, segments: f.segments };
  if (f.failed) log.warn('transcription_window_failed', { ...fields, failed: f.failed });
  else log.info('transcription_window_done', fields);
}

export function logPipelineSkipped(log: Logger, f: { sessionId: LogId; reason: LogCode }): void {
  log.info('pipeline_skipped', f);
}

export function logPipelineFailed(log: Logger, f: { sessionId: LogId; uid: LogId; step: LogCode; code: LogCode; errorName: LogCode }): void {
  log.warn('pipeline_failed', f);
}

/** The sweeper found a session whose run stopped: handed back to the pipeline, or failed after too many tries. */
export function logPipelineSwept(log: Logger, f: { sessionId: LogId; uid: LogId; outcome: 'resumed' | 'failed'; from: LogCode; resumes: number }): void {
  log[f.outcome === 'failed' ? 'warn' : 'info']('pipeline_swept', { ...f, outcome: logCode(f.outcome) });
}

/** An upload nobody finished (or complete audio no session took) was deleted with its stored bytes. */
export function logAbandonedUploadDeleted(log: Logger, f: { uid: LogId; uploadId: LogId; status: LogCode; idleHours: number }): void {
  log.info('abandoned_upload_deleted', f);
}

export function logSweepItemFailed(log: Logger, f: { kind: 'session' | 'upload'; id: LogId; errorName: LogCode }): void {
  log.error('sweep_item_failed', { ...f, kind: logCode(f.kind) });
}

export function logSweepCompleted(log: Logger, f: { resumed: number; failed: number; uploadsDeleted: number; durationMs: number }): void {
  log.info('sweep_completed', f);
}

/** Retention deleted a session's part (`audio`, `transcript`) or the whole `session`, under a setting of `afterDays`. */
export function logRetentionDeleted(log: Logger, f: { uid: LogId; sessionId: LogId; kind: 'audio' | 'transcript' | 'session'; afterDays: number }): void {
  log.info('retention_deleted', { ...f, kind: logCode(f.kind) });
}

export function logRetentionItemFailed(log: Logger, f: { uid: LogId; sessionId?: LogId | undefined; kind: 'audio' | 'transcript' | 'session' | 'owner'; errorName: LogCode }): void {
  log.error('retention_item_failed', { ...f, kind: logCode(f.kind) });
}

/** One run of the retention sweep: how far the pass got (`finished`, `paused` for the next run, `busy`, `not_due`). */
export function logRetentionRun(log: Logger, f: { outcome: LogCode; owners: number; audio: number; transcripts: number; sessions: number; durationMs: number }): void {
  log.info('retention_run', f);
}

/** A data export's build failed: its id and the error's class (a message could quote a name from a path). */
export function logDataExportFailed(log: Logger, f: { exportId: LogId; errorName: LogCode }): void {
  log.error('data_export_failed', f);
}

export function logOneTimeCodeMailFailed(log: Logger, f: { requestId: LogId; reason: LogCode }): void {
  log.error('one_time_code_mail_failed', f);
}

/** Why a code was refused: no_code, used, expired, locked, wrong or replaced (the caller is told none of it). */
export function logOneTimeCodeRejected(log: Logger, f: { requestId: LogId; reason: LogCode }): void {
  log.warn('one_time_code_rejected', f);
}

export function logOneTimeCodeSignIn(log: Logger, f: { requestId: LogId; uid: LogId; created: boolean }): void {
  log.info('one_time_code_sign_in', f);
}

/** A user's one Stripe customer was made and recorded. */
export function logBillingCustomerCreated(log: Logger, f: { uid: LogId; customerId: LogId }): void {
  log.info('billing_customer_created', f);
}

/** Our subscription record now mirrors Stripe's current state of the subscription. */
/** A clinic's seats were set to its member count in Stripe (clinics/clinic-seats.ts). */
export function logClinicSeatsSynced(log: Logger, f: { clinicId: LogId; seats: number; status: LogCode }): void {
  log.info('clinic_seats_synced', f);
}

/** Setting a clinic's seats failed after a membership change (which stands); Clinic settings sets them again. */
export function logClinicSeatsNotSynced(log: Logger, f: { clinicId: LogId; errorName: LogCode }): void {
  log.warn('clinic_seats_not_synced', f);
}

export function logSubscriptionSynced(log: Logger, f: { uid: LogId; subscriptionId: LogId; status: LogCode; plan: LogCode }): void {
  log.info('subscription_synced', f);
}

/** A Stripe webhook was handled (or found already handled: a redelivery). */
export function logStripeEventHandled(log: Logger, f: { eventId: LogId; type: LogCode; outcome: LogCode; durationMs: number }): void {
  log.info('stripe_event_handled', f);
}

/** A Stripe webhook could not be handled: answered 5xx so Stripe delivers it again. */
export function logStripeEventFailed(log: Logger, f: { eventId: LogId; type: LogCode; errorName: LogCode }): void {
  log.error('stripe_event_failed', f);
}

/** A webhook was refused before reading it: no or a bad signature, a stale timestamp, a body that is not an event. */
export function logStripeWebhookRejected(log: Logger, f: { requestId: LogId; reason: LogCode }): void {
  log.warn('stripe_webhook_rejected', f);
}

/** A referrer was credited for a referred user's first paid invoice. */
export function logReferralCredited(log: Logger, f: { referredUid: LogId; referrerUid: LogId; customerId: LogId; balanceTransactionId: LogId; amount: number }): void {
  log.info('referral_credited', f);
}

/** A referred user's paid invoice earned their referrer nothing, and why (not a first payment, the same person...). */
export function logReferralNotCredited(log: Logger, f: { referredUid: LogId; referrerUid: LogId; reason: LogCode }): void {
  log.info('referral_not_credited', f);
}

/** Account deletion reached Stripe: the subscription ended and the customer deleted. */
export function logBillingAccountClosed(log: Logger, f: { uid: LogId; customerId?: LogId | undefined; subscriptionId?: LogId | undefined }): void {
  log.info('billing_account_closed', f);
}

/**
 * An audit entry that could not be stored (Firestore unreachable): the request was answered all the same,
 * and this line, with the entry's ids, is its record until someone restores it from the log.
 */
export function logAuditEntryNotWritten(
  log: Logger,
  f: { requestId: LogId; uid: LogId; action: LogCode; outcome: LogCode; resourceId?: LogId | undefined; sessionId?: LogId | undefined; at: LogCode; errorCode: LogCode },
): void {
  log.error('audit_entry_not_written', f);
}

/** An account event reported by email could not be matched to an account (the identity service failed). */
export function logAuditAccountLookupFailed(log: Logger, f: { requestId: LogId; action: LogCode; errorCode: LogCode }): void {
  log.error('audit_account_lookup_failed', f);
}
