import { z } from 'zod';
import { languageTag, resourceId } from '../http/common-schemas.js';

const counter = z.number().int().min(1).optional();
const instruction = z.string().trim().min(1, 'is required').max(2000, 'must be at most 2000 characters');
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
  content: z.string().max(50_000, 'must be at most 50000 characters'),
  counter,
});

export const chatBody = z.strictObject({
  sessionId: resourceId,
  messages: z
    .array(z.strictObject({ role: z.enum(['user', 'assistant']), content: z.string().trim().min(1, 'is required').max(4000) }))
    .min(1, 'must hold at least one message')
    .max(40, 'may hold at most 40 messages')
    .refine((m) => m[m.length - 1]?.role === 'user', 'must end with a user message'),
});

export const counterQuery = z.strictObject({
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});

export const creationBody = z.strictObject({
  patientName: z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
  templateId: resourceId,
  text: z.string().trim().min(1, 'is required').max(200_000, 'must be at most 200000 characters'),
  language: languageTag.optional(),
});
