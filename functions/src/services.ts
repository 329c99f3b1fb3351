import type { Firestore } from 'firebase-admin/firestore';
import { publicNameOf } from '@charta/contract';
import { AccountDeletion } from './accounts/account-deletion.js';
import { ownedDocumentsSweep } from './accounts/owned-documents.js';
import type { AiServices } from './ai/ai-services.js';
import { AuditRepo } from './audit/audit-repo.js';
import { AuditTrail } from './audit/audit-trail.js';
import { accountAudioOwner } from './audio/audio-data-owner.js';
import { UploadRepo } from './audio/upload-repo.js';
import { UploadService } from './audio/upload-service.js';
import { billingAccountOwner } from './billing/customers/billing-account-closer.js';
import { CheckoutLeases } from './billing/checkout/checkout-lease.js';
import { CheckoutService } from './billing/checkout/checkout-service.js';
import { CustomerService } from './billing/customers/customer-service.js';
import type { BillingGateway } from './billing/gateway/billing-gateway.js';
import { BillingGatewayRef } from './billing/gateway/gateway-ref.js';
import { StripeBillingGateway } from './billing/gateway/stripe-billing-gateway.js';
import { PlanLimits } from './billing/plan-limits/plan-limits.js';
import { ReferralCreditRepo } from './billing/referral/referral-credit-repo.js';
import { ReferralService } from './billing/referral/referral-service.js';
import { SubscriptionSync } from './billing/sync/subscription-sync.js';
import { StripeEventRepo } from './billing/webhook/stripe-event-repo.js';
import { WebhookService } from './billing/webhook/webhook-service.js';
import { ClinicLibrary } from './clinics/clinic-library.js';
import { ClinicRepo } from './clinics/clinic-repo.js';
import { ClinicService } from './clinics/clinic-service.js';
import { ClinicSeats } from './clinics/clinic-seats.js';
import type { AppConfig } from './config.js';
import { DataExportRepo } from './export/data-export-repo.js';
import { DataExportService } from './export/data-export-service.js';
import { ExportSource } from './export/export-source.js';
import { ChatRepo } from './chat/chat-repo.js';
import { ChatService } from './chat/chat-service.js';
import { CreationService } from './documentation/creation-service.js';
import { DocumentationRepo } from './documentation/documentation-repo.js';
import { DocumentationService } from './documentation/documentation-service.js';
import { NoteWriter } from './documentation/note-writer.js';
import { NoteWritingStep } from './documentation/note-writing-step.js';
import type { IdentityProvider } from './identity/identity-provider.js';
import { RateLimitRepo } from './limits/rate-limit-repo.js';
import { RateLimiter } from './limits/rate-limiter.js';
import type { Logger } from './logging/logger.js';
import { FieldFiller } from './magic-fill/field-filler.js';
import { MagicFillService } from './magic-fill/magic-fill-service.js';
import type { Mailer } from './mail/mailer.js';
import { smtpMailer } from './mail/smtp-mailer.js';
import { OneTimeCodeKeys } from './one-time-codes/one-time-code.js';
import { OneTimeCodeRepo } from './one-time-codes/one-time-code-repo.js';
import { OneTimeCodeService } from './one-time-codes/one-time-code-service.js';
import { audioReadyOutbox, deleteEventsOfSession, emitContinueRequest, emitResumeRequest, emitWindowsDue, pipelineEvents } from './pipeline/audio-ready-event.js';
import { Pipeline } from './pipeline/pipeline.js';
import { PipelineSweeper } from './pipeline/pipeline-sweeper.js';
import { ProcessService } from './pipeline/process-service.js';
import { StalledWorkQueries } from './pipeline/stalled-work.js';
import { ProfileRepo } from './profile/profile-repo.js';
import { ProfileService } from './profile/profile-service.js';
import { PrivacySettingsInForce, type ClinicPrivacyPolicies } from './profile/effective-privacy.js';
import { OwnerRetention, type SessionDeletions } from './retention/owner-retention.js';
import { RetentionCheckpoints } from './retention/retention-checkpoint.js';
import { RetentionQueries } from './retention/retention-queries.js';
import { RetentionService } from './retention/retention-service.js';
import { RetentionSweeper } from './retention/retention-sweeper.js';
import { sessionAudioOwner } from './sessions/session-audio.js';
import { SessionLifecycle } from './sessions/session-lifecycle.js';
import { SessionRepo } from './sessions/session-repo.js';
import { SessionPartRetention } from './sessions/session-retention.js';
import { SessionShareRepo } from './session-shares/session-share-repo.js';
import { nothingYet, SessionShareService } from './session-shares/session-share-service.js';
import { SessionService, type SessionDataOwner } from './sessions/session-service.js';
import type { AudioStore } from './storage/audio-store.js';
import { SubscriptionRepo } from './subscription/subscription-repo.js';
import { SubscriptionService } from './subscription/subscription-service.js';
import type { AuthorNames } from './templates/author-name.js';
import { LibraryRepo } from './templates/library-repo.js';
import { LibraryService } from './templates/library-service.js';
import { TemplateAssistant } from './templates/template-assistant.js';
import { templateCatalog, type TemplateCatalog } from './templates/template-catalog.js';
import { TemplateRepo } from './templates/template-repo.js';
import { TemplateService } from './templates/template-service.js';
import { toContract as transcriptToContract } from './transcripts/transcript.js';
import { TranscriptRepo } from './transcripts/transcript-repo.js';
import { LiveTranscriptService } from './transcription/live-transcript-service.js';
import { cutPolicies } from './transcription/window-cutter.js';
import { WindowRepo } from './transcription/window-repo.js';
import { WindowTranscription } from './transcription/window-transcription.js';

