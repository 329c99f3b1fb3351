// Documentation (API contract: Documentation, Creation, Chat): the resource, the limits of what a clinician
// may send, and the request bodies of the documentation routes.
import { z } from 'zod';
import { isoDateTime, requiredText, resourceId } from './fields.js';
import { languageTag } from './languages.js';
import { patientNameField } from './sessions.js';

// --- Resource ---------------------------------------------------------------------------------------------

export interface Evidence {
  segmentId: string;
  quote: string;
}

export interface DocumentationSection {
  id: string;
  title: string;
  content: string;
  /** The transcript segments that support the section; empty means "check this: nothing supports it". */
  evidence: Evidence[];
  updatedAt: string;
}

/** Documentation written for a session, section by section. */
export interface Documentation {
  id: string;
  sessionId: string;
  templateId: string;
  /** Starts at 1 and goes up by one on every change; writes may send it so a stale copy gets 409 instead of overwriting. */
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
  /** One chat message. */
  chatMessage: 4000,
  /** Messages one chat request may carry (the history the model sees). */
  chatMessages: 40,
  /** Notes pasted into /creation. */
  pastedText: 200_000,
} as const;

// --- Requests ---------------------------------------------------------------------------------------------

const L = DOCUMENTATION_LIMITS;
const counter = z.number().int().min(1).optional();
const instruction = requiredText(L.instruction);
const sectionId = z.string().min(1).max(128);

export const documentationIdBody = z.strictObject({ documentationId: resourceId });
export const sectionBody = z.strictObject({ documentationId: resourceId, sectionId });
export const regenerateBody = z.strictObject({ sessionId: resourceId, templateId: resourceId.optional() });
export const regenerateSectionBody = z.strictObject({ documentationId: resourceId, sectionId, counter });
export const customizeSectionBody = z.strictObject({ documentationId: resourceId, sectionId, instructions: instruction, counter });
export const magicEditSectionBody = z.strictObject({ documentationId: resourceId, sectionId, instruction, counter });
export const magicEditDocumentationBody = z.strictObject({ documentationId: resourceId, instruction, counter });
export const updateSectionValueBody = z.strictObject({
  documentationId: resourceId,
  sectionId,
  content: z.string().max(L.sectionContent, `must be at most ${L.sectionContent} characters`),
  counter,
});

export const chatBody = z.strictObject({
  sessionId: resourceId,
  messages: z
    .array(z.strictObject({ role: z.enum(['user', 'assistant']), content: z.string().trim().min(1, 'is required').max(L.chatMessage) }))
    .min(1, 'must hold at least one message')
    .max(L.chatMessages, `may hold at most ${L.chatMessages} messages`)
    .refine((m) => m[m.length - 1]?.role === 'user', 'must end with a user message'),
});

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
