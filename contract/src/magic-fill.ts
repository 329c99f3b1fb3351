// Magic fill (docs/api.md "Magic fill"): a session's documentation mapped onto the
// fillable fields of an EHR page, which the browser extension sends as HTML and fills from the answer.
import { z } from 'zod';
import { resourceId } from './fields.js';

// --- Limits -----------------------------------------------------------------------------------------------

export const MAGIC_FILL_LIMITS = {
  /**
   * The page's HTML, in UTF-8 bytes (1 MiB). Over it: 413 `payload_too_large` naming `html`. A JSON body
   * carrying it stays under the API's 1.5 MB body limit unless the page is mostly quotes and backslashes,
   * which then answers the same 413 (without `field`).
   */
  htmlBytes: 1_048_576,
  /**
   * Fillable fields considered per request, in document order; the rest are left out and the answer says
   * `truncated: true`. An EHR visit note has tens of fields; this bounds the prompt and the work of a page
   * built to be heavy (10,000 fields).
   */
  fields: 500,
} as const;

// --- Requests ---------------------------------------------------------------------------------------------

/**
 * The page's HTML as the extension read it, one frame at a time: selectors in the answer are local to the
 * frame whose HTML was sent (the extension calls once per frame, same-origin iframes included). The size
 * limit is checked by the API before this schema (it answers 413, not 400): `html` is a string here.
 */
export const magicFillBody = z.strictObject({
  documentationId: resourceId,
  html: z.string(),
});

export type MagicFillBody = z.infer<typeof magicFillBody>;

// --- Answer -----------------------------------------------------------------------------------------------

/** One field to fill: a value the note supports, fitted to the field. */
export interface MagicFillField {
  /**
   * A CSS selector that finds the field again with `document.querySelector` in the frame the HTML came
   * from: `#id` when the field has a unique id, else `[name="…"]` (scoped by its form when the name repeats
   * across forms), else a structural path from `body` (`:nth-of-type`).
   */
  selector: string;
  /**
   * A field inside open shadow roots (which the extension sends as `<template shadowrootmode="open">`): the
   * selectors of its shadow hosts, outermost first, each found in the shadow root of the one before it (the
   * first in the frame's document); `selector` is then found in the last host's shadow root.
   */
  shadowHosts?: string[];
  /** The field's label as read from the page (label, aria-label(ledby), nearby text or placeholder). */
  label: string;
  /**
   * The value to set: for a select, the `value` of one of its options; for a radio group (its selector
   * matches every radio of the group) the `value` of the one to check; for a date input `YYYY-MM-DD`; for a
   * checkbox `"true"` or `"false"`; otherwise text that fits the field (one short line for an input). A
   * number is within the field's `min`/`max` and on its `step`.
   */
  value: string;
  /** What Charta did to the note's value to make it fit, for the clinician to check (a rounding, a conversion). */
  note?: string;
}

/** A field the model proposed a value for that Charta could not use, and why (for the clinician to read). */
export interface MagicFillLeftOut {
  label: string;
  reason: string;
}

/** 200: the fields the documentation says something about; fields it is silent on are left out. */
export interface MagicFillResponse {
  fields: MagicFillField[];
  /** Proposals refused because they do not fit their field (out of range, not one of its choices, ...). */
  leftOut?: MagicFillLeftOut[];
  /** True when the page had more than `MAGIC_FILL_LIMITS.fields` fillable fields: only the first were considered. */
  truncated?: boolean;
}
