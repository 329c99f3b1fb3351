import { wholeNumberFromEnv } from '../ai/local-speech/recognition-queue.js';

/** How recordings are transcribed in windows, and how long one pipeline run may work on them. */
export interface TranscriptionConfig {
  /** TRANSCRIPTION_WINDOW_SEC (30): a file's windows run from 2/3 to 1.5 times it; a live window closes at the first pause after a quarter of it. */
  windowSec: number;
  /**
   * PIPELINE_RUN_BUDGET_MS (6 minutes): a run starts no new window past it and hands the rest to the next run,
   * so no run comes near the trigger's 9-minute limit however long the recording (a 3-hour one on a local
   * engine takes several runs). Tests set it short to make a long recording out of a short one.
   */
  runBudgetMs: number;
}

export function transcriptionConfigFromEnv(env: NodeJS.ProcessEnv = process.env): TranscriptionConfig {
  return {
    windowSec: wholeNumberFromEnv(env, 'TRANSCRIPTION_WINDOW_SEC', 'seconds of audio a window aims at') ?? 30,
    runBudgetMs: wholeNumberFromEnv(env, 'PIPELINE_RUN_BUDGET_MS', 'milliseconds a pipeline run may spend on windows') ?? 6 * 60_000,
  };
}
