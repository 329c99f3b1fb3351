import { execSync } from 'node:child_process';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { logAudioUploadCompleted, logPipelineSkipped, logPipelineStep, logProfileCreated, logTranscriptionWindow } from './log-events.js';
import { asCodeText, errorCodeOf, logCode, logId, memoryLogger, type LogFields, type LogId } from './logger.js';

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

describe('error codes from other libraries', () => {
  it('Keep an error’s code or class name, never its message, and only code characters', () => {
    expect(errorCodeOf(Object.assign(new Error('Ana Ruiz said her chest hurts'), { code: 'ECONNRESET' }))).toBe('ECONNRESET');
    expect(errorCodeOf(new TypeError('note text here'))).toBe('TypeError');
    expect(errorCodeOf('a thrown string')).toBe('unknown');
    // A library that put free text in its code: none of its words are logged, not even masked.
    const leaky = errorCodeOf(Object.assign(new Error('x'), { code: 'failed for ana.ruiz@example.com: patient says chest pain since Monday morning' }));
    expect(leaky).not.toContain('@');
    expect(leaky).not.toContain(' ');
    expect(leaky.length).toBeLessThanOrEqual(64);
    expect(leaky).toBe('unrecognised');
    expect(errorCodeOf(Object.assign(new Error('x'), { code: 'Ana Ruiz' }))).toBe('unrecognised');
    expect(errorCodeOf(Object.assign(new Error('x'), { code: 'x'.repeat(65) }))).toBe('unrecognised');
    expect(errorCodeOf(Object.assign(new Error('x'), { code: 'auth/id-token-expired' }))).toBe('auth/id-token-expired');
    expect(errorCodeOf(Object.assign(new Error('x'), { code: 14 }))).toBe('14');
    expect(asCodeText('')).toBe('unknown');
  });

  it('A failed transcription window logs ids, numbers and a code', () => {
    const log = memoryLogger();
    logTranscriptionWindow(log, { uploadId: logId('u1'), index: 3, startMs: 90_000, endMs: 120_000, durationMs: 812, segments: 0, failed: asCodeText('SpeechError/4') });
    expect(log.entries).toEqual([
      { level: 'warn', event: 'transcription_window_failed', fields: { uploadId: 'u1', index: 3, startMs: 90_000, endMs: 120_000, durationMs: 812, segments: 0, failed: 'SpeechError/4' } },
    ]);
    // Words where a code should be never reach the line, not even with their spaces masked.
    const words = memoryLogger();
    logTranscriptionWindow(words, { uploadId: logId('u1'), index: 3, startMs: 0, endMs: 1, durationMs: 1, segments: 0, failed: asCodeText('SpeechError/4 the patient said hello') });
    expect(JSON.stringify(words.entries)).not.toMatch(/patient|hello/);
    expect(words.entries[0]?.fields['failed']).toBe('unrecognised');
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
