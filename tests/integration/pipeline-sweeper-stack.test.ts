/**
 * On the emulated stack (`npm test`, or CHARTA_FULL_STACK=1 npm run test:some): a session whose run was
 * killed mid-transcription is finished by the deployed shape alone once the sweeper has run: the sweeper's
 * resume event reaches the Functions emulator's trigger through the outbox, and the pipeline takes it to
 * `ready`. The sweep runs in this process (the scheduled function runs the same PipelineSweeper; the
 * Functions emulator does not run schedules), against the same Firestore and audio folder as the stack.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { emulatorApi } from '../support/api-app.js';
import { createTestUser, type TestUser } from '../support/auth-users.js';
import { api, waitForStatus } from '../support/stack.js';
import { sessionLeftByKilledRun } from '../support/stalled-sessions.js';

const inProcess = emulatorApi();
let user: TestUser;

beforeAll(async () => {
  user = await createTestUser();
}, 60_000);

describe('Pipeline sweeper on the emulated stack', () => {
  it('A session left transcribing by a killed run becomes ready after a sweep, by the trigger alone', async () => {
    const sessionId = await sessionLeftByKilledRun(inProcess, user, 'transcribing', new Date(Date.now() - 60_000).toISOString());
    // Nothing moves it by itself: the stuck state is real until the sweeper comes.
    await new Promise((r) => setTimeout(r, 1500));
    expect((await api(user, '/session/session', { sessionId }).expect(200)).body.session.status).toBe('transcribing');

    const report = await inProcess.services.pipelineSweeper.sweep();
    expect(report.resumed).toContain(sessionId);

    const ready = await waitForStatus(user, sessionId, ['ready', 'failed']);
    expect(ready['status']).toBe('ready');
    expect(ready['error']).toBeNull();
    expect((await api(user, '/documentation/by_session', { sessionId }).expect(200)).body.documentation.sessionId).toBe(sessionId);
  });
});
