import type { TemplatesPage } from '@charta/contract';
import type { Transaction } from 'firebase-admin/firestore';
import { invalidArgument, notFound, permissionDenied } from '../http/errors.js';
import { cursorAfter, decodeCursor, encodeCursor } from '../common/page-cursor.js';
import { builtinTemplate, builtinTemplates, isBuiltinId } from './builtin-templates.js';
import { authorNameOf, type AuthorNames } from './author-name.js';
import type { LibraryRepo } from './library-repo.js';
import { toContract, withSectionIds, TEMPLATE_LIMITS, type Template, type TemplateCategory, type TemplateDefinition, type TemplateRecord, type TemplateSection } from './template.js';
import type { TemplateCatalog } from './template-catalog.js';
import type { TemplateRepo } from './template-repo.js';

export interface TemplateInput {
  id?: string | undefined;
  name: string;
  description: string;
  category: TemplateCategory;
  sections: { id?: string | undefined; title: string; instructions: string; format: 'paragraph' | 'bullets' }[];
}

/** The content of a new copy (from the library or a share link). */
export interface TemplateContent {
  name: string;
  description: string;
  category: string;
  sections: TemplateSection[];
}

export const BUILTIN_READ_ONLY = 'Built-in templates cannot be changed; duplicate it to make your own version';

/**
 * A user's templates: the built-ins (from code, read-only) and their own (Firestore). Someone else's
 * template answers exactly like a missing one; a built-in answers 403 to any attempt to change it.
 */
export class TemplateService {
  constructor(
    private readonly templates: TemplateRepo,
    private readonly library: LibraryRepo,
    private readonly catalog: TemplateCatalog,
    private readonly authors: AuthorNames,
    private readonly now: () => Date,
  ) {}

  /** The caller's own templates first (newest first, a page at a time), then the built-ins on the first page. */
  async list(uid: string, opts: { limit: number; cursor?: string | undefined }): Promise<TemplatesPage> {
    const cursor = opts.cursor ? decodeCursor(opts.cursor) : null;
    if (opts.cursor && !cursor) throw invalidArgument('cursor is not one this API issued', 'cursor');
    const page = await this.templates.listPage(uid, { limit: opts.limit, cursor });
    const last = page.items[page.items.length - 1];
    const own = page.items.map(toContract);
    return { templates: cursor ? own : [...own, ...builtinTemplates()], nextCursor: page.hasMore && last ? encodeCursor(cursorAfter(last, last.createdAt)) : null };
  }

  async get(uid: string, templateId: string): Promise<Template> {
    const builtin = builtinTemplate(templateId);
    if (builtin) return builtin;
    return toContract(await this.requireOwned(uid, templateId));
  }

  /** A built-in or the caller's template with its sections (previews); 404 for anything else. */
  async requireDefinition(uid: string, templateId: string): Promise<TemplateDefinition> {
    const found = await this.catalog.find(uid, templateId);
    if (!found) throw notFound('No such template');
    return found;
  }

  /** Creates (no id) or replaces the caller's template. Sessions keep working: they refer to it by id. */
  async upsert(uid: string, input: TemplateInput): Promise<Template> {
    const sections = withSectionIds(input.sections);
    const { id } = input;
    if (id && isBuiltinId(id)) throw permissionDenied(BUILTIN_READ_ONLY);
    if (!id) {
      await this.requireRoomFor(uid);
      const now = this.now().toISOString();
      const record: TemplateRecord = {
        id: this.templates.newId(),
        ownerUid: uid,
        name: input.name,
        description: input.description,
        category: input.category,
        source: 'own',
        published: false,
        publishedTemplateId: null,
        shareId: null,
        origin: null,
        sections,
        createdAt: now,
        updatedAt: now,
      };
      await this.templates.create(record);
      return toContract(record);
    }
    const updated = await this.templates.runTransaction(async (tx) => {
      const current = await this.templates.findOwned(uid, id, tx);
      if (!current) throw notFound('No such template');
      // The library keeps the snapshot it was given: later edits reach it only when published again.
      const next: TemplateRecord = { ...current, name: input.name, description: input.description, category: input.category, sections, updatedAt: this.now().toISOString() };
      this.templates.save(tx, next);
      return next;
    });
    return toContract(updated);
  }

  /** Deletes the caller's template; its share link stops working and its library entry goes with it. */
  async delete(uid: string, templateId: string): Promise<void> {
    if (isBuiltinId(templateId)) throw permissionDenied('Built-in templates cannot be deleted');
    const record = await this.templates.runTransaction(async (tx) => {
      const current = await this.templates.findOwned(uid, templateId, tx);
      if (!current) throw notFound('No such template');
      this.templates.delete(tx, current.id);
      return current;
    });
    await this.removeLinksOf(record);
  }

