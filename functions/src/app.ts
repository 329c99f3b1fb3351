import cors from 'cors';
import express, { Router, type Express } from 'express';
import { apiReferenceRoutes } from './api-reference/routes.js';
import { auditTrailMiddleware, recordSignIns } from './audit/audit-http.js';
import { auditRoutes, publicAuditRoutes } from './audit/routes.js';
import { referralRoutes, stripeRoutes, stripeWebhookHandlers } from './billing/routes.js';
import { chatRoutes } from './chat/routes.js';
import { CLINIC_BASE, clinicRoutes, singleSignOnLookupRoutes } from './clinics/routes.js';
import { enforceSignInPolicy } from './clinics/sign-in-policy.js';
import { sessionShareRoutes, sharedWithMeRoutes } from './session-shares/routes.js';
import { creationRoutes, documentationRoutes, sessionDocumentationRoutes } from './documentation/routes.js';
import { authenticate } from './http/authenticate.js';
import { jsonBody } from './http/body.js';
import { errorHandler, unknownRoute } from './http/error-handler.js';
import { requestContext } from './http/request-context.js';
import { routeLimits } from './limits/route-limits.js';
import { dataExportDownloadRoutes, dataExportRoutes } from './export/routes.js';
import { magicFillRoutes } from './magic-fill/routes.js';
import { oneTimeCodeRoutes } from './one-time-codes/routes.js';
import { securityHeaders } from './http/security-headers.js';
import { processRoutes } from './pipeline/routes.js';
import { profileRoutes } from './profile/routes.js';
import { retentionRoutes } from './retention/routes.js';
import { searchRoutes, sessionRoutes } from './sessions/routes.js';
import { createServices, type AppDeps, type Services } from './services.js';
import { subscriptionRoutes } from './subscription/routes.js';
import { templateRoutes } from './templates/routes.js';
import { liveTranscriptRoutes } from './transcription/routes.js';
import { APP_VERSION } from './version.js';

export type { AppDeps } from './services.js';

export const API_BASE_PATH = '/api/v1';

/** Builds the whole HTTP API. Routers only wire; domain services do the work. */
export function createApp(deps: AppDeps, services: Services = createServices(deps)): Express {
  const { identity, logger, config } = deps;

  const app = express();
  app.disable('x-powered-by');
  // Only the proxies that really stand in front (config.trustProxyHops) are trusted with X-Forwarded-For, so
  // req.ip is the address they saw and a client cannot choose its own (per-address limits count by it).
  app.set('trust proxy', config.trustProxyHops);
  app.use(requestContext(logger));
  app.use(securityHeaders());
  // An origin not on the list gets no CORS headers at all (a list would still echo the requested headers).
  const allowedOrigins = new Set(config.corsOrigins);
  const corsOrigin = (origin: string | undefined, allow: (err: Error | null, allowed: boolean) => void) => allow(null, origin !== undefined && allowedOrigins.has(origin));
  app.use(cors({ origin: corsOrigin, credentials: false, maxAge: 600, exposedHeaders: ['X-Request-Id', 'Retry-After'] }));
  // Every route's audit decision (audit/route-audit.ts), recorded before its answer completes; ahead of
  // everything that can answer, so refusals (a body that does not parse, a 404) are seen too.
  app.use(API_BASE_PATH, auditTrailMiddleware(services.auditTrail));
  // Before the JSON parser: Stripe's signature covers the exact bytes it sent, which parsing would lose.
  app.post(`${API_BASE_PATH}/stripe/webhook`, ...stripeWebhookHandlers(services.webhookService, logger));
  app.use(jsonBody(config.jsonBodyLimitBytes));

  // A new sign-in (a new auth_time for a uid) is recorded with the first request it makes: no client reports it.
  // Then the caller's clinic may refuse how they signed in (docs/clinics.md "Policies"), read afresh each time.
  const requireUser = [authenticate(identity, logger), recordSignIns(services.auditTrail), enforceSignInPolicy(services.clinicService, API_BASE_PATH)];
  const limits = routeLimits(services.rateLimiter, services.audioStorageUsage, config.limits);
  const api = Router();
  api.get('/health', limits.publicByAddress, (_req, res) => {
    res.json({ status: 'ok', version: APP_VERSION });
  });
  // Public: the API's own reference (OpenAPI, and a readable page), generated from the code; docs/api.md says more.
  api.use(apiReferenceRoutes(limits));
  // Public: the caller is signing in (docs/api.md "Sign-in by one-time code").
  api.use('/auth', oneTimeCodeRoutes(services.oneTimeCodeService, limits, services.auditTrail));
  // Public: which clinic provider an address signs in with (docs/clinics.md "Single sign-on by domain").
  api.use('/auth', singleSignOnLookupRoutes(services.clinicService, limits));
  // Public: a failed sign-in or a password reset is reported before anyone is signed in (per address).
  api.use('/audit', publicAuditRoutes(services.auditTrail, limits));
  api.use('/audit', requireUser, auditRoutes(services.auditTrail, limits));
  api.use('/profile', requireUser, profileRoutes(services.profileService, services.accountDeletion, deps.now ?? (() => new Date())));
  api.use('/profile', requireUser, retentionRoutes(services.retentionService));
  api.use('/subscription', requireUser, subscriptionRoutes(services.subscriptionService, services.planLimits));
  api.use('/stripe', requireUser, stripeRoutes(services.checkoutService, services.customerService, limits, config.appUrl));
  // Public: a sign-up page asks whose invitation it is (first name and last initial only), limited per address.
  api.use('/referral', referralRoutes(services.referralService, limits));
  api.use('/session', requireUser, sessionRoutes(services.sessionService, services.uploadService, deps.audioStore, limits));
  api.use('/session', requireUser, sessionDocumentationRoutes(services.documentationService, limits));
  api.use('/session', requireUser, chatRoutes(services.chatService, limits));
  api.use('/session', requireUser, processRoutes(services.processService, limits));
  api.use('/session', requireUser, liveTranscriptRoutes(services.liveTranscriptService, limits));
  api.use('/session', requireUser, sessionShareRoutes(services.sessionShareService));
  api.use('/shared', requireUser, sharedWithMeRoutes(services.sessionShareService));
  api.use('/search', requireUser, searchRoutes(services.sessionService));
  // Public first: a download link carries its own secret (a browser download sends no token).
  api.use('/export', dataExportDownloadRoutes(services.dataExportService, limits));
  api.use('/export', requireUser, dataExportRoutes(services.dataExportService, limits));
  api.use('/documentation', requireUser, documentationRoutes(services.documentationService));
  api.use('/creation', requireUser, creationRoutes(services.creationService, limits));
  api.use('/magic_fill', requireUser, magicFillRoutes(services.magicFillService, limits));
  // Every clinic route reads the caller's membership afresh and checks it against its row (clinics/route-roles.ts).
  api.use(CLINIC_BASE, requireUser, clinicRoutes(services.clinicService, services.clinicLibrary, services.clinicSeats, limits, config.appUrl));
  api.use('/template', requireUser, templateRoutes({ templates: services.templateService, library: services.libraryService, assistant: services.templateAssistant, limits, appUrl: config.appUrl }));

  app.use(API_BASE_PATH, api);
  app.use(unknownRoute);
  app.use(errorHandler(logger));
  return app;
}
