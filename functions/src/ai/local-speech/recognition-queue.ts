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
  const configured = env['LOCAL_TRANSCRIBER_CONCURRENCY']?.trim();
  if (configured) {
    if (!/^[1-9]\d*$/.test(configured)) throw new Error(`LOCAL_TRANSCRIBER_CONCURRENCY=${configured} must be a whole number from 1 (how many local recognitions run at once)`);
    return Number(configured);
  }
  return Math.max(1, Math.floor(cores / Math.max(1, threadsPerJob)));
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
  return { transcribe: (request) => limit(() => inner.transcribe(request)) };
}
