// Session and profile languages: BCP-47 tags. The API accepts any well-formed tag; the web app offers a list.
import { z } from 'zod';

/** What the API assumes when neither the request nor the clinician's profile names a language. */
export const DEFAULT_LANGUAGE = 'en-US';

/** A BCP-47 language tag such as en-US, es-419 or zh-Hant-TW (the shape, not a registry lookup). */
export const languageTag = z
  .string()
  .max(35)
  .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'must be a BCP-47 language tag such as en-US');
