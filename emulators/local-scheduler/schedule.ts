/**
 * Cloud Scheduler's "every N minutes" / "every N hours" (the form functions/src/schedules.ts uses) as an
 * interval. Anything else is refused by name: a schedule the local scheduler cannot follow must not be
 * silently skipped.
 */
export function intervalOf(schedule: string): number {
  const match = /^every (\d+) (minute|minutes|hour|hours)$/.exec(schedule.trim());
  const count = match ? Number(match[1]) : 0;
  if (!match || count < 1) throw new Error(`the local scheduler cannot follow the schedule "${schedule}" (it knows "every N minutes" and "every N hours")`);
  return count * (match[2]!.startsWith('hour') ? 3_600_000 : 60_000);
}

/** A scheduled function as the Functions emulator lists it (GET /backends): its id (`us-central1-sweepRetention`), name and schedule. */
export interface ScheduledFunction {
  id: string;
  name: string;
  schedule: string;
}

/** The scheduled functions among what the Functions emulator loaded (its GET /backends answer). */
export function scheduledFunctionsIn(backends: unknown): ScheduledFunction[] {
  const list = (backends as { backends?: { functionTriggers?: unknown[] }[] } | null)?.backends ?? [];
  return list
    .flatMap((backend) => backend.functionTriggers ?? [])
    .flatMap((trigger) => {
      const t = trigger as { id?: unknown; name?: unknown; schedule?: { schedule?: unknown } };
      return typeof t.id === 'string' && typeof t.name === 'string' && typeof t.schedule?.schedule === 'string' ? [{ id: t.id, name: t.name, schedule: t.schedule.schedule }] : [];
    });
}

/**
 * The emulator keys a background function's trigger `<id>-<generation>`, the generation counting reloads of
 * the functions' code; it answers an unknown key with 404 and the list of valid ones, where the current key is.
 */
export function triggerKeyIn(notFoundText: string, id: string): string | null {
  const valid = notFoundText.split('valid functions are:')[1] ?? '';
  return valid.split(',').map((key) => key.trim()).find((key) => key.startsWith(`${id}-`) && /^\d+$/.test(key.slice(id.length + 1))) ?? null;
}
