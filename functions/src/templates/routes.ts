import { Router } from 'express';
import { appUrlOfRequest } from '../http/app-url.js';
import { callerOf } from '../http/request-context.js';
import { parseInput } from '../http/validate.js';
import type { RouteLimits } from '../limits/route-limits.js';
import type { EntryRef, LibraryService } from './library-service.js';
import {
  generateFromNoteBody,
  getTemplatesBody,
  helpMeWriteBody,
  listPublishedBody,
  previewSectionBody,
  previewTemplateBody,
  publishBody,
  publishedEntryBody,
  reportPublishedBody,
  templateIdBody,
  unpublishBody,
  upsertTemplateBody,
} from '@charta/contract';
import type { TemplateAssistant } from './template-assistant.js';
import type { TemplateService } from './template-service.js';
import { withSectionIds } from './template.js';

export interface TemplateRouteDeps {
  templates: TemplateService;
  library: LibraryService;
  assistant: TemplateAssistant;
  limits: RouteLimits;
  /** The web app's origin (config), the base of share links. */
  appUrl: string;
}

/** The web app's page for a share link. */
export const SHARE_PATH = '/templates/shared/';

/** The schema lets exactly one of the two through. */
function entryOf(body: { publishedTemplateId?: string | undefined; shareId?: string | undefined }): EntryRef {
  return body.shareId ? { shareId: body.shareId } : { publishedTemplateId: body.publishedTemplateId ?? '' };
}

/** Built on the configured app URL, never on the request's Host or X-Forwarded-Host, which a client chooses. */
function shareUrl(appUrl: string, shareId: string): string {
  return `${appUrl}${SHARE_PATH}${encodeURIComponent(shareId)}`;
}

/** /template/*: the caller's templates and the built-ins, the editor's AI helpers, sharing and the library. */
export function templateRoutes({ templates, library, assistant, limits, appUrl }: TemplateRouteDeps): Router {
  const router = Router();

  router.post('/get_templates', async (req, res) => {
    const { limit, cursor } = parseInput(getTemplatesBody, req.body);
    res.json(await templates.list(callerOf(req).uid, { limit, cursor }));
  });

  router.post('/get_template', async (req, res) => {
    const { templateId } = parseInput(templateIdBody, req.body);
    res.json({ template: await templates.get(callerOf(req).uid, templateId) });
  });

  router.post('/upsert_template', async (req, res) => {
    const { template } = parseInput(upsertTemplateBody, req.body);
    res.json({ template: await templates.upsert(callerOf(req).uid, template) });
  });

  router.post('/delete_template', async (req, res) => {
    const { templateId } = parseInput(templateIdBody, req.body);
    await templates.delete(callerOf(req).uid, templateId);
    res.json({ deleted: 1 });
  });

  router.post('/preview_section', limits.modelCall, async (req, res) => {
    const { section, transcript } = parseInput(previewSectionBody, req.body);
    const [written] = await assistant.previewSections(callerOf(req).uid, withSectionIds([section]), transcript);
    res.json({ content: written?.content ?? '' });
  });

  router.post('/preview_template', limits.modelCall, async (req, res) => {
    const body = parseInput(previewTemplateBody, req.body);
    const uid = callerOf(req).uid;
    const sections = body.templateId ? (await templates.requireDefinition(uid, body.templateId)).sections : withSectionIds(body.template?.sections ?? []);
    res.json({ sections: await assistant.previewSections(uid, sections, body.transcript) });
  });

  router.post('/generate_template_from_note', limits.modelCall, async (req, res) => {
    const { note, name } = parseInput(generateFromNoteBody, req.body);
    res.json({ template: await assistant.draftFromNote(note, name) });
  });

  router.post('/help_me_write_section', limits.modelCall, async (req, res) => {
    const { title, description } = parseInput(helpMeWriteBody, req.body);
    res.json({ instructions: await assistant.instructionsFor(callerOf(req).uid, title, description) });
  });

  router.post('/share_template', async (req, res) => {
    const { templateId } = parseInput(templateIdBody, req.body);
    const caller = callerOf(req);
    const { shareId } = await templates.share(caller.uid, caller.name ?? null, templateId);
    res.json({ shareId, url: shareUrl(appUrlOfRequest(appUrl, req), shareId) });
  });

  router.post('/published/list', async (req, res) => {
    res.json(await library.list(callerOf(req).uid, parseInput(listPublishedBody, req.body)));
  });

  router.post('/published/get', async (req, res) => {
    res.json({ template: await library.get(callerOf(req).uid, entryOf(parseInput(publishedEntryBody, req.body))) });
  });

  router.post('/published/publish', async (req, res) => {
    const input = parseInput(publishBody, req.body);
    const caller = callerOf(req);
    res.json({ template: await library.publish(caller.uid, caller.name ?? null, input) });
  });

  router.post('/published/unpublish', async (req, res) => {
    const { publishedTemplateId } = parseInput(unpublishBody, req.body);
    await library.unpublish(callerOf(req).uid, publishedTemplateId);
    res.json({ unpublished: true });
  });

  router.post('/published/report', limits.libraryReport, async (req, res) => {
    res.json({ report: await library.report(callerOf(req).uid, parseInput(reportPublishedBody, req.body)) });
  });

  router.post('/published/add_to_library', async (req, res) => {
    res.json({ template: await library.add(callerOf(req).uid, entryOf(parseInput(publishedEntryBody, req.body))) });
  });

  return router;
}
