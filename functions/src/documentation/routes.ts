import { Router } from 'express';
import { invalidArgument } from '../http/errors.js';
import { callerOf } from '../http/request-context.js';
import { requireVerifiedEmail } from '../http/sign-in-requirements.js';
import { parseInput } from '../http/validate.js';
import type { RouteLimits } from '../limits/route-limits.js';
import { toContract as transcriptToContract } from '../transcripts/transcript.js';
import type { CreationService } from './creation-service.js';
import { customizeRewrite, magicEditRewrite, regenerateRewrite, type DocumentationService } from './documentation-service.js';
import {
  acceptProposalBody,
  confirmFactBody,
  counterQuery,
  creationBody,
  customizeSectionBody,
  documentationIdBody,
  magicEditDocumentationBody,
  magicEditSectionBody,
  markDoneBody,
  regenerateBody,
  regenerateSectionBody,
  restoreSectionVersionBody,
  sectionBody,
  sectionVersionsBody,
  sessionIdBody,
  updateSectionValueBody,
} from '@charta/contract';

/** /documentation/*: reading documentation and counting it. */
export function documentationRoutes(docs: DocumentationService): Router {
  const router = Router();
  router.post('/by_session', async (req, res) => {
    const { sessionId } = parseInput(sessionIdBody, req.body);
    res.json({ documentation: await docs.bySession(callerOf(req).uid, sessionId) });
  });
  router.post('/by_id', async (req, res) => {
    const { documentationId } = parseInput(documentationIdBody, req.body);
    res.json({ documentation: await docs.byId(callerOf(req).uid, documentationId) });
  });
  router.get('/counter', async (req, res) => {
    const query = parseInput(counterQuery, req.query);
    const now = new Date();
    const from = query.from ? new Date(query.from) : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const to = query.to ? new Date(query.to) : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    if (to <= from) throw invalidArgument('to must be after from', 'to');
    res.json({ count: await docs.countGenerated(callerOf(req).uid, from, to), from: from.toISOString(), to: to.toISOString() });
  });
  return router;
}

/** /session/*: the transcript, and every way of changing a session's documentation. */
export function sessionDocumentationRoutes(docs: DocumentationService, limits: RouteLimits): Router {
  const router = Router();
  router.post('/transcription', async (req, res) => {
    const { sessionId } = parseInput(sessionIdBody, req.body);
    res.json({ transcript: transcriptToContract(await docs.transcriptOf(callerOf(req).uid, sessionId)) });
  });
  router.post('/regenerate_documentation', requireVerifiedEmail, limits.modelCall, async (req, res) => {
    const { sessionId, templateId, confirmReplaceEdited, counter, propose } = parseInput(regenerateBody, req.body);
    const uid = callerOf(req).uid;
    res.json(propose ? { proposal: await docs.proposeRegenerate(uid, sessionId, { templateId, counter }) } : { documentation: await docs.regenerate(uid, sessionId, { templateId, confirmReplaceEdited, counter }) });
  });
  // Each AI rewrite below answers a proposal instead with `propose: true`: the model is called (and counted
  // under the same limits), nothing is saved, and /documentation/accept_proposal saves it.
  router.post('/regenerate_documentation_section', requireVerifiedEmail, limits.modelCall, async (req, res) => {
    const { documentationId, sectionId, counter, confirmReplaceEdited, propose } = parseInput(regenerateSectionBody, req.body);
    const uid = callerOf(req).uid;
    res.json(propose ? { proposal: await docs.proposeSectionRewrite(uid, documentationId, sectionId, counter, regenerateRewrite()) } : await docs.regenerateSection(uid, documentationId, sectionId, counter, confirmReplaceEdited));
  });
  router.post('/customize_section', limits.modelCall, async (req, res) => {
    const { documentationId, sectionId, instructions, counter, confirmReplaceEdited, propose } = parseInput(customizeSectionBody, req.body);
    const uid = callerOf(req).uid;
    res.json(
      propose
        ? { proposal: await docs.proposeSectionRewrite(uid, documentationId, sectionId, counter, customizeRewrite(instructions)) }
        : await docs.customizeSection(uid, documentationId, sectionId, instructions, counter, confirmReplaceEdited),
    );
  });
  router.post('/magic_edit_documentation', limits.modelCall, async (req, res) => {
    const { documentationId, instruction, counter, propose } = parseInput(magicEditDocumentationBody, req.body);
    const uid = callerOf(req).uid;
    res.json(propose ? { proposal: await docs.proposeNoteEdit(uid, documentationId, instruction, counter) } : { documentation: await docs.magicEditDocumentation(uid, documentationId, instruction, counter) });
  });
  router.post('/magic_edit_section', limits.modelCall, async (req, res) => {
    const { documentationId, sectionId, instruction, counter, propose } = parseInput(magicEditSectionBody, req.body);
    const uid = callerOf(req).uid;
    res.json(propose ? { proposal: await docs.proposeSectionRewrite(uid, documentationId, sectionId, counter, magicEditRewrite(instruction)) } : await docs.magicEditSection(uid, documentationId, sectionId, instruction, counter));
  });
  // Our extension: saving a proposal the clinician accepted (no model call: it sends the text it read).
  router.post('/documentation/accept_proposal', async (req, res) => {
    const input = parseInput(acceptProposalBody, req.body);
    res.json({ documentation: await docs.acceptProposal(callerOf(req).uid, input) });
  });
  router.post('/documentation/section', async (req, res) => {
    const { documentationId, sectionId } = parseInput(sectionBody, req.body);
    res.json({ section: await docs.section(callerOf(req).uid, documentationId, sectionId) });
  });
  router.post('/documentation/section/update_value', async (req, res) => {
    const { documentationId, sectionId, content, counter, editorId } = parseInput(updateSectionValueBody, req.body);
    res.json(await docs.updateSectionValue(callerOf(req).uid, documentationId, sectionId, content, counter, editorId));
  });
  // Our extension: a section's kept versions, restoring one, and marking the note done.
  router.post('/documentation/section/versions', async (req, res) => {
    const { documentationId, sectionId } = parseInput(sectionVersionsBody, req.body);
    res.json({ versions: await docs.sectionVersions(callerOf(req).uid, documentationId, sectionId) });
  });
  router.post('/documentation/section/restore', async (req, res) => {
    const { documentationId, sectionId, versionId, counter } = parseInput(restoreSectionVersionBody, req.body);
    res.json(await docs.restoreSectionVersion(callerOf(req).uid, documentationId, sectionId, versionId, counter));
  });
  // Our extension: "I confirm this" on a fact the check could not find in the transcript.
  router.post('/documentation/confirm_fact', async (req, res) => {
    const { documentationId, sectionId, flagId, counter } = parseInput(confirmFactBody, req.body);
    res.json(await docs.confirmFact(callerOf(req).uid, documentationId, sectionId, flagId, counter));
  });
  router.post('/mark_done', async (req, res) => {
    const { sessionId, done } = parseInput(markDoneBody, req.body);
    res.json({ session: await docs.markDone(callerOf(req).uid, sessionId, done) });
  });
  return router;
}

/** /creation: documentation from typed or pasted text. */
export function creationRoutes(creation: CreationService, limits: RouteLimits): Router {
  const router = Router();
  router.post('/', requireVerifiedEmail, limits.sessionCreation, limits.modelCall, async (req, res) => {
    const input = parseInput(creationBody, req.body);
    res.status(201).json(await creation.create(callerOf(req).uid, input));
  });
  return router;
}
