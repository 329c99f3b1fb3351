import { execSync } from 'node:child_process';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { logAudioUploadCompleted, logPipelineSkipped, logPipelineStep, logProfileCreated } from './log-events.js';
import { logCode, logId, memoryLogger, type LogFields, type LogId } from './logger.js';

// That no patient data is logged is a type, checked by `npm run check`: log fields are vouched ids
// (LogId) and codes (LogCode), numbers and flags, so a plain string does not compile. Each
// expected error below fails the type-check the day its line compiles.
describe('log events take ids and codes only', () => {
  it('A plain string (a name, a transcript, note text, an email) is not a loggable value', () => {
    expectTypeOf<string>().not.toExtend<LogFields[string]>();
    expectTypeOf<LogId>().toExtend<LogFields[string]>();
  });

  it('Patient data passed to a log event fails to compile', () => {
    const session = { id: 'session-1', ownerUid: 'uid-1', patientName: 'María García' };
    const transcript = 'I have had a dry cough for three days.';
    const log = memoryLogger();
    // @ts-expect-error a patient's name is a plain string, not a LogId
    logProfileCreated(log, { uid: session.patientName });
    // @ts-expect-error transcript text is not a code
    logPipelineSkipped(log, { sessionId: logId(session.id), reason: transcript });
    // @ts-expect-error no event has a field for patient data, vouched for or not
    logPipelineStep(log, { sessionId: logId(session.id), uid: logId(session.ownerUid), step: 'transcribe', durationMs: 1, patientName: logId(session.patientName) });
    // @ts-expect-error the logger port itself refuses free text
    log.info('debug', { transcript });
    // @ts-expect-error nor a whole record that carries it
    log.info('debug', { session });
  });

  it('Events write the ids, codes and numbers they are given, under their own name', () => {
    const log = memoryLogger();
    logAudioUploadCompleted(log, { uid: logId('uid-1'), uploadId: logId('upload-1'), chunks: 3, sizeBytes: 1024, container: logCode('webm') });
    expect(log.entries).toEqual([{ level: 'info', event: 'audio_upload_completed', fields: { uid: 'uid-1', uploadId: 'upload-1', chunks: 3, sizeBytes: 1024, container: 'webm' } }]);
  });
});

describe('log-events', () => {
  it('Nothing outside logging/ writes a log line itself', () => {
    // console.* is untyped and would bypass the log events' types; direct logger calls would bypass the
    // one file a reviewer reads to know every log line.
    const hits = execSync(String.raw`grep -rnE "(logger|log)\.(info|warn|error)\(|console\.(log|info|warn|error)\(" --include=*.ts . || true`, {
      cwd: new URL('..', import.meta.url).pathname,
      encoding: 'utf8',
    })
      .split('\n')
      // An operator's command-line tool (`*-cli.ts`, never deployed: the bundle starts at index.ts) prints to
      // the terminal of whoever runs it; that is its answer, not a log line.
      .filter((line) => line && !line.includes('.test.ts') && !line.startsWith('./logging/') && !/^\.\/[^:]*-cli\.ts:/.test(line));
    expect(hits).toEqual([]);
  });
});
