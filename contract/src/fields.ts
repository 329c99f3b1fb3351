// Request fields that several resources share: ids, language tags, short texts, page sizes and cursors.
import { z } from 'zod';

/**
 * Firestore reserves ids matching `__.*__` and refuses them (after its client's retries: a 500 some seconds
 * later). The id pattern already keeps out `.`, `..`, `/` and anything over 1,500 bytes.
 */
const FIRESTORE_RESERVED_ID = /^__.*__$/;

/** A document id we generated or the caller names: plain characters, never a path, never a reserved name. */
export const resourceId = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be an id of letters, digits, "_" or "-"')
  .refine((id) => !FIRESTORE_RESERVED_ID.test(id), 'must not both start and end with "__" (reserved)');

/** Whether `id` is one `resourceId` takes: for ids that arrive inside something else (cursors, audio URIs). */
export function isResourceId(id: string): boolean {
  return resourceId.safeParse(id).success;
}

/** Free text a person types in a short field; trimmed so "  " does not count as a value. */
export const shortText = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);

/** Text that must be there (after trimming) and fit. */
export const requiredText = (max: number) => z.string().trim().min(1, 'is required').max(max, `must be at most ${max} characters`);

/**
 * Characters a reader sees: not spaces, control or format characters (zero-width, bidi marks, soft hyphen,
 * BOM), the Hangul fillers and the blank Braille cell that render as nothing, nor combining marks (counted
 * with their letter).
 */
export function visibleCharacterCount(text: string): number {
  return [...text.normalize('NFC').replace(/[\p{Z}\p{Cc}\p{Cf}\p{M}\s\u115F\u1160\u3164\uFFA0\u2800]/gu, '')].length;
}

/**
 * A name people read on one line (a patient's name, a session's title, a template's name): there and
 * within `max`, with at least one character one can see, and no control characters (NUL, escapes, line
 * breaks), which name nothing and break what shows or searches them.
 */
export const nameText = (max: number) =>
  requiredText(max)
    .refine((text) => !/\p{Cc}/u.test(text), 'must not contain control characters (such as NUL or a line break)')
    .refine((text) => visibleCharacterCount(text) > 0, 'must have characters one can see');

/**
 * A page size: a JSON number from 1 to `max`, `fallback` when absent. Not coerced: `true` or `"5"` is a
 * client's bug, and coercion would quietly answer something else than was asked.
 */
export const pageLimit = (max: number, fallback: number) =>
  z.number().int().min(1, `must be between 1 and ${max}`).max(max, `must be between 1 and ${max}`).default(fallback);

/**
 * A whole number sent as a multipart form field (always text): plain decimal digits only, so "", " 1",
 * "1e3", "0x10" or "01" are refused instead of read as some other number.
 */
export const formInteger = (max: number) =>
  z
    .string()
    .regex(/^(0|[1-9][0-9]*)$/, 'must be a whole number written in digits')
    .transform(Number)
    .pipe(z.number().max(max, `must be at most ${max}`));

/** The times a Firestore Timestamp holds (years 1 to 9999): one outside them makes a query or a write throw. */
export const STORABLE_TIME_RANGE_MS = { min: -62_135_596_800_000, max: 253_402_300_799_999 } as const;

/** An ISO-8601 date-time with its offset, within what Firestore can store or compare with. */
export const isoDateTime = z.iso
  .datetime({ offset: true })
  .refine((value) => {
    const ms = Date.parse(value);
    return ms >= STORABLE_TIME_RANGE_MS.min && ms <= STORABLE_TIME_RANGE_MS.max;
  }, 'must be between the years 1 and 9999');

/** The opaque `nextCursor` a list answered with. */
export const cursorField = z.string().max(512).optional();

/** Path parameters that name the caller's own profile or subscription. */
export const ownIdParams = z.strictObject({ id: z.string().min(1).max(128) });
