// Documentation (docs/api.md "Documentation", "Creation"): the resource, the limits of what a clinician
// may send, and the request bodies of the documentation routes.
import { z } from 'zod';
import { isoDateTime, requiredText, resourceId } from './fields.js';
import { languageTag } from './languages.js';
import { engineQuality, isSimulatedEngine, type EngineQuality } from './transcripts.js';
import { patientNameField } from './session-requests.js';
import type { EvidenceSentence, FactFlag } from './evidence.js';

// --- Resource ---------------------------------------------------------------------------------------------

export interface Evidence {
  segmentId: string;
  quote: string;
}

/**
 * Who wrote a section's current text (our extension): the clinician, or the AI action that wrote it. AI
 * actions that would throw away text the clinician wrote ask first (409 `replaces_edited_text`).
 */
export const SECTION_SOURCES = [
  'generated', // the note's first writing (pipeline, /creation)
  'clinician', // typed by the clinician (update_value)
  'regenerate_note', // the whole note written again
  'magic_edit_note', // a magic edit of the whole note
  'regenerate_section',
  'customize_section',
  'magic_edit_section',
] as const;
export type SectionSource = (typeof SECTION_SOURCES)[number];

/** Who wrote a kept version, as a section's history says it. */
export const SECTION_SOURCE_LABELS: Readonly<Record<SectionSource, string>> = {
  generated: 'Written by AI',
  clinician: 'Your text',
  regenerate_note: 'Note regenerated',
  magic_edit_note: 'Magic edit of the note',
  regenerate_section: 'Regenerated',
  customize_section: 'Customized',
  magic_edit_section: 'Magic edit',
};

export interface DocumentationSection {
  id: string;
  title: string;
  content: string;
  /** The transcript segments that support the section; empty means "check this: nothing supports it". */
  evidence: Evidence[];
  updatedAt: string;
  /** Who wrote `content` (the API always sends it; notes written before it was kept read as `generated`). */
  source?: SectionSource;
  /**
   * Our extension (docs/quality.md "Sentence evidence and the fact check"), computed on every answer from `content` and
   * the session's transcript: each sentence with the segments that support it, and each fact the transcript
   * does not support (a number, drug, side or negation), unresolved until the clinician edits the sentence or
   * confirms it (POST /session/documentation/confirm_fact).
   */
  sentences: EvidenceSentence[];
  flags: FactFlag[];
}

/** What replaced a section's text: one of the sources, or a restore of an older version. */
export type SectionChange = SectionSource | 'restore';

/**
 * A section's earlier text, kept on the server each time a write replaces it (our extension): up to
 * SECTION_VERSION_LIMITS.perSection per section, newest first; deleted with the session and the account.
 */
export interface SectionVersion {
  id: string;
  sectionId: string;
  content: string;
  evidence: Evidence[];
  /** Who wrote this text, and when. */
  source: SectionSource;
  writtenAt: string;
  /** What replaced it, when, and the documentation's counter after that change. */
  replacedBy: SectionChange;
  replacedAt: string;
  counter: number;
}

export const SECTION_VERSION_LIMITS = {
  /** Versions kept per section; the oldest beyond it are deleted after each write. */
  perSection: 50,
  /**
   * The clinician's saves over their own text written less than this long ago, from the same editor (tab),
   * keep no version: autosave saves every pause in typing, and one sitting of typing is one version (the
   * text before it is kept). A save over text another editor wrote keeps it, however recent.
   */
  clinicianCoalesceMs: 5 * 60_000,
} as const;

/**
 * The 409 error field of an AI action refused because it would replace text the clinician wrote: the app
 * asks, then sends the request again with `confirmReplaceEdited: true`.
 */
export const REPLACES_EDITED_TEXT_FIELD = 'confirmReplaceEdited';

/**
 * One piece of a proposal's word-level diff against the section's current text (our extension): text both
 * have, text the proposal adds, or text it removes. `typed` marks removed text the clinician typed (known
 * from the section's kept versions: who wrote each part), which the app calls out before they accept.
 */
export interface TextChange {
  kind: 'same' | 'added' | 'removed';
  text: string;
  typed?: boolean;
}

/** What an AI action would make of one section, unsaved (docs/api.md "Documentation"). */
export interface SectionProposal {
  sectionId: string;
  title: string;
  /** The section's text now, and as the action would write it. */
  current: string;
  proposed: string;
  /** The transcript segments that support the proposed text. */
  evidence: Evidence[];
  /** `current` to `proposed`, word by word. */
  changes: TextChange[];
  /** The passages of the clinician's typing that the proposal removes, in order (from `changes`). */
  removesTyped: string[];
}

/**
 * An AI action's result, not saved: the sections it would change (unchanged ones are left out), from the
 * note at `counter`. Accepting sends them back with that counter (acceptProposalBody).
 */
export interface DocumentationProposal {
  documentationId: string;
  counter: number;
  change: ProposalChange;
  /** customize_section: the instructions the section was written with. */
  instructions?: string;
  sections: SectionProposal[];
}

/** Documentation written for a session, section by section. */
export interface Documentation {
  id: string;
  sessionId: string;
  templateId: string;
  /** Starts at 1 and goes up by one on every change; every write sends it, so a stale copy gets 409 instead of overwriting. */
  counter: number;
  /** Which model and prompt wrote it ("gemini-2.5-flash · note-v1"). */
  engine: string;
  createdAt: string;
  updatedAt: string;
  sections: DocumentationSection[];
}

// --- Limits -----------------------------------------------------------------------------------------------

