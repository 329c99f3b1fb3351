// Sentence evidence and the fact check (our extension; docs/quality.md "Sentence evidence and the fact check"):
// every documentation answer carries, per section, its sentences linked to the transcript segments that
// support them, and the facts that hurt when wrong (numbers, drugs, sides, negations) that the transcript
// does not support. Both are computed by code on the server from the note as it is and the session's
// transcript, on every answer; only a clinician's "I confirm this" is stored.
import { z } from 'zod';
import { resourceId } from './fields.js';

/** What a flagged fact is: a number with its unit, a drug name, a side of the body, or a negated finding. */
export const FACT_KINDS = ['number', 'drug', 'laterality', 'negation'] as const;
export type FactKind = (typeof FACT_KINDS)[number];

/** A flag is unresolved until the clinician edits the sentence (the check runs again) or confirms the fact. */
export const FACT_FLAG_STATUSES = ['unresolved', 'confirmed'] as const;
export type FactFlagStatus = (typeof FACT_FLAG_STATUSES)[number];

/**
 * One sentence of a section's `content` (a prose sentence, or one in a "- " bullet line). `start` and `end`
 * are offsets in `content` (JavaScript string indices, end exclusive): `content.slice(start, end) === text`.
 */
export interface EvidenceSentence {
  text: string;
  start: number;
  end: number;
  /** The transcript segments that support it, in transcript order; empty when none was found. */
  segmentIds: string[];
}

/** A fact in a sentence that the transcript does not support. */
export interface FactFlag {
  /** Stable for the same fact in the same sentence (so a confirmation survives edits elsewhere in the note). */
  id: string;
  /** Which of the section's `sentences` it is in. */
  sentenceIndex: number;
  /** The words flagged, as the note has them: `content.slice(start, end) === text`. */
  text: string;
  start: number;
  end: number;
  kind: FactKind;
  status: FactFlagStatus;
}

/** What the app shows beside a flagged fact. */
export const FACT_FLAG_LABEL = 'Not found in the transcript';

/**
 * Each kind as the app names it beside a flag, in the words a clinician checks it by: a flagged number is
 * most often a dose, and "Number" alone read as a formatting complaint.
 */
export const FACT_KIND_LABELS: Readonly<Record<FactKind, string>> = {
  number: 'Dose or number',
  drug: 'Drug',
  laterality: 'Side',
  negation: 'Negation',
};

/** A flag id as the server makes it: a kind letter and a hash (see functions/src/evidence/flag-ids.ts). */
export const factFlagId = z.string().regex(/^[a-z]-[0-9a-f]{16}$/, 'must be a flag id from the documentation');

/**
 * POST /session/documentation/confirm_fact: "I confirm this" on one flag. `counter` is required like on every
 * write to documentation; the confirmation is kept with the documentation and dropped when its sentence changes.
 */
export const confirmFactBody = z.strictObject({
  documentationId: resourceId,
  sectionId: z.string().min(1).max(128),
  flagId: factFlagId,
  counter: z.number().int().min(1),
});
export type ConfirmFactRequest = z.infer<typeof confirmFactBody>;
