import type { Transaction } from 'firebase-admin/firestore';
import { CLINIC_LIMITS, type ClinicTemplate, type Template, type TemplateSection } from '@charta/contract';
import { notFound, permissionDenied } from '../http/errors.js';
import { authorNameOf, type AuthorNames } from '../templates/author-name.js';
import { clinicTemplateId, mayRemoveClinicTemplate, type ClinicTemplateRecord } from './clinic.js';
import type { ClinicRepo } from './clinic-repo.js';
import { NOT_IN_A_CLINIC } from './clinic-service.js';

/** What the clinic library needs of templates (services.ts fills it from the templates feature). */
export interface ClinicTemplateSource {
  /** The caller's own template's content; 404 for anything else, 403 for a built-in. */
  ownedContent(uid: string, templateId: string): Promise<{ id: string; name: string; description: string; category: string; sections: TemplateSection[] }>;
  /** 403 when the caller has as many templates as an account keeps. */
  requireRoomFor(uid: string): Promise<void>;
  /** A copy into the caller's templates, in the caller's transaction (after its reads). */
  copyIn(tx: Transaction, uid: string, content: { name: string; description: string; category: string; sections: TemplateSection[] }, origin: { clinicTemplateId: string }): Template;
  /** The caller's template, or null when it is not (any more) theirs. */
  ownedTemplate(uid: string, templateId: string): Promise<Template | null>;
}

/**
 * A clinic's library: templates its members published to the clinic, seen by its members only and never in
 * the community library (a collection of its own, which the public library's queries never read). Like the
 * community library, publishing snapshots the template (publishing again replaces the snapshot in place) and
 * adding gives the caller their own copy.
 */
export class ClinicLibrary {
  constructor(
    private readonly repo: ClinicRepo,
    private readonly templates: ClinicTemplateSource,
    private readonly names: AuthorNames,
    private readonly now: () => Date,
  ) {}

  /** The caller's clinic's library, newest first. */
  async list(uid: string): Promise<ClinicTemplate[]> {
    const me = await this.requireMember(uid);
    const records = await this.repo.templatesOf(me.clinicId);
    const added = await this.repo.addedCopiesOf(records.map((r) => r.id), uid);
    const stillThere = new Map<string, string | null>();
    for (const [entryId, copyId] of added) stillThere.set(entryId, (await this.templates.ownedTemplate(uid, copyId)) ? copyId : null);
    return records
      .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt) || a.id.localeCompare(b.id))
      .map((r) => toContract(r, uid, stillThere.get(r.id) ?? null));
  }

  async publish(uid: string, callerName: string | null, templateId: string, description: string | undefined): Promise<ClinicTemplate> {
    const content = await this.templates.ownedContent(uid, templateId);
    const authorName = await authorNameOf(this.names, uid, callerName);
    const record = await this.repo.runTransaction(async (tx) => {
      const me = await this.requireMember(uid, tx);
      const id = clinicTemplateId(me.clinicId, content.id);
      const [previous, all] = await Promise.all([this.repo.findTemplate(id, tx), this.repo.templatesOf(me.clinicId, tx)]);
      if (!previous && all.length >= CLINIC_LIMITS.templates) throw permissionDenied(`A clinic's library holds at most ${CLINIC_LIMITS.templates} templates: an admin may remove some first`);
      const next: ClinicTemplateRecord = {
        id,
        clinicId: me.clinicId,
        templateId: content.id,
        authorUid: uid,
        authorName,
        name: content.name,
        description: description ?? content.description,
        category: content.category,
        sections: content.sections.map((s) => ({ ...s })),
        addCount: previous?.addCount ?? 0,
        publishedAt: this.now().toISOString(),
      };
      this.repo.saveTemplate(tx, next);
      return next;
    });
    return toContract(record, uid);
  }

  /**
   * The caller's own copy of a template of their clinic's library; another clinic's answers 404. Adding again
   * (a retry, a second tab, a double click) answers the copy they have, counted once: the add marker
   * (`clinicTemplates/{id}/adders/{uid}`, naming the copy) is read and written in the copy's transaction, so
   * of two racing adds one copies and the other, retried, finds its copy. A copy the caller deleted since
   * is made again.
   */
  async add(uid: string, id: string): Promise<Template> {
    const found = await this.requireInMyClinic(uid, id);
    const earlier = await this.repo.addedCopyOf(found.record.id, uid);
    const kept = earlier ? await this.templates.ownedTemplate(uid, earlier) : null;
    if (kept) return kept;
    await this.templates.requireRoomFor(uid);
    return this.repo.runTransaction(async (tx) => {
      const marker = await this.repo.addedCopyOf(found.record.id, uid, tx);
      if (marker && marker !== earlier) {
        const racing = await this.templates.ownedTemplate(uid, marker);
        if (racing) return racing;
      }
      const copy = this.templates.copyIn(tx, uid, found.record, { clinicTemplateId: found.record.id });
      this.repo.markAdded(tx, found.record.id, uid, copy.id, this.now(), { count: !marker && found.record.authorUid !== uid });
      return copy;
    });
  }

  /** Its author, an admin or the owner takes a template out of the library; copies members made stay theirs. */
  async remove(uid: string, id: string): Promise<void> {
    const { me, record } = await this.requireInMyClinic(uid, id);
    if (!mayRemoveClinicTemplate(me, record)) throw permissionDenied('Only its author, an admin or the owner removes a template from the clinic library');
    await this.repo.deleteTemplate(record.id);
  }

  private async requireInMyClinic(uid: string, id: string) {
    const me = await this.requireMember(uid);
    const record = await this.repo.findTemplate(id);
    if (!record || record.clinicId !== me.clinicId) throw notFound('No such template in your clinic’s library');
    return { me, record };
  }

  private async requireMember(uid: string, tx?: Parameters<ClinicRepo['findMember']>[1]) {
    const me = await this.repo.findMember(uid, tx);
    if (!me) throw notFound(NOT_IN_A_CLINIC);
    return me;
  }
}

function toContract(record: ClinicTemplateRecord, uid: string, addedTemplateId: string | null = null): ClinicTemplate {
  const { id, templateId, name, description, category, sections, authorName, addCount, publishedAt } = record;
  return { id, templateId, name, description, category, sections: sections.map((s) => ({ ...s })), authorName, mine: record.authorUid === uid, addCount, publishedAt, addedTemplateId };
}
