import { z } from 'zod';

/** A BCP-47 language tag such as en-US, es-419 or zh-Hant-TW (the shape, not a registry lookup). */
export const languageTag = z
  .string()
  .max(35)
  .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'must be a BCP-47 language tag such as en-US');

/** A document id we generated or the caller names: plain characters, never a path. */
export const resourceId = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be an id of letters, digits, "_" or "-"');

/** Free text a person types in a short field; trimmed so "  " does not count as a value. */
export const shortText = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);
