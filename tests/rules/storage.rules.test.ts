import { readFileSync } from 'node:fs';
import { assertFails, assertSucceeds, initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { getBytes, ref, uploadBytes } from 'firebase/storage';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { hostAndPort } from '../support/emulators.js';

// firebase-tools' Storage emulator (Firebase's client API and rules) needs a rules-runtime jar that cannot be
// downloaded on offline machines, so this suite runs only where it is up: `CHARTA_WITH_STORAGE=1 npm test`
// runs it in a phase of its own (docs/pipeline.md, "What is tested offline"), and firebase-tools names it in
// FIREBASE_STORAGE_EMULATOR_HOST. The scripts never set that variable: the API's audio goes to the local
// Cloud Storage emulator (STORAGE_EMULATOR_HOST), which speaks Cloud Storage's JSON API and has no rules.
const storageHost = process.env['FIREBASE_STORAGE_EMULATOR_HOST'];
if (!storageHost) {
  console.warn('storage.rules: SKIPPED: firebase-tools\' Storage emulator is not running on this machine (offline, no rules runtime; CHARTA_WITH_STORAGE=1 npm test where it can run).');
}

describe.skipIf(!storageHost)('storage.rules', () => {
  let env: RulesTestEnvironment;
  const audio = 'users/alice/audio/upload-1.webm';

  beforeAll(async () => {
    env = await initializeTestEnvironment({
      projectId: 'demo-charta-rules',
      storage: { ...hostAndPort(storageHost ?? 'localhost:9199'), rules: readFileSync(new URL('../../storage.rules', import.meta.url), 'utf8') },
    });
    await env.withSecurityRulesDisabled(async (ctx) => {
      await uploadBytes(ref(ctx.storage(), audio), new Uint8Array([1, 2, 3]));
    });
  });
  afterAll(async () => env?.cleanup());

  it('Owner can read their own audio', async () => {
    await assertSucceeds(getBytes(ref(env.authenticatedContext('alice').storage(), audio)));
  });
  it('Another user cannot read it', async () => {
    await assertFails(getBytes(ref(env.authenticatedContext('bob').storage(), audio)));
  });
  it('Signed out cannot read it', async () => {
    await assertFails(getBytes(ref(env.unauthenticatedContext().storage(), audio)));
  });
  it('Nobody uploads from a client (uploads go through the API)', async () => {
    await assertFails(uploadBytes(ref(env.authenticatedContext('alice').storage(), 'users/alice/audio/new.webm'), new Uint8Array([1])));
  });
  it('Anything else is denied', async () => {
    await assertFails(getBytes(ref(env.authenticatedContext('alice').storage(), 'other/file')));
  });
});
