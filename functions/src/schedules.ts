/**
 * When each scheduled function runs, in Cloud Scheduler's "every N minutes" form: index.ts declares the
 * functions with these. Under `npm start` the local scheduler (emulators/local-scheduler/) reads the same
 * schedules from the Functions emulator and calls each function on it, since the emulator runs no schedule
 * by itself (docs/privacy.md "Scheduled work, locally"); its test holds every entry here to a form it can follow.
 */
export const SCHEDULES = {
  /** Resumes or fails stalled sessions, deletes abandoned uploads (pipeline/pipeline-sweeper.ts). */
  sweepPipeline: 'every 5 minutes',
  /**
   * Retention (retention/retention-sweeper.ts): each run resumes the day's pass or starts it if none has
   * started today, so a pass killed half-way goes on within the hour, and passes stay once a day.
   */
  sweepRetention: 'every 60 minutes',
} as const;
