import { libraryNameProblem, type LibraryPage } from '@charta/contract';
import { invalidArgument, notFound, permissionDenied } from '../http/errors.js';
import { matchesAll, planNameQuery, searchPrefixes } from '../shared/name-search.js';
import { cursorAfter, decodeCursor, encodeCursor, type PageCursor } from '../shared/page-cursor.js';
import { authorNameOf, type AuthorNames } from './author-name.js';
import { isBuiltinId } from './builtin-templates.js';
import { toPublishedContract, type LibraryRepo, type PublishedRecord, type PublishedTemplate } from './library-repo.js';
import { copySection, toContract, type Template, type TemplateCategory } from './template.js';
import type { TemplateRepo } from './template-repo.js';
import type { TemplateService } from './template-service.js';

/** A search with several words checks the extra words itself; it reads at most this many entries per request. */
const SEARCH_SCAN_LIMIT = 500;
const SEARCH_PAGE = 100;

/** A library entry, or a template behind a share link. */
export type EntryRef = { publishedTemplateId: string } | { shareId: string };

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
    private readonly now: () => Date,
  ) {}

  /**
   * Newest first. `query` matches the start of any word of the name, ignoring case and accents; every word
   * must match. A page may hold fewer than `limit` entries when a many-word search stops scanning; its
   * nextCursor then continues the scan.
   */
  async list(opts: { query?: string | undefined; category?: TemplateCategory | undefined; limit: number; cursor?: string | undefined }): Promise<LibraryPage> {
    let position: PageCursor | null = opts.cursor ? decodeCursor(opts.cursor) : null;
    if (opts.cursor && !position) throw invalidArgument('cursor is not one this API issued', 'cursor');
    const plan = opts.query ? planNameQuery(opts.query) : null;
    if (opts.query && !plan) return { templates: [], nextCursor: null };
    const extraWords = plan?.alsoRequired ?? [];

    const found: PublishedRecord[] = [];
    let scanned = 0;
    let exhausted = false;
    while (found.length < opts.limit && scanned < SEARCH_SCAN_LIMIT) {
      const pageSize = extraWords.length > 0 ? SEARCH_PAGE : opts.limit - found.length;
      const page = await this.library.listPublishedPage({ limit: pageSize, cursor: position, category: opts.category, prefix: plan?.indexed });
      let taken = 0;
      for (const item of page.items) {
        taken++;
        scanned++;
        position = cursorAfter(item, item.publishedAt);
        if (matchesAll(item.searchPrefixes, extraWords)) found.push(item);
        if (found.length === opts.limit) break;
      }
      if (taken === page.items.length && !page.hasMore) {
        exhausted = true;
        break;
      }
    }
    return { templates: found.map(toPublishedContract), nextCursor: exhausted || !position ? null : encodeCursor(position) };
  }

  /** A library entry, or what a share link points at (the owner's template as it is now). */
  async get(entry: EntryRef): Promise<PublishedTemplate> {
    if ('publishedTemplateId' in entry) {
      const record = await this.library.findPublished(entry.publishedTemplateId);
      if (!record) throw notFound('No such template in the library');
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
    if (!entry) throw notFound('No such template in the library');
    // Library entries are public, so refusing with 404 would pretend it is not there.
    if (entry.authorUid !== uid) throw permissionDenied('Only the author can unpublish a template');
    await this.templateRepo.runTransaction(async (tx) => {
      const template = await this.templateRepo.findOwned(uid, entry.templateId, tx);
      if (template && template.publishedTemplateId === entry.id) {
        this.templateRepo.save(tx, { ...template, published: false, publishedTemplateId: null, updatedAt: this.now().toISOString() });
      }
    });
    await this.library.deletePublished(entry.id);
  }

  /** The caller's own, editable copy of a library entry or a shared template; the add counts once per user. */
  async add(uid: string, entry: EntryRef): Promise<Template> {
    await this.templates.requireRoomFor(uid);
    const copy = await this.templateRepo.runTransaction(async (tx) => {
      if ('publishedTemplateId' in entry) {
        const published = await this.library.findPublished(entry.publishedTemplateId, tx);
        if (!published) throw notFound('No such template in the library');
        // The author adding their own entry is not one more person who found it useful.
        if (published.authorUid !== uid) await this.library.countAddOnce(tx, { kind: 'published', id: published.id }, uid, this.now());
        return this.templates.newCopy(tx, uid, published, 'library', { publishedTemplateId: published.id });
      }
      const share = await this.library.findShare(entry.shareId, tx);
      const template = share ? await this.templateRepo.findOwned(share.ownerUid, share.templateId, tx) : null;
      if (!share || !template) throw notFound('This share link does not exist or was revoked');
      if (share.ownerUid !== uid) await this.library.countAddOnce(tx, { kind: 'share', id: share.id }, uid, this.now());
      return this.templates.newCopy(tx, uid, template, 'shared', { shareId: share.id });
    });
    return toContract(copy);
  }
}
