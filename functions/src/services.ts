import type { Firestore } from 'firebase-admin/firestore';
import { AccountDeletion } from './accounts/account-deletion.js';
import type { AiServices } from './ai/ai-services.js';
import { accountAudioOwner, sessionAudioOwner } from './audio/audio-data-owner.js';
import { UploadRepo } from './audio/upload-repo.js';
import { UploadService } from './audio/upload-service.js';
import type { AppConfig } from './config.js';
import { CreationService } from './documentation/creation-service.js';
import { DocumentationRepo } from './documentation/documentation-repo.js';
import { DocumentationService } from './documentation/documentation-service.js';
import { NoteWriter } from './documentation/note-writer.js';
import type { IdentityProvider } from './identity/identity-provider.js';
import type { Logger } from './logging/logger.js';
import { deleteEventsOfSession } from './pipeline/audio-ready-event.js';
import { Pipeline } from './pipeline/pipeline.js';
import { ProcessService } from './pipeline/process-service.js';
import { ProfileRepo } from './profile/profile-repo.js';
import { ProfileService } from './profile/profile-service.js';
import { SessionRepo } from './sessions/session-repo.js';
import { SessionService, type SessionDataOwner } from './sessions/session-service.js';
import type { AudioStore } from './storage/audio-store.js';
import { SubscriptionRepo } from './subscription/subscription-repo.js';
import { SubscriptionService } from './subscription/subscription-service.js';
import type { TemplateCatalog } from './templates/template-catalog.js';
import { templatesFeature } from './templates/templates-feature.js';
import { TranscriptRepo } from './transcripts/transcript-repo.js';

/** What the app needs from the outside world; tests pass emulator-backed ones. */
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

export type Services = ReturnType<typeof createServices>;

/**
 * The composition root: every repository and domain service, wired once. The HTTP app and the pipeline
 * trigger both take what they need from here.
 */
export function createServices(deps: AppDeps) {
  const { db, identity, audioStore, logger } = deps;
  const now = deps.now ?? (() => new Date());

  const profileRepo = new ProfileRepo(db);
  const templateFeature = templatesFeature({ db, model: deps.ai.model, profiles: profileRepo, catalog: deps.templates, now });
  const templates = templateFeature.catalog;
  const subscriptionRepo = new SubscriptionRepo(db);
  const sessionRepo = new SessionRepo(db);
  const uploadRepo = new UploadRepo(db);
  const transcriptRepo = new TranscriptRepo(db);
  const documentationRepo = new DocumentationRepo(db);
  const writer = new NoteWriter(deps.ai.model);

  // Data a session owns goes with it.
  const sessionOwnedData: SessionDataOwner[] = [];
  const sessionService = new SessionService(db, sessionRepo, uploadRepo, profileRepo, templates, audioStore, sessionOwnedData, now);
  const uploadService = new UploadService(uploadRepo, sessionRepo, sessionService, audioStore, logger, now);
  sessionOwnedData.push(sessionAudioOwner(uploadRepo, uploadService), {
    name: 'transcript, documentation and events',
    async deleteForSession(session) {
      await transcriptRepo.delete(session.id);
      if (session.documentationId) await documentationRepo.delete(session.documentationId);
      await deleteEventsOfSession(db, session.id);
    },
  });

  const pipeline = new Pipeline({
    sessions: sessionRepo,
    uploads: uploadRepo,
    transcripts: transcriptRepo,
    documentation: documentationRepo,
    profiles: profileRepo,
    templates,
    store: audioStore,
    transcriber: deps.ai.transcriber,
    writer,
    logger,
    now,
  });
  const documentationService = new DocumentationService(documentationRepo, sessionRepo, transcriptRepo, profileRepo, templates, writer, now);

  // Every feature that keeps user data registers here, so account deletion reaches all of it.
  const accountDeletion = new AccountDeletion(
    identity,
    [
      { name: 'sessions', deleteAllOwnedBy: (uid) => sessionService.deleteAllOwnedBy(uid) },
      accountAudioOwner(uploadRepo, uploadService, audioStore),
      templateFeature.accountDataOwner,
      profileRepo,
      subscriptionRepo,
    ],
    logger,
  );

  return {
    templates,
    templateFeature,
    profileService: new ProfileService(profileRepo, templates, logger, now),
    subscriptionService: new SubscriptionService(subscriptionRepo),
    sessionService,
    uploadService,
    documentationService,
    processService: new ProcessService(db, sessionRepo, now),
    creationService: new CreationService(sessionService, sessionRepo, transcriptRepo, documentationRepo, templates, pipeline, now),
    pipeline,
    accountDeletion,
  };
}
