import { libraryDescriptionProblem, libraryNameProblem, type LibraryPage, type LibraryReport, type LibraryReportReason } from '@charta/contract';
import { invalidArgument, notFound, permissionDenied } from '../http/errors.js';
import { matchesAll, planNameQuery, searchPrefixes } from '../common/name-search.js';
import { authorNameOf, type AuthorNames } from './author-name.js';
import { isBuiltinId } from './builtin-templates.js';
import type { LibraryConfig } from './library-config.js';
import { decodeLibraryCursor, encodeLibraryCursor, libraryCursorAfter, type LibraryCursor } from './library-cursor.js';
import { libraryReportId, toPublishedContract, toReportContract, type LibraryRepo, type PublishedRecord, type PublishedTemplate } from './library-repo.js';
import { copySection, toContract, type Template, type TemplateCategory } from './template.js';
import type { TemplateRepo } from './template-repo.js';
import type { TemplateService } from './template-service.js';

/** A search with several words checks the extra words itself; it reads at most this many entries per request. */
const SEARCH_SCAN_LIMIT = 500;
const SEARCH_PAGE = 100;

/** A library entry, or a template behind a share link. */
export type EntryRef = { publishedTemplateId: string } | { shareId: string };

/** Hidden entries are there for their author only; to everyone else they answer like entries that never were. */
const visibleTo = (uid: string, entry: PublishedRecord) => entry.hiddenUntilReviewed !== true || entry.authorUid === uid;

/**
 * Takes an entry out of the library: its author's template is marked unpublished first (and held, if reports
 * had hidden the entry), then the entry goes with its add markers and reports. Unpublishing and an
 * operator's removal after review both end here.
 */
export async function takeOutOfLibrary(library: LibraryRepo, templateRepo: TemplateRepo, entry: PublishedRecord, at: Date): Promise<void> {
  await templateRepo.runTransaction(async (tx) => {
    const template = await templateRepo.findOwned(entry.authorUid, entry.templateId, tx);
    if (template && template.publishedTemplateId === entry.id) {
      // Hidden by reports: the template keeps that, so publishing it again does not start a clean entry.
      const hold = entry.hiddenUntilReviewed === true ? { libraryHold: true } : {};
      templateRepo.save(tx, { ...template, ...hold, published: false, publishedTemplateId: null, updatedAt: at.toISOString() });
    }
  });
  await library.deletePublished(entry.id);
}

/**
 * The community library and share links. Publishing copies a snapshot (later edits of the template do not
 * reach it until it is published again); adding gives the caller their own editable copy and counts once
 * per user.
 */
export class LibraryService {
  constructor(
    private readonly library: LibraryRepo,
    private readonly templateRepo: TemplateRepo,
    private readonly templates: TemplateService,
    private readonly authors: AuthorNames,
    private readonly config: LibraryConfig,
    private readonly now: () => Date,
  ) {}

  /**
   * The most added first, then the newest. `query` matches the start of any word of the name, ignoring case
   * and accents; every word must match. Entries hidden until reviewed are skipped, except for their author.
   * A page may hold fewer than `limit` entries when a many-word search (or a run of hidden entries) stops
   * scanning; its nextCursor then continues the scan.
   */
  async list(uid: string, opts: { query?: string | undefined; category?: TemplateCategory | undefined; limit: number; cursor?: string | undefined }): Promise<LibraryPage> {
    let position: LibraryCursor | null = opts.cursor ? decodeLibraryCursor(opts.cursor) : null;
    if (opts.cursor && !position) throw invalidArgument('cursor is not one this API issued', 'cursor');
    const plan = opts.query ? planNameQuery(opts.query) : null;
    if (opts.query && !plan) return { templates: [], nextCursor: null };
    const extraWords = plan?.alsoRequired ?? [];

    const found: PublishedRecord[] = [];
    let scanned = 0;
    let exhausted = false;
    while (found.length < opts.limit && scanned < SEARCH_SCAN_LIMIT) {
      // Hidden entries are filtered here rather than in the query: they are rare (it takes several users'
      // reports), and entries published before reports existed have no flag for a query to match.
      const pageSize = extraWords.length > 0 ? SEARCH_PAGE : opts.limit - found.length;
      const page = await this.library.listPublishedPage({ limit: pageSize, cursor: position, category: opts.category, prefix: plan?.indexed });
      let taken = 0;
      for (const item of page.items) {
        taken++;
        scanned++;
        position = libraryCursorAfter(item);
        if (visibleTo(uid, item) && matchesAll(item.searchPrefixes, extraWords)) found.push(item);
        if (found.length === opts.limit) break;
      }
      if (taken === page.items.length && !page.hasMore) {
        exhausted = true;
        break;
      }
    }
    return { templates: found.map(toPublishedContract), nextCursor: exhausted || !position ? null : encodeLibraryCursor(position) };
  }

  /** A library entry, or what a share link points at (the owner's template as it is now). */
  async get(uid: string, entry: EntryRef): Promise<PublishedTemplate> {
    if ('publishedTemplateId' in entry) {
      const record = await this.library.findPublished(entry.publishedTemplateId);
      if (!record || !visibleTo(uid, record)) throw notFound('No such template in the library');
      return toPublishedContract(record);
    }
    const share = await this.library.findShare(entry.shareId);
    const template = share ? await this.templateRepo.findOwned(share.ownerUid, share.templateId) : null;
    if (!share || !template) throw notFound('This share link does not exist or was revoked');
    return {
      id: share.id,
      templateId: template.id,
      name: template.name,
      description: template.description,
      category: template.category,
      sections: template.sections.map(copySection),
      authorName: await authorNameOf(this.authors, share.ownerUid, share.authorName),
      addCount: share.addCount,
      publishedAt: template.updatedAt,
      hiddenUntilReviewed: false,
    };
  }

