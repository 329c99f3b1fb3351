import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { createApp } from '../../functions/src/app.js';
import { configFromEnv } from '../../functions/src/config.js';
import { firebaseIdentity } from '../../functions/src/identity/firebase-identity.js';
import { memoryLogger } from '../../functions/src/logging/logger.js';
import { authEmulatorHost, firestoreEmulatorHost, PROJECT_ID } from './emulators.js';

/** The Admin SDK against the emulators (it reads FIRESTORE_EMULATOR_HOST / FIREBASE_AUTH_EMULATOR_HOST). */
export function adminApp() {
  authEmulatorHost();
  firestoreEmulatorHost();
  return getApps()[0] ?? initializeApp({ projectId: PROJECT_ID });
}

/** The real API, built by the same factory as the deployed function, on the emulators, with logs captured. */
export function emulatorApi() {
  const admin = adminApp();
  const logger = memoryLogger();
  const db = getFirestore(admin);
  const app = createApp({ db, identity: firebaseIdentity(getAuth(admin)), logger, config: configFromEnv() });
  return { app, logger, db, auth: getAuth(admin) };
}
