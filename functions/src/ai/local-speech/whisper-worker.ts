/**
 * The whisper.cpp child process (`@napi-rs/whisper`): its `full()` is synchronous and would block the API's
 * event loop for the whole recognition, so it runs here, one job per process, and the process ends after
 * it (its memory, the model included, goes back at once; the parent's time limit can kill it).
 * Self-contained on purpose (no imports of our modules): it runs as its own built file, lib/whisper-worker.js.
 */
import { Whisper, WhisperFullParams, WhisperSamplingStrategy } from '@napi-rs/whisper';

export interface WhisperJob {
  modelPath: string;
  /** 16 kHz mono 32-bit float PCM, little-endian. */
  pcm: Uint8Array;
  /** Whisper's language code ("en", "de") or "auto". */
  language: string;
  threads: number;
}

export type WhisperAnswer = { ok: true; segments: { startMs: number; endMs: number; text: string }[] } | { ok: false; message: string };

const answer = (message: WhisperAnswer) => process.send?.(message, () => process.exit(0));

process.once('message', (job: WhisperJob) => {
  try {
    const whisper = new Whisper(job.modelPath);
    const params = new WhisperFullParams(WhisperSamplingStrategy.Greedy);
    params.nThreads = job.threads;
    params.language = job.language;
    // Only 0 stops the previous window's text being fed back (seen here: it otherwise repeats itself).
    params.nMaxTextCtx = 0;
    const segments: { startMs: number; endMs: number; text: string }[] = [];
    // Times come in 10 ms units; the callbacks arrive only after full() returns, hence the wait below.
    params.onNewSegment = (segment) => segments.push({ startMs: segment.start * 10, endMs: segment.end * 10, text: segment.text.trim() });
    const pcm = new Float32Array(job.pcm.buffer, job.pcm.byteOffset, Math.floor(job.pcm.byteLength / 4));
    const text = whisper.full(params, pcm);
    setTimeout(() => {
      const found = segments.filter((s) => s.text);
      answer({ ok: true, segments: found.length > 0 ? found : text.trim() ? [{ startMs: 0, endMs: Math.round((pcm.length / 16_000) * 1000), text: text.trim() }] : [] });
    }, 50);
  } catch (err) {
    answer({ ok: false, message: err instanceof Error ? err.message : String(err) });
  }
});
