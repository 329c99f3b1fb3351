import { z } from 'zod';
import { languageTag, resourceId, shortText } from '../http/common-schemas.js';

export const updateProfileBody = z.strictObject({
  displayName: shortText(100).optional(),
  specialty: shortText(100).optional(),
  organization: shortText(200).optional(),
  // Which template the Record tab preselects; null clears it. Must be a template the caller can use.
  defaultTemplateId: resourceId.nullable().optional(),
  defaultLanguage: languageTag.optional(),
});

export const profileIdParams = z.strictObject({ id: z.string().min(1).max(128) });
