import * as firebaseLogger from 'firebase-functions/logger';

/** Structured log fields. Ids only: never patient names, transcripts, note text, audio or emails. */
export type LogFields = Record<string, string | number | boolean | null | undefined>;

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
