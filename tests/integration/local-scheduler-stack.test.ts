/**
 * On the emulated stack (`npm test`, or CHARTA_FULL_STACK=1 npm run test:some): the local scheduler that
 * `npm start` runs (README "Scheduled work, locally") really runs the deployed sweepRetention inside the
 * Functions emulator. Proof: the day's pass (retentionSweeps/daily) is started by the function, after this
 * test removed it. Only sweepRetention is fired (`--only`): the pipeline sweeper would resume other suites'
 * deliberately stalled sessions.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { RetentionCheckpoints } from '../../functions/src/retention/retention-checkpoint.js';
import { emulatorApi } from '../support/api-app.js';

const { db } = emulatorApi();
let child: ChildProcess | undefined;

afterAll(() => {
  child?.kill();
});

/** Where emulators:exec put the Functions emulator (its hub lists every emulator it started). */
async function functionsEmulatorHost(): Promise<string> {
  const hub = process.env['FIREBASE_EMULATOR_HUB'];
  if (!hub) throw new Error('FIREBASE_EMULATOR_HUB is not set: run with CHARTA_FULL_STACK=1 npm run test:some, or npm test');
  const listed = (await (await fetch(`http://${hub}/emulators`)).json()) as Record<string, { host: string; port: number } | undefined>;
  const functions = listed['functions'];
  if (!functions) throw new Error('the Functions emulator is not running: run with CHARTA_FULL_STACK=1');
  return `${functions.host}:${functions.port}`;
}

describe('The local scheduler on the emulated stack', () => {
  it('Runs the deployed sweepRetention in the Functions emulator at start: the day’s pass is started by it', async () => {
    const daily = db.collection('retentionSweeps').doc('daily');
    await daily.delete();
    const started = Date.now();
    const port = await freePort();
    child = spawn(
      process.execPath,
      ['emulators/local-scheduler/server.ts', '--functions', await functionsEmulatorHost(), '--port', String(port), '--only', 'sweepRetention'],
      { cwd: new URL('../..', import.meta.url).pathname, stdio: 'ignore' },
    );
    const health = await until(async () => {
      const res = await fetch(`http://127.0.0.1:${port}/health`).catch(() => null);
      return res?.ok ? ((await res.json()) as { jobs: { name: string; schedule: string }[] }) : null;
    });
    expect(health.jobs).toEqual([{ name: 'sweepRetention', schedule: 'every 60 minutes' }]);
    const checkpoints = new RetentionCheckpoints(db);
    // Started, not finished: in a full run the pass reads every account the whole suite made and did not finish
    // in 150 s; that it goes to the end and resumes is tested in retention.test.ts.
    const startedAt = await until(async () => {
      const { lastPassStartedAt } = await checkpoints.find('daily');
      return lastPassStartedAt ? Date.parse(lastPassStartedAt) : null;
    }, 60_000);
    expect(startedAt).toBeGreaterThanOrEqual(started);
  }, 90_000);
});

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Polls until `check` answers (a child process starting, a function running in the emulator): 25 s unless told. */
async function until<T>(check: () => Promise<T | null>, withinMs = 25_000): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await check();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error('not in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
