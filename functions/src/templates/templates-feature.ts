import type { Firestore } from 'firebase-admin/firestore';
import type { AccountDataOwner } from '../accounts/account-deletion.js';
import type { GenerativeModel } from '../ai/generative-model.js';
import type { AuthorNames } from './author-name.js';
import { LibraryRepo } from './library-repo.js';
import { LibraryService } from './library-service.js';
import { templateRoutes } from './routes.js';
import { TemplateAssistant } from './template-assistant.js';
import { templateCatalog, type TemplateCatalog } from './template-catalog.js';
import { TemplateRepo } from './template-repo.js';
import { TemplateService } from './template-service.js';

/** What the templates feature reads from profiles: the name an author shows, and context for the AI helpers. */
export interface ProfileReader {
  find(tx: null, uid: string): Promise<{ displayName: string; specialty: string; defaultLanguage: string } | null>;
}

export interface TemplatesFeatureDeps {
  db: Firestore;
  model: GenerativeModel;
  profiles: ProfileReader;
  /** Tests may replace the catalog sessions and the pipeline use; the default reads built-ins and Firestore. */
  catalog?: TemplateCatalog | undefined;
  now: () => Date;
}

/**
 * The templates feature, wired: the catalog the rest of the API uses, the services behind /template, its
 * router, and the account-data owner that removes a user's templates, share links and library entries.
 */
export function templatesFeature(deps: TemplatesFeatureDeps) {
  const { db, profiles, now } = deps;
  const repo = new TemplateRepo(db);
  const libraryRepo = new LibraryRepo(db);
  const catalog = deps.catalog ?? templateCatalog(db);
  const authors: AuthorNames = { displayNameOf: async (uid) => (await profiles.find(null, uid))?.displayName ?? null };
  const templates = new TemplateService(repo, libraryRepo, catalog, authors, now);
  const library = new LibraryService(libraryRepo, repo, templates, authors, now);
  const assistant = new TemplateAssistant(deps.model, { contextOf: (uid) => profiles.find(null, uid) });
  const accountDataOwner: AccountDataOwner = { name: 'templates', deleteAllOwnedBy: (uid) => templates.deleteAllOwnedBy(uid) };
  return { catalog, templates, library, assistant, accountDataOwner, routes: () => templateRoutes({ templates, library, assistant }) };
}

export type TemplatesFeature = ReturnType<typeof templatesFeature>;