  /** The template's share link, made on first use; the same link every time after. */
  async share(uid: string, callerName: string | null, templateId: string): Promise<{ shareId: string }> {
    if (isBuiltinId(templateId)) throw permissionDenied('Built-in templates are available to everyone already; share a copy of your own instead');
    const authorName = await authorNameOf(this.authors, uid, callerName);
    return this.templates.runTransaction(async (tx) => {
      const current = await this.templates.findOwned(uid, templateId, tx);
      if (!current) throw notFound('No such template');
      if (current.shareId) return { shareId: current.shareId };
      const shareId = this.library.newShareId();
      this.library.saveShare(tx, { id: shareId, templateId: current.id, ownerUid: uid, authorName, addCount: 0, createdAt: this.now().toISOString() });
      this.templates.save(tx, { ...current, shareId });
      return { shareId };
    });
  }

  /**
   * Adds a copy to the caller's templates inside the caller's transaction (after its reads). `held`: a copy of
   * content under review (an entry reports have hidden, which only its author can add, or a held template
   * through a share link) is held too, so publishing the copy is no way around the review either
   * (TemplateRecord.libraryHold).
   */
  newCopy(tx: Transaction, uid: string, content: TemplateContent, source: 'library' | 'shared', origin: TemplateRecord['origin'], held = false): TemplateRecord {
    const now = this.now().toISOString();
    const record: TemplateRecord = {
      id: this.templates.newId(),
      ownerUid: uid,
      name: content.name,
      description: content.description,
      category: content.category,
      source,
      published: false,
      publishedTemplateId: null,
      shareId: null,
      origin,
      sections: content.sections.map((s) => ({ ...s })),
      createdAt: now,
      updatedAt: now,
      ...(held ? { libraryHold: true } : {}),
    };
    this.templates.save(tx, record);
    return record;
  }

  /**
   * A copy of someone else's content in the caller's templates, inside the caller's transaction (after its
   * reads; `requireRoomFor` first): the clinic library's add, which writes its add marker in the same one.
   */
  copyIn(tx: Transaction, uid: string, content: TemplateContent, origin: NonNullable<TemplateRecord['origin']>): Template {
    return toContract(this.newCopy(tx, uid, content, 'library', origin));
  }

  /** The caller's template, or null when it is not (any more) theirs. */
  async ownedTemplate(uid: string, templateId: string): Promise<Template | null> {
    const record = await this.templates.findOwned(uid, templateId);
    return record ? toContract(record) : null;
  }

  /** The caller's own template's content (what a clinic library snapshots); 404 for anything else, 403 for built-ins. */
  async ownedContent(uid: string, templateId: string): Promise<TemplateContent & { id: string }> {
    if (isBuiltinId(templateId)) throw permissionDenied('Built-in templates are in every account already and cannot be published');
    const { id, name, description, category, sections } = await this.requireOwned(uid, templateId);
    return { id, name, description, category, sections: sections.map((s) => ({ ...s })) };
  }

  /** A user keeps at most TEMPLATE_LIMITS.ownTemplates templates, so their list stays one request. */
  async requireRoomFor(uid: string): Promise<void> {
    if ((await this.templates.countOwnedBy(uid)) >= TEMPLATE_LIMITS.ownTemplates) {
      throw permissionDenied(`You have ${TEMPLATE_LIMITS.ownTemplates} templates, the most one account can keep; delete one you no longer use first`);
    }
  }

  async requireOwned(uid: string, templateId: string, tx?: Transaction): Promise<TemplateRecord> {
    const record = await this.templates.findOwned(uid, templateId, tx);
    if (!record) throw notFound('No such template');
    return record;
  }

  /** Account deletion: every template of the user, their share links and library entries, and their add markers. */
  async deleteAllOwnedBy(uid: string): Promise<number> {
    let deleted = 0;
    for (const id of await this.library.publishedIdsByAuthor(uid)) {
      await this.library.deletePublished(id);
      deleted++;
    }
    for (const id of await this.library.shareIdsOwnedBy(uid)) {
      await this.library.deleteShare(id);
      deleted++;
    }
    for await (const page of this.templates.allOwnedBy(uid)) {
      await this.templates.deleteMany(page.map((record) => record.id));
      deleted += page.length;
    }
    deleted += await this.library.withdrawAddsOf(uid);
    deleted += await this.library.withdrawReportsOf(uid);
    return deleted;
  }

  private async removeLinksOf(record: TemplateRecord): Promise<void> {
    if (record.shareId) await this.library.deleteShare(record.shareId);
    if (record.publishedTemplateId) {
      const entry = await this.library.findPublished(record.publishedTemplateId);
      if (entry && entry.authorUid === record.ownerUid) await this.library.deletePublished(entry.id);
    }
  }
}
