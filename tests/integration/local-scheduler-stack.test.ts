/**
 * On the emulated stack (`npm test`, or CHARTA_FULL_STACK=1 npm run test:some): the local scheduler that
 * `npm start` runs (docs/privacy.md "Scheduled work, locally") really runs the deployed sweepRetention inside the
 * Functions emulator. Proof: the function finishes the day's pass (retentionSweeps/daily) that this test left
 * unfinished past the last user there is, so the run deletes nothing of the other suites' data (a fresh pass
 * would sweep every account the suite made, and those of suites running beside this one). Only sweepRetention
 * is fired (`--only`): the pipeline sweeper would resume other suites' deliberately stalled sessions.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { NO_DELETIONS } from '../../functions/src/retention/owner-retention.js';
import { emptySweepState, RetentionCheckpoints } from '../../functions/src/retention/retention-checkpoint.js';
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
  it('Runs the deployed sweepRetention in the Functions emulator at start: it finishes the day’s pass left unfinished', async () => {
    const checkpoints = new RetentionCheckpoints(db);
    const started = new Date();
    // A pass started today whose cursor is past every uid (Firestore orders uids as strings): resuming it
    // finds no next user and finishes it, which only a run of sweepRetention does.
    const pastEveryUid = '\uf8ff';
    await checkpoints.runTransaction((tx) => {
      checkpoints.save(tx, { ...emptySweepState('daily'), pass: { startedAt: started.toISOString(), afterUid: pastEveryUid, owners: 0, ...NO_DELETIONS } });
      return Promise.resolve();
    });
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
    const finished = await until(async () => {
      const state = await checkpoints.find('daily');
      return state.lastPassFinishedAt ? state : null;
    }, 60_000);
    expect(finished).toMatchObject({ pass: null, runId: null, lastPassStartedAt: started.toISOString() });
    expect(Date.parse(finished.lastPassFinishedAt ?? '')).toBeGreaterThanOrEqual(started.getTime());
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
