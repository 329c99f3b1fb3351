import cors from 'cors';
import express, { Router, type Express } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { AccountDeletion } from './accounts/account-deletion.js';
import type { AppConfig } from './config.js';
import { authenticate } from './http/authenticate.js';
import { jsonBody } from './http/body.js';
import { errorHandler, unknownRoute } from './http/error-handler.js';
import { requestContext } from './http/request-context.js';
import { securityHeaders } from './http/security-headers.js';
import type { IdentityProvider } from './identity/identity-provider.js';
import type { Logger } from './logging/logger.js';
import { profileRoutes } from './profile/routes.js';
import { ProfileRepo } from './profile/profile-repo.js';
import { ProfileService } from './profile/profile-service.js';
import { subscriptionRoutes } from './subscription/routes.js';
import { SubscriptionRepo } from './subscription/subscription-repo.js';
import { SubscriptionService } from './subscription/subscription-service.js';
import { APP_VERSION } from './version.js';
import { accountAudioOwner, sessionAudioOwner } from './audio/audio-data-owner.js';
import { UploadRepo } from './audio/upload-repo.js';
import { UploadService } from './audio/upload-service.js';
import { searchRoutes, sessionRoutes } from './sessions/routes.js';
import { SessionRepo } from './sessions/session-repo.js';
import { SessionService, type SessionDataOwner } from './sessions/session-service.js';
import type { AudioStore } from './storage/audio-store.js';
import type { AiServices } from './ai/ai-services.js';
import { builtinStubCatalog, type TemplateCatalog } from './templates/builtin-template-stubs.js';
import { templateRoutes } from './templates/routes.js';

/** What the API needs from the outside world; tests pass emulator-backed or fake ones. */
export interface AppDeps {
  db: Firestore;
  identity: IdentityProvider;
  audioStore: AudioStore;
  /** Gemini and Speech-to-Text (or the local AI emulator, by configuration). */
  ai: AiServices;
  logger: Logger;
  templates?: TemplateCatalog;
  config: AppConfig;
  now?: () => Date;
}

export const API_BASE_PATH = '/api/v1';

/** Builds the whole HTTP API. Routers only wire; domain services do the work. */
export function createApp(deps: AppDeps): Express {
  const { db, identity, audioStore, logger, config } = deps;
  const now = deps.now ?? (() => new Date());

  const profileRepo = new ProfileRepo(db);
  const subscriptionRepo = new SubscriptionRepo(db);
  const sessionRepo = new SessionRepo(db);
  const uploadRepo = new UploadRepo(db);
  // Data a session owns goes with it; the pipeline adds transcripts and documentation here.
  const sessionOwnedData: SessionDataOwner[] = [];
  const sessionService = new SessionService(db, sessionRepo, uploadRepo, profileRepo, deps.templates ?? builtinStubCatalog, audioStore, sessionOwnedData, now);
  const uploadService = new UploadService(uploadRepo, sessionRepo, sessionService, audioStore, logger, now);
  sessionOwnedData.push(sessionAudioOwner(uploadRepo, uploadService));
  // Every feature that keeps user data registers here, so account deletion reaches all of it.
  const accountDeletion = new AccountDeletion(
    identity,
    [
      { name: 'sessions', deleteAllOwnedBy: (uid) => sessionService.deleteAllOwnedBy(uid) },
      accountAudioOwner(uploadRepo, uploadService, audioStore),
      profileRepo,
      subscriptionRepo,
    ],
    logger,
  );

  const app = express();
  app.disable('x-powered-by');
  // Behind Firebase Hosting / Google's front end: the client address is in X-Forwarded-For.
  app.set('trust proxy', true);
  app.use(requestContext(logger));
  app.use(securityHeaders());
  app.use(cors({ origin: [...config.corsOrigins], credentials: false, maxAge: 600, exposedHeaders: ['X-Request-Id', 'Retry-After'] }));
  app.use(jsonBody(config.jsonBodyLimitBytes));

  const requireUser = authenticate(identity, logger);
  const api = Router();
  api.get('/health', (_req, res) => {
    res.json({ status: 'ok', version: APP_VERSION });
  });
  api.use('/profile', requireUser, profileRoutes(new ProfileService(profileRepo, logger, now), accountDeletion));
  api.use('/subscription', requireUser, subscriptionRoutes(new SubscriptionService(subscriptionRepo)));
  api.use('/session', requireUser, sessionRoutes(sessionService, uploadService));
  api.use('/search', requireUser, searchRoutes(sessionService));
  api.use('/template', requireUser, templateRoutes());

  app.use(API_BASE_PATH, api);
  app.use(unknownRoute);
  app.use(errorHandler(logger));
  return app;
}
