import { intervalOf } from './schedule.ts';

export interface ScheduledJob {
  name: string;
  schedule: string;
}

export interface SchedulerTimers {
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export interface LocalScheduler {
  /** Fires one job now, whatever its schedule (`POST /run/<name>`); false if there is no such job. */
  runNow(name: string): Promise<boolean>;
  stop(): void;
}

/**
 * Fires every job once at start (so the day's retention pass and a pipeline sweep run when the app comes up),
 * then at its interval. A failed fire is reported and tried again at the next tick. Firing twice at once is
 * harmless: each scheduled function holds its own work (a lease, a transaction), as it must in production,
 * where Cloud Scheduler may call twice.
 */
export function startLocalScheduler(opts: {
  jobs: readonly ScheduledJob[];
  fire: (job: ScheduledJob) => Promise<void>;
  report?: (job: ScheduledJob, error: unknown) => void;
  timers?: SchedulerTimers;
}): LocalScheduler {
  const timers: SchedulerTimers = opts.timers ?? { setInterval: (fn, ms) => setInterval(fn, ms), clearInterval: (h) => clearInterval(h as NodeJS.Timeout) };
  const fire = async (job: ScheduledJob) => {
    try {
      await opts.fire(job);
    } catch (error) {
      opts.report?.(job, error);
    }
  };
  // Every schedule is checked before anything fires: one the scheduler cannot follow stops it at once.
  const planned = opts.jobs.map((job) => ({ job, everyMs: intervalOf(job.schedule) }));
  const handles = planned.map(({ job, everyMs }) => timers.setInterval(() => void fire(job), everyMs));
  for (const { job } of planned) void fire(job);
  return {
    async runNow(name) {
      const job = opts.jobs.find((j) => j.name === name);
      if (!job) return false;
      await fire(job);
      return true;
    },
    stop() {
      for (const handle of handles) timers.clearInterval(handle);
    },
  };
}
