/**
 * Cloud Functions entry point: initialises the Admin SDK and exports the functions. Nothing else lives here.
 * Hosting rewrites /api/** to `api`, so the Express app sees the full /api/v1/... path.
 */
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { onDocumentCreated } from 'firebase-functions/v2/firestore';
import { onRequest } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { aiServicesFromEnv } from './ai/ai-engines.js';
import { createApp } from './app.js';
import { configFromEnv } from './config.js';
import { firebaseIdentity } from './identity/firebase-identity.js';
import { cloudLogger } from './logging/logger.js';
import { COLLECTIONS } from './firestore/collections.js';
import { SCHEDULES } from './schedules.js';
import { createServices, type AppDeps } from './services.js';
import { audioStoreFromEnv } from './storage/audio-store-from-env.js';

initializeApp();

const deps: AppDeps = {
  db: getFirestore(),
  identity: firebaseIdentity(getAuth()),
  audioStore: audioStoreFromEnv(),
  // TRANSCRIBER / NOTE_WRITER choose the engines (ai/ai-engines.ts); a wrong setting stops the API here.
  ai: aiServicesFromEnv(),
  logger: cloudLogger,
  config: configFromEnv(),
};
const services = createServices(deps);
const region = 'us-central1';

/**
 * Secret Manager secrets the API reads as environment variables: the one-time code key, the SMTP URL (it
 * holds the relay's credentials), the referral ledger's key and the audit trail's address key. Declared for deployment only, where
 * `firebase deploy` refuses to go on while one is missing (`firebase functions:secrets:set OTP_HMAC_SECRET`);
 * the Functions emulator would otherwise try to reach Secret Manager, and locally the README commands set
 * these variables.
 */
const API_SECRETS = process.env['FUNCTIONS_EMULATOR'] === 'true' ? [] : ['OTP_HMAC_SECRET', 'SMTP_URL', 'REFERRAL_HMAC_SECRET', 'AUDIT_HMAC_SECRET'];

// `cors: false`: the app's own allowlist (config.corsOrigins) is the only CORS policy. Without it the Functions
// emulator wraps the app in a CORS layer that allows every origin and answers preflights itself.
export const api = onRequest({ region, memory: '512MiB', timeoutSeconds: 300, concurrency: 40, cors: false, secrets: API_SECRETS }, createApp(deps, services));

/**
 * The pipeline: every "audio ready" or "process again" event starts (or resumes) processing of its
 * session. Duplicated or redelivered events are harmless: the pipeline's claim makes them no-ops.
 */
export const processSession = onDocumentCreated(
  // 2 GiB: a long recording is downloaded to the instance's memory-backed /tmp to be decoded window by window.
  { document: `${COLLECTIONS.pipelineEvents}/{eventId}`, region, timeoutSeconds: 540, memory: '2GiB' },
  async (event) => {
    const sessionId: unknown = event.data?.get('sessionId');
    const uploadId: unknown = event.data?.get('uploadId');
    // A recording in progress got more chunks: the windows they make are transcribed now.
    if (event.data?.get('type') === 'windows_due') {
      if (typeof uploadId === 'string' && typeof sessionId === 'string') await services.advanceLiveWindows(uploadId, sessionId);
      return;
    }
    if (typeof sessionId === 'string') await services.pipeline.process(sessionId);
  },
);

/**
 * "Download my data": a created export is built here, in the background (the request that created it has
 * answered). Streamed, so 1 GiB holds any account; a redelivered event finds the export claimed and does
 * nothing. A build killed by the timeout is taken over by the next start (its claim lapses).
 */
export const buildDataExport = onDocumentCreated(
  { document: `${COLLECTIONS.dataExports}/{exportId}`, region, timeoutSeconds: 540, memory: '1GiB' },
  async (event) => {
    await services.dataExportService.build(event.params.exportId);
  },
);

/**
 * Every 5 minutes: sessions whose run was killed (lease ended) or whose event was lost are resumed, or
 * failed after repeated stops; uploads abandoned for a day are deleted with their audio (SWEEP_POLICY).
 * Overlapping sweeps are harmless: each change is made in a transaction that re-reads what it changes.
 */
export const sweepPipeline = onSchedule({ schedule: SCHEDULES.sweepPipeline, region, timeoutSeconds: 300, memory: '512MiB' }, async () => {
  await services.pipelineSweeper.sweep();
});

/**
 * Every hour: the daily retention pass (docs/privacy.md "Retention") deletes what each user's settings say has expired.
 * A run resumes the pass a killed run left, or starts the day's; it stops itself within RETENTION_POLICY's
 * budget, under this timeout, and the next run goes on. Overlapping runs: one holds the pass, the other leaves.
 */
export const sweepRetention = onSchedule({ schedule: SCHEDULES.sweepRetention, region, timeoutSeconds: 540, memory: '512MiB' }, async () => {
  await services.retentionSweeper.run();
});
