import type { Firestore } from 'firebase-admin/firestore';
import type { LibraryReportReason } from '@charta/contract';
import { LibraryRepo } from './library-repo.js';
import { takeOutOfLibrary } from './library-service.js';
import { TemplateRepo } from './template-repo.js';

/** A hidden entry as the operator reviews it: what readers would see, and why it was reported (never by whom). */
export interface HiddenEntry {
  id: string;
  name: string;
  description: string;
  authorName: string;
  publishedAt: string;
  reportCount: number;
  reports: { reason: LibraryReportReason; note: string; reportedAt: string }[];
}

/**
 * The operator's review of library entries hidden by reports (there is no admin UI: an operator runs
 * `scripts/library-review.ts` against the project's Firestore). Keep lists it again and clears its reports;
 * remove takes it out of the library as if its author had unpublished it.
 */
export function libraryReview(db: Firestore, now: () => Date = () => new Date()) {
  const library = new LibraryRepo(db);
  const templates = new TemplateRepo(db);
  return {
    async hidden(): Promise<HiddenEntry[]> {
      const entries = await library.hiddenEntries();
      return Promise.all(
        entries.map(async (entry) => ({
          id: entry.id,
          name: entry.name,
          description: entry.description,
          authorName: entry.authorName,
          publishedAt: entry.publishedAt,
          reportCount: entry.reportCount ?? 0,
          reports: (await library.reportsOf(entry.id)).map(({ reason, note, reportedAt }) => ({ reason, note, reportedAt })),
        })),
      );
    },
    /** False when there is no such entry. Lifts the hold on the author's template too (see takeOutOfLibrary). */
    async keep(publishedTemplateId: string): Promise<boolean> {
      const entry = await library.findPublished(publishedTemplateId);
      if (!entry || !(await library.markReviewed(publishedTemplateId, now()))) return false;
      await templates.runTransaction(async (tx) => {
        const template = await templates.findOwned(entry.authorUid, entry.templateId, tx);
        if (template?.libraryHold) templates.save(tx, { ...template, libraryHold: false });
      });
      return true;
    },
    /** False when there is no such entry. */
    async remove(publishedTemplateId: string): Promise<boolean> {
      const entry = await library.findPublished(publishedTemplateId);
      if (!entry) return false;
      await takeOutOfLibrary(library, templates, entry, now());
      return true;
    },
  };
}
