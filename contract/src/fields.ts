// Request fields that several resources share: ids, language tags, short texts, page sizes and cursors.
import { z } from 'zod';

/** A document id we generated or the caller names: plain characters, never a path. */
export const resourceId = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be an id of letters, digits, "_" or "-"');

/** Free text a person types in a short field; trimmed so "  " does not count as a value. */
export const shortText = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);

/** Text that must be there (after trimming) and fit. */
export const requiredText = (max: number) => z.string().trim().min(1, 'is required').max(max, `must be at most ${max} characters`);

/** A page size: 1 to `max`, `fallback` when absent; form fields arrive as strings, so it is coerced. */
export const pageLimit = (max: number, fallback: number) =>
  z.coerce.number().int().min(1, `must be between 1 and ${max}`).max(max, `must be between 1 and ${max}`).default(fallback);

/** The opaque `nextCursor` a list answered with. */
export const cursorField = z.string().max(512).optional();

/** Path parameters that name the caller's own profile or subscription. */
export const ownIdParams = z.strictObject({ id: z.string().min(1).max(128) });