/** What the app needs from the outside world; tests pass emulator-backed ones. */
export interface AppDeps {
  db: Firestore;
  identity: IdentityProvider;
  audioStore: AudioStore;
  /** Gemini and Speech-to-Text (or the local AI emulator, by configuration). */
  ai: AiServices;
  logger: Logger;
  /** Tests may replace the catalog sessions and the pipeline use; the default reads built-ins and Firestore. */
  templates?: TemplateCatalog;
  config: AppConfig;
  /** Stripe (or its local emulator) by configuration; tests may pass another. None: billing is off (503). */
  billingGateway?: BillingGateway | null;
  /** Outgoing email; SMTP from config.mail unless a test passes its own. */
  mailer?: Mailer;
  now?: () => Date;
  /**
   * Where the pipeline's events go (default `pipelineEvents`, which the trigger watches). Tests that run the
   * pipeline themselves name another, so the trigger the emulators run does not race them for the same work.
   */
  pipelineEventsCollection?: string;
}

export type Services = ReturnType<typeof createServices>;

/**
 * The composition root: every repository and domain service, wired once, the same way for every feature:
 * repositories first, then services, each given the ports it declares. Features never construct each other;
 * where one needs another's behaviour it declares a port and it is filled in here. The HTTP app and the
 * pipeline trigger both take what they need from the result.
 */
