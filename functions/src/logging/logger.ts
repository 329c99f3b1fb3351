import * as firebaseLogger from 'firebase-functions/logger';

declare const vouchedId: unique symbol;
declare const vouchedCode: unique symbol;

/**
 * A string our code vouches is an opaque id (a uid, a session, upload or request id). A plain `string`
 * is not one, so a patient's name, a transcript, note text or an email cannot reach a log line by
 * accident: it fails to compile. Made only by `logId`, at the call site, where a reviewer sees it.
 */
export type LogId = string & { readonly [vouchedId]: true };
/** A string our code vouches is a code from a fixed set (an error name or code, a route, a step). */
export type LogCode = string & { readonly [vouchedCode]: true };

export const logId = (id: string): LogId => id as LogId;
export const logCode = (code: string): LogCode => code as LogCode;

/** Structured log fields: vouched ids and codes, numbers and flags; never free text. */
export type LogValue = LogId | LogCode | number | boolean | null | undefined;
export type LogFields = Readonly<Record<string, LogValue>>;

export interface Logger {
  info(event: string, fields: LogFields): void;
  warn(event: string, fields: LogFields): void;
  error(event: string, fields: LogFields): void;
}

/** Cloud Logging through the Firebase logger: one JSON line per event, `event` as the message. */
export const cloudLogger: Logger = {
  info: (event, fields) => firebaseLogger.info(event, { event, ...fields }),
  warn: (event, fields) => firebaseLogger.warn(event, { event, ...fields }),
  error: (event, fields) => firebaseLogger.error(event, { event, ...fields }),
};

/** Keeps entries in memory: for tests that assert what was (and was not) logged. */
export function memoryLogger(): Logger & { entries: { level: string; event: string; fields: LogFields }[] } {
  const entries: { level: string; event: string; fields: LogFields }[] = [];
  return {
    entries,
    info: (event, fields) => entries.push({ level: 'info', event, fields }),
    warn: (event, fields) => entries.push({ level: 'warn', event, fields }),
    error: (event, fields) => entries.push({ level: 'error', event, fields }),
  };
}
