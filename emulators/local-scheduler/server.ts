/**
 * The local scheduler (docs/privacy.md "Scheduled work, locally"). The Functions emulator loads scheduled functions
 * but never runs them by itself, and its Pub/Sub bridge (what firebase-tools offers instead) refuses 2nd-gen
 * scheduled functions ("Unsupported trigger signature: http"). So this does Cloud Scheduler's part: it reads
 * the scheduled functions and their schedules from the Functions emulator (GET /backends), and calls each one
 * through the emulator's own trigger route at start and then on its schedule, as Cloud Scheduler calls a
 * 2nd-gen scheduled function over HTTP. The pipeline sweeper and the retention sweep thus run under
 * `npm start` inside the Functions emulator, as deployed.
 *
 * Run: node emulators/local-scheduler/server.ts --functions 127.0.0.1:5001 --port 9470 [--project demo-charta] [--only sweepRetention]
 * (`--only`: that function alone, as a test does that must not sweep other suites' sessions.)
 *
 *   GET  /health       { status: "ok", jobs: [{ name, schedule }] }
 *   POST /run/<name>   calls that function now (sweepRetention): 202 { fired: name }, 404 for another name
 */
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import { scheduledFunctionsIn, triggerKeyIn, type ScheduledFunction } from './schedule.ts';
import { startLocalScheduler, type ScheduledJob } from './scheduler.ts';

const { values: args } = parseArgs({
  options: {
    functions: { type: 'string', default: '127.0.0.1:5001' },
    port: { type: 'string', default: '9470' },
    project: { type: 'string', default: 'demo-charta' },
    only: { type: 'string' },
  },
});
const functionsUrl = `http://${args.functions}`;

/**
 * The scheduled functions the emulator has loaded. It answers before it has loaded them, so it is asked
 * again for up to 30 s; after that, whatever it lists (a codebase may have no schedule at all).
 */
async function discover(): Promise<ScheduledFunction[]> {
  let found: ScheduledFunction[] = [];
  for (let attempt = 0; attempt < 60; attempt++) {
    try {
      const res = await fetch(`${functionsUrl}/backends`);
      if (res.ok) found = scheduledFunctionsIn(await res.json());
      if (found.length > 0) return found;
    } catch {
      // Not up yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  console.error(`local scheduler: the Functions emulator at ${functionsUrl} lists no scheduled function`);
  return found;
}

const functions = (await discover()).filter((f) => args.only === undefined || f.name === args.only);
const byName = new Map(functions.map((f) => [f.name, f]));
const keys = new Map<string, string>();

/** What Cloud Scheduler sends a 2nd-gen scheduled function; the function reads the job name and time from the headers. */
async function call(fn: ScheduledFunction, key: string): Promise<Response> {
  return fetch(`${functionsUrl}/functions/projects/${args.project}/triggers/${key}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-cloudscheduler-jobname': `local-${fn.name}`, 'x-cloudscheduler-scheduletime': new Date().toISOString() },
    body: '{}',
  });
}

async function fire(job: ScheduledJob): Promise<void> {
  const fn = byName.get(job.name)!;
  let res = await call(fn, keys.get(fn.id) ?? `${fn.id}-0`);
  if (res.status === 404) {
    // The functions were reloaded since (a new generation of trigger keys): the answer names the current key.
    const key = triggerKeyIn(await res.text(), fn.id);
    if (!key) throw new Error(`the Functions emulator has no trigger for ${fn.id}`);
    keys.set(fn.id, key);
    res = await call(fn, key);
  }
  if (!res.ok) throw new Error(`${fn.name} answered ${res.status}`);
  console.log(`local scheduler: ran ${fn.name}`);
}

const jobs: ScheduledJob[] = functions.map((f) => ({ name: f.name, schedule: f.schedule }));
const scheduler = startLocalScheduler({
  jobs,
  fire,
  report: (job, error) => console.error(`local scheduler: ${job.name} did not run now (${error instanceof Error ? error.message : String(error)}); it runs again at its next time`),
});

const server = createServer((req, res) => {
  const send = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body));
  };
  if (req.method === 'GET' && req.url === '/health') return send(200, { status: 'ok', jobs });
  const run = req.method === 'POST' ? /^\/run\/([A-Za-z0-9_-]+)$/.exec(req.url ?? '') : null;
  if (!run) return send(404, { error: 'not found' });
  const name = run[1]!;
  if (!byName.has(name)) return send(404, { error: `no scheduled function ${name}` });
  void scheduler.runNow(name);
  send(202, { fired: name });
});
server.listen(Number(args.port), '127.0.0.1');

const stop = () => {
  scheduler.stop();
  server.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