export function createServices(deps: AppDeps) {
  const { db, identity, audioStore, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const events = pipelineEvents(db, deps.pipelineEventsCollection);

  // Repositories: one per collection (or group of collections) a feature owns.
  const profileRepo = new ProfileRepo(db);
  const subscriptionRepo = new SubscriptionRepo(db);
  const templateRepo = new TemplateRepo(db);
  const libraryRepo = new LibraryRepo(db);
  const sessionRepo = new SessionRepo(db);
  // The one writer of a session's state (its status and the pipeline's claim), for every feature that moves it.
  const lifecycle = new SessionLifecycle(sessionRepo, now);
  const uploadRepo = new UploadRepo(db);
  const transcriptRepo = new TranscriptRepo(db);
  const documentationRepo = new DocumentationRepo(db);
  const chatRepo = new ChatRepo(db);
  const rateLimitRepo = new RateLimitRepo(db);
  // Append-only; account deletion leaves it alone on purpose (accounts/owned-documents.ts RETAINED_COLLECTIONS).
  const auditTrail = new AuditTrail(new AuditRepo(db), identity, deps.config.audit, logger, now);

  // Billing: one gateway to Stripe (or none, when not configured); the plan's limit is decided from our record.
  const billingConfig = deps.config.billing;
  const billingGateway = new BillingGatewayRef(
    deps.billingGateway !== undefined ? deps.billingGateway : billingConfig.stripe ? StripeBillingGateway.fromConnection(billingConfig.stripe, billingConfig.webhookToleranceSec) : null,
  );
  const referralCreditRepo = new ReferralCreditRepo(db);
  const customerService = new CustomerService(subscriptionRepo, billingGateway, logger);
  const subscriptionSync = new SubscriptionSync(subscriptionRepo, billingGateway, logger);
  const referralService = new ReferralService(profileRepo, referralCreditRepo, customerService, billingGateway, identity, billingConfig, logger, now);
  const planLimits = new PlanLimits({
    // A clinician's own plan, or their clinic's (clinics/clinic-seats.ts): a member of a paid clinic is Pro.
    planOf: async (uid) => ((await subscriptionRepo.find(null, uid)).plan === 'pro' || (await clinicSeats.paidByClinic(uid)) ? 'pro' : 'free'),
    countGenerated: (uid, from, to) => documentationRepo.countGenerated(uid, from, to),
    freeDocumentationsPerMonth: billingConfig.freeDocumentationsPerMonth,
    now,
  });

  const writer = new NoteWriter(deps.ai.model);
  const templates = deps.templates ?? templateCatalog(templateRepo);

  // Templates read two things from profiles: the name an author shows, and context for the AI helpers.
  const authors: AuthorNames = {
    displayNameOf: async (uid) => {
      const profile = await profileRepo.find(null, uid);
      return profile ? publicNameOf(profile) || null : null;
    },
  };
  const templateService = new TemplateService(templateRepo, libraryRepo, templates, authors, now);
  const libraryService = new LibraryService(libraryRepo, templateRepo, templateService, authors, deps.config.library, now);
  // Clinics (docs/clinics.md): membership, invitations (mailed like sign-in codes) and the clinic library, which
  // reaches templates through the two methods it declares.
  const mailer = deps.mailer ?? smtpMailer(deps.config.mail);
  const clinicRepo = new ClinicRepo(db);
  const clinicService = new ClinicService(clinicRepo, mailer, authors, deps.config.appUrl, logger, now);
  const clinicLibrary = new ClinicLibrary(
    clinicRepo,
    {
      ownedContent: (uid, templateId) => templateService.ownedContent(uid, templateId),
      requireRoomFor: (uid) => templateService.requireRoomFor(uid),
      copyIn: (tx, uid, content, origin) => templateService.copyIn(tx, uid, content, origin),
      ownedTemplate: (uid, templateId) => templateService.ownedTemplate(uid, templateId),
    },
    authors,
    now,
  );
  // A clinic's consent and retention policies (docs/clinics.md "Policies") stand in for its members' own settings
  // wherever they are enforced, read from Firestore on every use.
  const clinicPrivacyPolicies: ClinicPrivacyPolicies = {
    privacyPolicyOf: async (uid, tx) => {
      const found = await clinicService.policiesFor(uid, tx);
      return found ? { clinicName: found.clinicName, consent: found.policies.consent, retention: found.policies.retention } : null;
    },
  };
  const privacySettings = new PrivacySettingsInForce(profileRepo, clinicPrivacyPolicies);
  const templateAssistant = new TemplateAssistant(deps.ai.model, writer, { contextOf: (uid) => profileRepo.find(null, uid) });

  // Data a session owns goes with it.
  const sessionOwnedData: SessionDataOwner[] = [];
  const sessionService = new SessionService(sessionRepo, lifecycle, uploadRepo, profileRepo, privacySettings, templates, audioStore, audioReadyOutbox(events), sessionOwnedData, now);
  const uploadService = new UploadService(uploadRepo, sessionService, audioStore, logger, now, { chunksArrived: (event) => emitWindowsDue(events, event) });
  const sessionAudio = sessionAudioOwner(uploadRepo, uploadService);
  sessionOwnedData.push(sessionAudio, {
    name: 'transcript, documentation and events',
    async deleteForSession(session) {
      await transcriptRepo.delete(session.id);
      if (session.documentationId) await documentationRepo.delete(session.documentationId);
      await deleteEventsOfSession(events, session.id);
    },
  }, { name: 'chat', deleteForSession: (session) => chatRepo.delete(session.id) });

  // Retention (docs/privacy.md "Retention"): what each user's settings say has expired is deleted the way sessions
  // delete (whole sessions), or part by part (audio, transcript) by the sessions feature, which says so on the session.
  // A chat's answers quote the transcript: it goes with it.
  const sessionParts = new SessionPartRetention(
    sessionRepo,
    sessionAudio,
    {
      deleteIn: (tx, sessionId) => {
        transcriptRepo.deleteIn(tx, sessionId);
        chatRepo.deleteIn(tx, sessionId);
      },
    },
    now,
  );
  const retentionDeletions: SessionDeletions = {
    deleteIfDue: (uid, sessionId, due) => sessionService.deleteIfDue(uid, sessionId, due),
    deleteAudioIfDue: (sessionId, due) => sessionParts.deleteAudioIfDue(sessionId, due),
    deleteTranscriptIfDue: (sessionId, due) => sessionParts.deleteTranscriptIfDue(sessionId, due),
    find: (sessionId) => sessionRepo.find(sessionId),
  };
  const retentionQueries = new RetentionQueries(db);
  const ownerRetention = new OwnerRetention({ settings: privacySettings, queries: retentionQueries, sessions: retentionDeletions, logger });
  const retentionService = new RetentionService(privacySettings, retentionQueries, ownerRetention, now);

  // Writing a session's note, one way for the pipeline (audio, and text pasted into /creation) and regenerate.
  const noteWriting = new NoteWritingStep({ docs: documentationRepo, sessions: sessionRepo, lifecycle, profiles: profileRepo, writer, now });
  // Transcription window by window: while a recording arrives, and what is left once it is complete.
  const windowTranscription = new WindowTranscription({
    uploads: uploadRepo,
    windows: new WindowRepo(db),
    store: audioStore,
    transcriber: deps.ai.transcriber,
    policies: cutPolicies(deps.config.transcription.windowSec),
    concurrency: deps.ai.transcriber.parallelWindows,
    logger,
    now,
  });
  const pipeline = new Pipeline({
    sessions: sessionRepo,
    lifecycle,
    uploads: uploadRepo,
    transcripts: transcriptRepo,
    documentation: documentationRepo,
    templates,
    windows: windowTranscription,
    runBudgetMs: deps.config.transcription.runBudgetMs,
    outbox: { emitContinueRequest: (tx, event) => emitContinueRequest(events, tx, event) },
    noteWriting,
    quota: planLimits,
    noteReady: (sessionId) => retentionService.noteReady(sessionId),
    logger,
    now,
  });

  // Every feature that keeps user data registers here, so account deletion reaches all of it; the sweep
  // last finds whatever still names the user by owner, in any collection (see accounts/owned-documents.ts).
  // "Download my data" (export/): reads every feature's records of a session through their repositories.
  const dataExportService = new DataExportService(new DataExportRepo(db), audioStore, new ExportSource(sessionRepo, transcriptRepo, documentationRepo, audioStore, templates, chatRepo, clinicService), logger, now);

  // Sharing one session with a colleague (session-shares/, docs/clinics.md "Sharing a session"): once the share
  // is checked, the colleague reads through the owner's own reads; a share ends with either's membership,
  // with the session and with either account.
  const sessionShareService = new SessionShareService(
    new SessionShareRepo(db),
    {
      session: (ownerUid, sessionId) => sessionService.get(ownerUid, sessionId),
      transcript: (ownerUid, sessionId) => documentationService.transcriptOf(ownerUid, sessionId).then(transcriptToContract, nothingYet),
      documentation: (ownerUid, sessionId) => documentationService.bySession(ownerUid, sessionId).catch(nothingYet),
    },
    clinicService,
    authors,
    now,
  );
  clinicService.whenMembershipEnds((clinicId, uid) => sessionShareService.endForMember(clinicId, uid));
  // Seats and billing (docs/clinics.md "Seats and billing"): a seat per member, every member Pro while the clinic
  // pays, and a member's own plan ended (credited) so that nobody pays twice.
  const checkoutService = new CheckoutService(subscriptionRepo, customerService, billingGateway, billingConfig, new CheckoutLeases(db, now));
  const clinicSeats = new ClinicSeats(clinicRepo, subscriptionRepo, checkoutService, subscriptionSync, billingGateway, logger);
  clinicService.describeBillingWith((clinicId, members) => clinicSeats.billingOf(clinicId, members));
  clinicService.whenMembershipBegins(async (clinicId, uid) => {
    await clinicSeats.syncSeatsQuietly(clinicId);
    await clinicSeats.endOwnPlanIfPaidByClinic(uid);
  });
  clinicService.whenMembershipEnds((clinicId, uid) => (uid === null ? clinicSeats.endClinicPlan(clinicId) : clinicSeats.syncSeatsQuietly(clinicId)));
  subscriptionSync.whenPlanStarts(clinicSeats.planStarts);
  checkoutService.refuseCheckoutWhen((uid) => clinicSeats.ownCheckoutRefusal(uid));
  sessionOwnedData.push({ name: 'shares', deleteForSession: async (session) => void (await sessionShareService.deleteForSession(session.id)) });

  const accountDeletion = new AccountDeletion(
    identity,
    [
      // First, and it refuses while the user owns a clinic with other members (accountDeletionProblem), so a
      // clinic never loses its owner; a member leaves it, a sole owner's clinic goes with the account.
      { name: 'clinic membership', deleteAllOwnedBy: (uid) => clinicService.deleteAllOwnedBy(uid) },
      // Shares made with the user name them as the colleague, which the sweep's owner fields do not cover.
      { name: 'session shares', deleteAllOwnedBy: (uid) => sessionShareService.deleteAllOwnedBy(uid) },
      // First: a build under way finds its export gone and deletes its file instead of publishing it.
      { name: 'data exports', deleteAllOwnedBy: (uid) => dataExportService.deleteAllOwnedBy(uid) },
      { name: 'sessions', deleteAllOwnedBy: (uid) => sessionService.deleteAllOwnedBy(uid) },
      accountAudioOwner(uploadRepo, uploadService, audioStore),
      { name: 'templates', deleteAllOwnedBy: (uid) => templateService.deleteAllOwnedBy(uid) },
      profileRepo,
      // Before the subscription record, which holds the Stripe ids it needs.
      billingAccountOwner(subscriptionRepo, billingGateway, referralCreditRepo, logger),
      subscriptionRepo,
      rateLimitRepo,
      ownedDocumentsSweep(db),
    ],
    logger,
    [{ problemFor: (uid) => clinicService.accountDeletionProblem(uid) }],
  );

  const documentationService = new DocumentationService(documentationRepo, sessionRepo, noteWriting, transcriptRepo, profileRepo, templates, writer, now, planLimits);
  const chatService = new ChatService(chatRepo, sessionRepo, documentationRepo, profileRepo, documentationService, writer, now);

  return {
    /** Who did what to which patient data, and account events (audit/; the app's middleware records requests). */
    auditTrail,
    templates,
    templateService,
    libraryService,
    templateAssistant,
    /** Clinics: membership, roles and invitations (clinics/). */
    clinicService,
    /** A clinic's own library of templates, for its members only (clinics/). */
    clinicLibrary,
    profileService: new ProfileService(profileRepo, templates, referralService, logger, clinicPrivacyPolicies, now),
    subscriptionService: new SubscriptionService(subscriptionRepo, {
      setCancelAtPeriodEnd: async (subscriptionId, cancelAtPeriodEnd) => subscriptionSync.record(await billingGateway.require().setCancelAtPeriodEnd(subscriptionId, cancelAtPeriodEnd)),
    }),
    planLimits,
    customerService,
    checkoutService,
    /** A clinic's seats and plan (clinics/clinic-seats.ts). */
    clinicSeats,
    referralService,
    webhookService: new WebhookService(billingGateway, new StripeEventRepo(db), subscriptionSync, subscriptionRepo, referralService, logger, now),
    sessionService,
    uploadService,
    documentationService,
    /** Questions about a session, from its transcript and note, the conversation kept per session (chat/). */
    chatService,
    magicFillService: new MagicFillService(documentationService, new FieldFiller(deps.ai.model), now),
    processService: new ProcessService(events, sessionRepo, lifecycle, now, planLimits),
    creationService: new CreationService(sessionService, sessionRepo, lifecycle, transcriptRepo, documentationRepo, templates, pipeline, now, planLimits),
    pipeline,
    /**
     * Transcribes the windows a recording in progress makes, and joins its chunks so far into parts (the
     * trigger calls it on "windows due"); returns the windows transcribed.
     */
    advanceLiveWindows: async (uploadId: string, sessionId: string) => {
      const session = await sessionRepo.find(sessionId);
      if (!session) return 0;
      const [windows] = await Promise.all([windowTranscription.advanceLive(uploadId, session.language), uploadService.joinArrivedChunks(uploadId)]);
      return windows;
    },
    liveTranscriptService: new LiveTranscriptService(sessionRepo, uploadRepo, windowTranscription),
    /** Resumes or fails sessions whose run stopped, deletes abandoned uploads (a scheduled function runs it). */
    pipelineSweeper: new PipelineSweeper({
      sessions: sessionRepo,
      lifecycle,
      uploads: uploadRepo,
      queries: new StalledWorkQueries(db),
      outbox: { emitResumeRequest: (tx, event) => emitResumeRequest(events, tx, event) },
      uploadDeletion: uploadService,
      logger,
      now,
    }),
    accountDeletion,
    /** Sharing a session with a colleague of the same clinic, read-only. */
    sessionShareService,
    /** "Download my data": starts, reports and serves exports; the trigger on dataExports runs `build`. */
    dataExportService,
    retentionService,
    /** The daily retention sweep (a scheduled function runs it every hour; it resumes a pass or starts the day's). */
    retentionSweeper: new RetentionSweeper({ checkpoints: new RetentionCheckpoints(db), owners: retentionQueries, retention: ownerRetention, logger, now }),
    /** What retention deletes through, and its queries: tests build sweeps of their own users with them. */
    retentionDeletions,
    retentionQueries,
    /** Each user's consent and retention in force (theirs, or their clinic's policy): tests' own sweeps read through it. */
    privacySettings,
    /** Sign-in by a code sent by email (POST /auth/send-code, /auth/verify-code). */
    oneTimeCodeService: new OneTimeCodeService(
      new OneTimeCodeRepo(db),
      deps.config.oneTimeCodeSecret ? new OneTimeCodeKeys(deps.config.oneTimeCodeSecret) : undefined,
      mailer,
      identity,
      logger,
      now,
    ),
    /** Limits on what costs money or can be abused, counted in Firestore across instances (app.ts applies them). */
    rateLimiter: new RateLimiter(rateLimitRepo, deps.config.limits, now),
    audioStorageUsage: { bytesStoredBy: (uid: string) => uploadRepo.bytesStoredBy(uid) },
    /** What deleting a session reaches besides its document (tests add a probe to hold a deletion half-way). */
    sessionOwnedData,
  };
}