export const DOCUMENTATION_LIMITS = {
  /** A magic edit's or a section customisation's instruction. */
  instruction: 2000,
  /** A section's text as the clinician edits it. */
  sectionContent: 50_000,
  /** Notes pasted into /creation. */
  pastedText: 200_000,
} as const;

// --- Requests ---------------------------------------------------------------------------------------------

const L = DOCUMENTATION_LIMITS;
/**
 * The note's counter as the writer last saw it: required on every write to documentation, so a stale copy
 * gets 409 instead of silently replacing what another tab or device saved.
 */
const counter = z.number().int().min(1);
/**
 * Which editor (a browser tab) a clinician's save comes from. Saves from one editor over its own text of the
 * last few minutes keep no version (autosave saves every pause); a save over another editor's text always
 * keeps it. A save without one always keeps the text it replaces.
 */
export const editorIdField = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be 8 to 64 letters, digits, "-" or "_"');
const instruction = requiredText(L.instruction);
const sectionId = z.string().min(1).max(128);

export const documentationIdBody = z.strictObject({ documentationId: resourceId });
export const sectionBody = z.strictObject({ documentationId: resourceId, sectionId });
const confirmReplaceEdited = z.boolean().optional();
/**
 * `propose: true` (our extension, docs/api.md "Documentation"): the AI action's text comes back as a
 * DocumentationProposal and nothing is saved (the model call counts under the same limits); the clinician
 * reads the diff and accepts it with POST /session/documentation/accept_proposal. A proposal never asks
 * `confirmReplaceEdited` first: its diff says which of the clinician's text it removes.
 */
const propose = z.boolean().optional();
/** `counter` is required once the session has documentation (the API answers 400 naming it otherwise). */
export const regenerateBody = z.strictObject({ sessionId: resourceId, templateId: resourceId.optional(), confirmReplaceEdited, counter: counter.optional() });
export const regenerateSectionBody = z.strictObject({ documentationId: resourceId, sectionId, counter, confirmReplaceEdited, propose });
export const customizeSectionBody = z.strictObject({ documentationId: resourceId, sectionId, instructions: instruction, counter, confirmReplaceEdited, propose });
export const magicEditSectionBody = z.strictObject({ documentationId: resourceId, sectionId, instruction, counter, propose });
export const magicEditDocumentationBody = z.strictObject({ documentationId: resourceId, instruction, counter, propose });

/** The AI actions whose text can be proposed first and accepted later. */
export const PROPOSAL_CHANGES = ['regenerate_section', 'customize_section', 'magic_edit_section', 'magic_edit_note'] as const;
export type ProposalChange = (typeof PROPOSAL_CHANGES)[number];

const evidenceItem = z.strictObject({ segmentId: sectionId, quote: z.string().max(L.sectionContent) });
/**
 * Accepting a proposal: the sections as proposed (the text the clinician read in the diff), with the counter
 * the proposal was made from; a note changed since answers 409 `conflict` and nothing is saved. The text each
 * section had is kept as a version, as for every write. `instructions` only with `customize_section`: the
 * section's instructions for this note, as customized.
 */
export const acceptProposalBody = z.strictObject({
  documentationId: resourceId,
  counter,
  change: z.enum(PROPOSAL_CHANGES),
  instructions: instruction.optional(),
  sections: z
    .array(
      z.strictObject({
        sectionId,
        content: z.string().max(L.sectionContent, `must be at most ${L.sectionContent} characters`),
        evidence: z.array(evidenceItem).max(500),
      }),
    )
    .min(1, 'must hold at least one section')
    .max(100),
});
export const updateSectionValueBody = z.strictObject({
  documentationId: resourceId,
  sectionId,
  content: z.string().max(L.sectionContent, `must be at most ${L.sectionContent} characters`),
  counter,
  editorId: editorIdField.optional(),
});

export const sectionVersionsBody = sectionBody;
export const restoreSectionVersionBody = z.strictObject({ documentationId: resourceId, sectionId, versionId: resourceId, counter });
export const markDoneBody = z.strictObject({ sessionId: resourceId, done: z.boolean() });

export const counterQuery = z.strictObject({
  from: isoDateTime.optional(),
  to: isoDateTime.optional(),
});

export const creationBody = z.strictObject({
  patientName: patientNameField,
  templateId: resourceId,
  text: requiredText(L.pastedText),
  language: languageTag.optional(),
});

// --- Simulated notes --------------------------------------------------------------------------------------

/**
 * A note is simulated when the AI emulator wrote it, or when it was written from a simulated transcript
 * (then even a real model wrote about another consultation). Both are for trying the app, never a record.
 */
export function isSimulatedDocumentation(documentationEngine: string | null | undefined, transcriptEngine: string | null | undefined): boolean {
  return isSimulatedEngine(documentationEngine) || isSimulatedEngine(transcriptEngine);
}

export const SIMULATED_NOTE_LABEL = 'Demo note: not written from this recording by an AI model';

/** A session's output as its list row shows it, from the engines it keeps (Session.transcriptEngine, documentationEngine). */
export function sessionOutputQuality(session: { transcriptEngine?: string | undefined; documentationEngine?: string | undefined }): EngineQuality {
  if (isSimulatedDocumentation(session.documentationEngine, session.transcriptEngine)) return 'simulated';
  return engineQuality(session.transcriptEngine);
}

export const SESSION_OUTPUT_QUALITY_LABELS: Readonly<Record<EngineQuality, string | null>> = {
  simulated: 'Demo: not from this recording',
  demo: 'Demo-quality transcript',
  real: null,
};
