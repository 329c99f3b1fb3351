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

/** What the API needs from the outside world; tests pass emulator-backed or fake ones. */
export interface AppDeps {
  db: Firestore;
  identity: IdentityProvider;
  logger: Logger;
  config: AppConfig;
  now?: () => Date;
}

export const API_BASE_PATH = '/api/v1';

/** Builds the whole HTTP API. Routers only wire; domain services do the work. */
export function createApp(deps: AppDeps): Express {
  const { db, identity, logger, config } = deps;
  const now = deps.now ?? (() => new Date());

  const profileRepo = new ProfileRepo(db);
  const subscriptionRepo = new SubscriptionRepo(db);
  // Every feature that keeps user data registers here, so account deletion reaches all of it.
  const accountDeletion = new AccountDeletion(identity, [profileRepo, subscriptionRepo], logger);

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

  app.use(API_BASE_PATH, api);
  app.use(unknownRoute);
  app.use(errorHandler(logger));
  return app;
}
