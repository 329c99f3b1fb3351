/**
 * Cloud Functions entry point: initialises the Admin SDK and exports the functions. Nothing else lives here.
 * Hosting rewrites /api/** to `api`, so the Express app sees the full /api/v1/... path.
 */
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { onRequest } from 'firebase-functions/v2/https';
import { createApp } from './app.js';
import { configFromEnv } from './config.js';
import { firebaseIdentity } from './identity/firebase-identity.js';
import { cloudLogger } from './logging/logger.js';
import { audioStoreFromEnv } from './storage/audio-store-from-env.js';
import { aiConfigFromEnv } from './ai/ai-config.js';
import { googleAiServices } from './ai/ai-services.js';

initializeApp();

const app = createApp({
  db: getFirestore(),
  identity: firebaseIdentity(getAuth()),
  audioStore: audioStoreFromEnv(),
  ai: googleAiServices(aiConfigFromEnv()),
  logger: cloudLogger,
  config: configFromEnv(),
});

export const api = onRequest({ region: 'us-central1', memory: '512MiB', timeoutSeconds: 300, concurrency: 40 }, app);
