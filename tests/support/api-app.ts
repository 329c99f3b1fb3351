import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import { createApp } from '../../functions/src/app.js';
import { configFromEnv } from '../../functions/src/config.js';
import { firebaseIdentity } from '../../functions/src/identity/firebase-identity.js';
import { memoryLogger } from '../../functions/src/logging/logger.js';
import type { AudioStore } from '../../functions/src/storage/audio-store.js';
import { cloudAudioStore } from '../../functions/src/storage/cloud-audio-store.js';
import { localAudioStore } from '../../functions/src/storage/local-audio-store.js';
import { authEmulatorHost, firestoreEmulatorHost, PROJECT_ID } from './emulators.js';

/** The Admin SDK against the emulators (it reads FIRESTORE_EMULATOR_HOST / FIREBASE_AUTH_EMULATOR_HOST). */
export function adminApp() {
  authEmulatorHost();
  firestoreEmulatorHost();
  return getApps()[0] ?? initializeApp({ projectId: PROJECT_ID, storageBucket: `${PROJECT_ID}.appspot.com` });
}

/** Cloud Storage where its emulator runs, else a local store in a fresh folder. */
export function testAudioStore(dir = mkdtempSync(join(tmpdir(), 'charta-audio-'))): AudioStore {
  if (process.env['FIREBASE_STORAGE_EMULATOR_HOST']) return cloudAudioStore(getStorage(adminApp()).bucket());
  return localAudioStore(dir);
}

/**
 * The real API, built by the same factory as the deployed function, on the emulators, with logs captured.
 * Passing the same `audioStore` to two calls is how a test restarts the API between chunks.
 */
export function emulatorApi(opts: { audioStore?: AudioStore } = {}) {
  const admin = adminApp();
  const logger = memoryLogger();
  const db = getFirestore(admin);
  const audioStore = opts.audioStore ?? testAudioStore();
  const app = createApp({ db, identity: firebaseIdentity(getAuth(admin)), audioStore, logger, config: configFromEnv() });
  return { app, logger, db, auth: getAuth(admin), audioStore };
}
