/**
 * Scheduled work under `npm start` (docs/privacy.md "Scheduled work, locally"): the Functions emulator runs no schedule
 * by itself, so the local scheduler reads the scheduled functions from it and calls each through the
 * emulator's trigger route at start and on its schedule, as Cloud Scheduler calls them when deployed.
 * Checked here against a stand-in for the Functions emulator, with the timers driven by hand: no test waits
 * for a clock.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { intervalOf, scheduledFunctionsIn, triggerKeyIn } from '../../emulators/local-scheduler/schedule.js';
import { startLocalScheduler, type ScheduledJob } from '../../emulators/local-scheduler/scheduler.js';
import { SCHEDULES } from '../../functions/src/schedules.js';

describe('Schedules the local scheduler follows', () => {
  it('"every N minutes" and "every N hours"; anything else is refused by name', () => {
    expect(intervalOf('every 5 minutes')).toBe(5 * 60_000);
    expect(intervalOf('every 60 minutes')).toBe(3_600_000);
    expect(intervalOf('every 1 hours')).toBe(3_600_000);
    for (const schedule of ['every day 03:00', '0 3 * * *', 'every 0 minutes', 'every minutes']) expect(() => intervalOf(schedule)).toThrow(schedule);
  });

  it('Every scheduled function’s schedule is one it can follow', () => {
    expect(Object.keys(SCHEDULES).sort()).toEqual(['sweepPipeline', 'sweepRetention']);
    for (const schedule of Object.values(SCHEDULES)) expect(intervalOf(schedule)).toBeGreaterThan(0);
  });

  it('Finds the scheduled functions in what the emulator lists, and the current trigger key in its 404', () => {
    expect(scheduledFunctionsIn(BACKENDS)).toEqual([{ id: 'us-central1-sweepRetention', name: 'sweepRetention', schedule: 'every 60 minutes' }]);
    expect(scheduledFunctionsIn({})).toEqual([]);
    const notFound = 'Function us-central1-sweepRetention-0 does not exist, valid functions are: us-central1-api, us-central1-sweepRetention-2, us-central1-sweepRetentionX-2';
    expect(triggerKeyIn(notFound, 'us-central1-sweepRetention')).toBe('us-central1-sweepRetention-2');
    expect(triggerKeyIn(notFound, 'us-central1-other')).toBeNull();
  });
});

/** What the Functions emulator answers GET /backends with (trimmed): an HTTP function and a scheduled one. */
const BACKENDS = {
  backends: [
    {
      functionTriggers: [
        { id: 'us-central1-api', name: 'api', httpsTrigger: {} },
        { id: 'us-central1-sweepRetention', name: 'sweepRetention', eventTrigger: { eventType: 'pubsub' }, schedule: { schedule: 'every 60 minutes' } },
      ],
    },
  ],
};

describe('startLocalScheduler', () => {
  it('Fires each job at start, then at its interval; a failed fire is reported and tried at the next', async () => {
    const intervals: { fn: () => void; ms: number }[] = [];
    const fired: string[] = [];
    const reported: string[] = [];
    let failNext = true;
    const jobs: ScheduledJob[] = [
      { name: 'often', schedule: 'every 5 minutes' },
      { name: 'hourly', schedule: 'every 60 minutes' },
    ];
    const scheduler = startLocalScheduler({
      jobs,
      fire: (job) => {
        if (job.name === 'hourly' && failNext) {
          failNext = false;
          return Promise.reject(new Error('Pub/Sub not up yet'));
        }
        fired.push(job.name);
        return Promise.resolve();
      },
      report: (job) => reported.push(job.name),
      timers: { setInterval: (fn, ms) => intervals.push({ fn, ms }) - 1, clearInterval: () => undefined },
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(fired).toEqual(['often']);
    expect(reported).toEqual(['hourly']);
    expect(intervals.map((i) => i.ms)).toEqual([300_000, 3_600_000]);

    intervals[0]!.fn();
    intervals[1]!.fn();
    await new Promise((resolve) => setImmediate(resolve));
    expect(fired).toEqual(['often', 'often', 'hourly']);
    expect(await scheduler.runNow('hourly')).toBe(true);
    expect(await scheduler.runNow('nothing')).toBe(false);
    expect(fired).toEqual(['often', 'often', 'hourly', 'hourly']);
    scheduler.stop();
  });

  it('A schedule it cannot follow stops it before anything fires', () => {
    const fired: string[] = [];
    expect(() => startLocalScheduler({ jobs: [{ name: 'x', schedule: 'every day' }], fire: (job) => Promise.resolve(void fired.push(job.name)) })).toThrow('every day');
    expect(fired).toEqual([]);
  });
});

describe('The local scheduler’s server', () => {
  let functions: Server;
  let child: ChildProcess | undefined;
  const calls: { path: string; headers: IncomingHttpHeaders }[] = [];

  afterAll(() => {
    child?.kill();
    functions?.close();
  });

  it('Calls each scheduled function through the emulator’s trigger route at start, and on POST /run/<name>', async () => {
    // A stand-in for the Functions emulator, whose functions were reloaded once: their trigger keys end in -1.
    functions = createServer((req, res) => {
      if (req.method === 'GET' && req.url === '/backends') return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(BACKENDS));
      calls.push({ path: req.url ?? '', headers: req.headers });
      if (req.url?.endsWith('/triggers/us-central1-sweepRetention-1')) return void res.writeHead(200).end();
      res.writeHead(404).end(`Function ${req.url} does not exist, valid functions are: us-central1-api, us-central1-sweepRetention-1`);
    });
    await new Promise<void>((resolve) => functions.listen(0, '127.0.0.1', resolve));
    const functionsPort = (functions.address() as AddressInfo).port;
    const port = await freePort();
    child = spawn(process.execPath, ['emulators/local-scheduler/server.ts', '--functions', `127.0.0.1:${functionsPort}`, '--port', String(port)], {
      cwd: new URL('../..', import.meta.url).pathname,
      stdio: 'ignore',
    });
    const base = `http://127.0.0.1:${port}`;
    await until(async () => (await fetch(`${base}/health`).catch(() => null))?.ok === true);
    const trigger = '/functions/projects/demo-charta/triggers/us-central1-sweepRetention';
    // At start: the first key tried is generation 0; the 404 names the current one, which is called.
    await until(() => Promise.resolve(calls.length >= 2));
    expect(calls.map((c) => c.path)).toEqual([`${trigger}-0`, `${trigger}-1`]);
    expect(calls[1]!.headers['x-cloudscheduler-jobname']).toBe('local-sweepRetention');
    expect(Date.parse(String(calls[1]!.headers['x-cloudscheduler-scheduletime']))).not.toBeNaN();

    const run = await fetch(`${base}/run/sweepRetention`, { method: 'POST' });
    expect(run.status).toBe(202);
    await until(() => Promise.resolve(calls.length >= 3));
    expect(calls[2]!.path).toBe(`${trigger}-1`);
    expect((await fetch(`${base}/run/api`, { method: 'POST' })).status).toBe(404);
    expect(calls).toHaveLength(3);
  });
});

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Polls until `check` holds (a child process starting): at most 10 s. */
async function until(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('not in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
