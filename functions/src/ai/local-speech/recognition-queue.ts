import { availableParallelism } from 'node:os';
import pLimit from 'p-limit';
import type { Transcriber } from '../transcriber.js';

/**
 * How many local recognitions (ffmpeg + pocketsphinx, or ffmpeg + whisper.cpp, all on this server's own
 * cores) may run at once: LOCAL_TRANSCRIBER_CONCURRENCY, else as many as the cores hold with `threadsPerJob`
 * each (pocketsphinx uses one, whisper WHISPER_THREADS), at least one. More at once would not finish sooner:
 * they would share the cores and starve the API answering requests beside them.
 */
export function localRecognitionConcurrency(env: NodeJS.ProcessEnv, threadsPerJob: number, cores = availableParallelism()): number {
  const configured = wholeNumberFromEnv(env, 'LOCAL_TRANSCRIBER_CONCURRENCY', 'how many local recognitions run at once');
  return configured ?? Math.max(1, Math.floor(cores / Math.max(1, threadsPerJob)));
}

/** A setting that must be a whole number from 1, or unset (null); anything else stops the API at start, naming it. */
export function wholeNumberFromEnv(env: NodeJS.ProcessEnv, name: string, meaning: string): number | null {
  const value = env[name]?.trim();
  if (!value) return null;
  if (!/^[1-9]\d*$/.test(value)) throw new Error(`${name}=${value} must be a whole number from 1 (${meaning})`);
  return Number(value);
}

/**
 * The transcriber with a bounded queue in front: at most `concurrency` recognitions run at once in this
 * process, the others wait their turn in arrival order. A job's slot is given back when it settles, whether it
 * succeeded, failed or its child was killed (p-limit frees the slot on rejection too). The adapter's own time
 * limit starts when the job runs, so waiting does not eat into it; the pipeline's step lease and the trigger's
 * time limit do count the wait.
 */
export function queuedTranscriber(inner: Transcriber, concurrency: number): Transcriber {
  const limit = pLimit(concurrency);
  return { readsStorageUris: inner.readsStorageUris, parallelWindows: concurrency, primingMs: inner.primingMs, transcribe: (request) => limit(() => inner.transcribe(request)) };
}
