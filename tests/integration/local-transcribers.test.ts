import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pocketsphinxTranscriber, POCKETSPHINX_DEFAULTS } from '../../functions/src/ai/local-speech/pocketsphinx.js';
import { whisperTranscriber } from '../../functions/src/ai/local-speech/whisper.js';
import { DIALOGUE, fixture, fixtureBytes, measuredDurationSec } from '../support/audio-fixtures.js';

// Real recognition, offline: Debian's pocketsphinx hears the synthesized dialogue (espeak-ng). Its accuracy
// is poor (see the benchmark's word error rate), so the test asks for plain words it does hear, not all.
const HEARD = ['brings', 'shortness', 'breath', 'little', 'stairs'];
const spokenWords = new Set(DIALOGUE.flatMap((d) => d.text.toLowerCase().match(/[a-z']+/g) ?? []));

/** The longest pause of the event loop while `run` runs: a recogniser in the API's own thread would show seconds. */
async function longestStall(run: () => Promise<unknown>): Promise<number> {
  let last = Date.now();
  let longest = 0;
  const timer = setInterval(() => {
    longest = Math.max(longest, Date.now() - last);
    last = Date.now();
  }, 10);
  try {
    await run();
  } finally {
    clearInterval(timer);
  }
  return longest;
}

describe('pocketsphinx, the offline engine', () => {
  it('Transcribes the words of a recorded (WebM/Opus) dialogue, timed within the audio, one speaker, said to be pocketsphinx', { timeout: 120_000 }, async () => {
    const duration = measuredDurationSec(fixture('dialogue.wav'));
    let transcript: Awaited<ReturnType<ReturnType<typeof pocketsphinxTranscriber>['transcribe']>> | undefined;
    const stall = await longestStall(async () => {
      transcript = await pocketsphinxTranscriber().transcribe({ uri: null, content: fixtureBytes('dialogue.webm'), container: 'webm', language: 'en-US', durationSec: null });
    });
    expect(transcript!.engine).toBe('pocketsphinx/en-us');
    const words = transcript!.segments.flatMap((s) => s.text.split(' '));
    expect(HEARD.filter((w) => words.includes(w)).length).toBeGreaterThanOrEqual(3);
    // Most of what it hears are words of the script (not a bundled sample).
    expect(words.filter((w) => spokenWords.has(w)).length / words.length).toBeGreaterThan(0.4);
    expect(new Set(transcript!.segments.map((s) => s.speaker))).toEqual(new Set(['speaker']));
    expect(transcript!.segments.length).toBeGreaterThan(1);
    let previousEnd = 0;
    for (const s of transcript!.segments) {
      expect(s.startMs).toBeGreaterThanOrEqual(previousEnd);
      expect(s.endMs).toBeGreaterThan(s.startMs);
      previousEnd = s.endMs;
    }
    expect(previousEnd / 1000).toBeLessThanOrEqual(duration + 0.5);
    // Recognition runs in child processes: the API keeps answering meanwhile.
    expect(stall).toBeLessThan(500);
  });

  it('Every accepted container is decoded (M4A too, which ffmpeg cannot read from a pipe)', { timeout: 120_000 }, async () => {
    const transcript = await pocketsphinxTranscriber().transcribe({ uri: null, content: fixtureBytes('dialogue.m4a'), container: 'mp4', language: 'en', durationSec: 14 });
    expect(transcript.segments.map((s) => s.text).join(' ')).toMatch(/stairs|breath|shortness/);
    expect(transcript.durationSec).toBe(14);
  });

  it('Refuses other languages, audio that is not audio and a missing install, each with what to do', async () => {
    const transcriber = pocketsphinxTranscriber();
    const audio = fixtureBytes('dialogue.wav');
    await expect(transcriber.transcribe({ uri: null, content: audio, container: 'wav', language: 'de-DE', durationSec: 14 })).rejects.toMatchObject({ code: 'rejected', retryable: false, message: expect.stringMatching(/English only/) });
    await expect(transcriber.transcribe({ uri: null, content: Buffer.from('no audio here'), container: 'wav', language: 'en-US', durationSec: 1 })).rejects.toMatchObject({ code: 'rejected', message: expect.stringMatching(/ffmpeg could not process the audio/) });
    const missing = pocketsphinxTranscriber({ ...POCKETSPHINX_DEFAULTS, binary: 'pocketsphinx-not-installed' });
    await expect(missing.transcribe({ uri: null, content: audio, container: 'wav', language: 'en-US', durationSec: 14 })).rejects.toMatchObject({ code: 'rejected', message: expect.stringMatching(/not installed.*apt-get install pocketsphinx pocketsphinx-en-us/) });
  });

  it('The time limit stops the recogniser', { timeout: 60_000 }, async () => {
    const slow = pocketsphinxTranscriber({ ...POCKETSPHINX_DEFAULTS, timeoutMs: 300 });
    await expect(slow.transcribe({ uri: null, content: fixtureBytes('dialogue.wav'), container: 'wav', language: 'en-US', durationSec: 14 })).rejects.toMatchObject({ code: 'timeout' });
  });
});

describe('whisper.cpp (@napi-rs/whisper), without a model on this machine', () => {
  it('Loads the runtime in a child process, and a file with the ggml magic but no model fails the session with a clear reason, not the API', { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'charta-whisper-'));
    const modelPath = join(dir, 'ggml-base.en.bin');
    writeFileSync(modelPath, Buffer.concat([Buffer.from([0x6c, 0x6d, 0x67, 0x67]), Buffer.alloc(64)]));
    const transcriber = whisperTranscriber({ modelPath, threads: 1, timeoutMs: 30_000 });
    await expect(transcriber.transcribe({ uri: null, content: fixtureBytes('dialogue.webm'), container: 'webm', language: 'en-US', durationSec: null })).rejects.toMatchObject({
      code: 'rejected',
      retryable: false,
      // Loading fails in the child (an error, or an abort on some files): either way a reason naming the setting.
      message: expect.stringMatching(/^whisper (could not load or run the model at|stopped before answering.*) WHISPER_MODEL_PATH/),
    });
  });
});
