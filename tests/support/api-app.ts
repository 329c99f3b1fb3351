import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import { createApp } from '../../functions/src/app.js';
import { createServices } from '../../functions/src/services.js';
import { configFromEnv, type AppConfig } from '../../functions/src/config.js';
import { firebaseIdentity } from '../../functions/src/identity/firebase-identity.js';
import { memoryLogger } from '../../functions/src/logging/logger.js';
import type { AudioStore } from '../../functions/src/storage/audio-store.js';
import { cloudAudioStore } from '../../functions/src/storage/cloud-audio-store.js';
import { authEmulatorHost, firestoreEmulatorHost, PROJECT_ID, storageEmulatorHost } from './emulators.js';
import { aiConfigFromEnv } from '../../functions/src/ai/ai-config.js';
import { googleAiServices, type AiServices } from '../../functions/src/ai/ai-services.js';
import type { RetryPolicy } from '../../functions/src/ai/retry.js';
import type { BillingGateway } from '../../functions/src/billing/gateway/billing-gateway.js';

/**
 * The real AI adapters, pointed at an AI emulator: the shared one `npm test` starts (AI_EMULATOR_URL), or
 * a suite's private one (to inject faults without disturbing other suites).
 */
export function emulatedAi(url = process.env['AI_EMULATOR_URL'], retry?: RetryPolicy): AiServices {
  if (!url) throw new Error('AI_EMULATOR_URL is not set: run the tests with `npm test`, which starts the AI emulator.');
  const config = { ...aiConfigFromEnv({}), emulatorUrl: url };
  return googleAiServices(retry ? { ...config, geminiTimeoutMs: retry.timeoutMs, speechTimeoutMs: retry.timeoutMs, retryAttempts: retry.attempts, retryFirstDelayMs: retry.firstDelayMs } : config);
}

/** Quick retries for suites that inject failures on purpose. */
export const FAST_RETRY: RetryPolicy = { attempts: 2, firstDelayMs: 20, maxDelayMs: 50, timeoutMs: 3000 };

/** The Admin SDK against the emulators (it reads FIRESTORE_EMULATOR_HOST / FIREBASE_AUTH_EMULATOR_HOST / STORAGE_EMULATOR_HOST). */
export function adminApp() {
  authEmulatorHost();
  firestoreEmulatorHost();
  storageEmulatorHost();
  return getApps()[0] ?? initializeApp({ projectId: PROJECT_ID, storageBucket: `${PROJECT_ID}.appspot.com` });
}

/**
 * The production adapter on the local Cloud Storage emulator's bucket, which the Functions emulator's API
 * uses too: its pipeline trigger reads audio that an in-process test uploaded.
 */
export function testAudioStore(): AudioStore {
  return cloudAudioStore(getStorage(adminApp()).bucket());
}

/**
 * The real API, built by the same factory as the deployed function, on the emulators, with logs captured.
 * Passing the same `audioStore` to two calls is how a test restarts the API between chunks.
 */
/**
 * Where an API that drives the pipeline itself (calling `services.pipeline.process` or `advanceLiveWindows`)
 * writes its events: not `pipelineEvents`, so the Functions emulator's trigger does not do the same work at
 * the same time (it would transcribe the windows a test holds, or finish in one run what a test counts).
 */
export const IN_PROCESS_PIPELINE_EVENTS = 'inProcessPipelineEvents';

export function emulatorApi(opts: { audioStore?: AudioStore; ai?: AiServices; config?: Partial<AppConfig>; now?: () => Date; billingGateway?: BillingGateway | null; pipelineEventsCollection?: string } = {}) {
  const admin = adminApp();
  const logger = memoryLogger();
  const db = getFirestore(admin);
  const audioStore = opts.audioStore ?? testAudioStore();
  const ai = opts.ai ?? emulatedAi();
  const config = { ...configFromEnv(), ...opts.config };
  const deps = { db, identity: firebaseIdentity(getAuth(admin)), audioStore, ai, logger, config, ...(opts.now ? { now: opts.now } : {}), ...(opts.billingGateway !== undefined ? { billingGateway: opts.billingGateway } : {}), ...(opts.pipelineEventsCollection ? { pipelineEventsCollection: opts.pipelineEventsCollection } : {}) };
  const services = createServices(deps);
  const app = createApp(deps, services);
  return { app, logger, db, auth: getAuth(admin), audioStore, services };
}
