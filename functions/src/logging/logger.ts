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

/**
 * What went wrong, as a code a log line may carry: the error's `code` (an SDK's, a gRPC status) or else its
 * class name, never its message. A `code` is another library's value, so only code characters are kept and
 * at most 64 of them: an error that put free text (a transcript line, an address) in its code cannot carry
 * it into a log line.
 */
export function errorCodeOf(err: unknown): LogCode {
  const raw = typeof err === 'object' && err !== null && 'code' in err ? String(err.code) : err instanceof Error ? err.name : 'unknown';
  return asCodeText(raw);
}

/** What a code that is not one (free text a library put where its code goes) is logged as. */
export const UNRECOGNISED_CODE = 'unrecognised';

/**
 * A code as a code looks: one token of code characters (letters, digits, `_ . : / -`), at most 64. Anything else
 * is free text (a sentence, an address) that a library put where its code goes, and is logged as
 * `unrecognised`, whole: masking its spaces would still log its words (a patient's name among them).
 */
export function asCodeText(text: string): LogCode {
  if (text === '') return logCode('unknown');
  return logCode(/^[A-Za-z0-9_.:/-]{1,64}$/.test(text) ? text : UNRECOGNISED_CODE);
}

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