  /** Publishes (or publishes again, in place: same entry, its add count kept) a snapshot of the caller's template. */
  async publish(uid: string, callerName: string | null, input: { templateId: string; description?: string | undefined; category?: TemplateCategory | undefined }): Promise<PublishedTemplate> {
    if (isBuiltinId(input.templateId)) throw permissionDenied('Built-in templates are in every account already and cannot be published');
    const authorName = await authorNameOf(this.authors, uid, callerName);
    const published = await this.templateRepo.runTransaction(async (tx) => {
      const template = await this.templates.requireOwned(uid, input.templateId, tx);
      const nameProblem = libraryNameProblem(template.name);
      if (nameProblem) throw invalidArgument(nameProblem, 'templateId');
      const previous = template.publishedTemplateId ? await this.library.findPublished(template.publishedTemplateId, tx) : null;
      const current = previous && previous.authorUid === uid ? previous : null;
      const description = input.description ?? template.description;
      const descriptionProblem = libraryDescriptionProblem(description);
      if (descriptionProblem) throw invalidArgument(descriptionProblem, 'description');
      const category = input.category ?? template.category;
      const now = this.now().toISOString();
      const record: PublishedRecord = {
        id: current?.id ?? this.library.newPublishedId(),
        templateId: template.id,
        authorUid: uid,
        authorName,
        name: template.name,
        description,
        category,
        sections: template.sections.map(copySection),
        addCount: current?.addCount ?? 0,
        publishedAt: now,
        searchPrefixes: searchPrefixes(template.name),
        // Publishing again is no way around a review: the reports and the hiding stay with the entry.
        reportCount: current?.reportCount ?? 0,
        // Nor is unpublishing first: a template whose hidden entry was taken out comes back hidden (libraryHold).
        // Only for a new entry: one an operator has kept stays listed, whatever became of the template's hold.
        hiddenUntilReviewed: current?.hiddenUntilReviewed === true || (!current && template.libraryHold === true),
        reviewedAt: current?.reviewedAt ?? null,
      };
      this.library.savePublished(tx, record);
      // What was published is remembered on the template too, so the next publish starts from it.
      this.templateRepo.save(tx, { ...template, description, category, published: true, publishedTemplateId: record.id, updatedAt: now });
      return record;
    });
    return toPublishedContract(published);
  }

  /** Takes an entry out of the library; only its author may. Copies others made stay theirs. */
  async unpublish(uid: string, publishedTemplateId: string): Promise<void> {
    const entry = await this.library.findPublished(publishedTemplateId);
    if (!entry || !visibleTo(uid, entry)) throw notFound('No such template in the library');
    // Library entries are public, so refusing with 404 would pretend it is not there.
    if (entry.authorUid !== uid) throw permissionDenied('Only the author can unpublish a template');
    await takeOutOfLibrary(this.library, this.templateRepo, entry, this.now());
  }

  /** The caller's own, editable copy of a library entry or a shared template; the add counts once per user. */
  async add(uid: string, entry: EntryRef): Promise<Template> {
    await this.templates.requireRoomFor(uid);
    const copy = await this.templateRepo.runTransaction(async (tx) => {
      if ('publishedTemplateId' in entry) {
        const published = await this.library.findPublished(entry.publishedTemplateId, tx);
        if (!published || !visibleTo(uid, published)) throw notFound('No such template in the library');
        // The author adding their own entry is not one more person who found it useful.
        if (published.authorUid !== uid) await this.library.countAddOnce(tx, { kind: 'published', id: published.id }, uid, this.now());
        return this.templates.newCopy(tx, uid, published, 'library', { publishedTemplateId: published.id }, published.hiddenUntilReviewed === true);
      }
      const share = await this.library.findShare(entry.shareId, tx);
      const template = share ? await this.templateRepo.findOwned(share.ownerUid, share.templateId, tx) : null;
      if (!share || !template) throw notFound('This share link does not exist or was revoked');
      // A template held for review, or whose entry reports hide right now, makes held copies: a share link
      // (its author's own included) is no way around the review either.
      const entryOfTemplate = template.publishedTemplateId ? await this.library.findPublished(template.publishedTemplateId, tx) : null;
      const held = template.libraryHold === true || entryOfTemplate?.hiddenUntilReviewed === true;
      if (share.ownerUid !== uid) await this.library.countAddOnce(tx, { kind: 'share', id: share.id }, uid, this.now());
      return this.templates.newCopy(tx, uid, template, 'shared', { shareId: share.id }, held);
    });
    return toContract(copy);
  }

  /**
   * The caller's report of someone else's entry. One per user per entry: a retry or a second click answers
   * the report already filed (the first reason stands) and counts nothing. When `reportsToHide` different
   * users have reported it, the entry is hidden until an operator reviews it (scripts/library-review.ts).
   */
  async report(uid: string, input: { publishedTemplateId: string; reason: LibraryReportReason; note?: string | undefined }): Promise<LibraryReport> {
    const filed = await this.library.fileReportOnce(
      { id: libraryReportId(input.publishedTemplateId, uid), publishedTemplateId: input.publishedTemplateId, uid, reason: input.reason, note: input.note ?? '', reportedAt: this.now().toISOString() },
      this.config.reportsToHide,
      (entry) => {
        if (!visibleTo(uid, entry)) throw notFound('No such template in the library');
        if (entry.authorUid === uid) throw invalidArgument('You cannot report your own template: unpublish it, or change it and publish again', 'publishedTemplateId');
      },
    );
    if (!filed) throw notFound('No such template in the library');
    return toReportContract(filed.report);
  }
}
