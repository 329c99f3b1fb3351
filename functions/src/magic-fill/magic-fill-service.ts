import { MAGIC_FILL_LIMITS, type Documentation, type MagicFillResponse } from '@charta/contract';
import { AiServiceError } from '../ai/generative-model.js';
import { ApiError, unavailable } from '../http/errors.js';
import type { FieldFiller } from './field-filler.js';
import { fittedFields } from './fitted-values.js';
import { readPageFields } from './page-fields.js';

/** What magic fill reads of documentation: the caller's own, or 404 (the documentation feature's byId). */
export interface OwnedDocumentation {
  byId(uid: string, documentationId: string): Promise<Documentation>;
}

/** Maps a session's documentation onto the fields of an EHR page's HTML (POST /magic_fill/fill_html2). */
export class MagicFillService {
  constructor(
    private readonly documentation: OwnedDocumentation,
    private readonly filler: FieldFiller,
    private readonly now: () => Date,
  ) {}

  async fillHtml(uid: string, documentationId: string, html: string): Promise<MagicFillResponse> {
    // Counted in bytes, as the contract states it and as a request carries it; before any parsing.
    if (Buffer.byteLength(html, 'utf8') > MAGIC_FILL_LIMITS.htmlBytes) {
      throw new ApiError('payload_too_large', `The page's HTML is over the ${MAGIC_FILL_LIMITS.htmlBytes / 1_048_576} MB limit`, 'html');
    }
    const doc = await this.documentation.byId(uid, documentationId);
    const page = readPageFields(html);
    const sections = doc.sections.filter((s) => s.content.trim() !== '').map(({ title, content }) => ({ title, content }));
    // Nothing to fill or nothing to fill it with: no model call.
    if (page.fields.length === 0 || sections.length === 0) return { fields: [], ...(page.truncated ? { truncated: true } : {}) };
    let answers;
    try {
      answers = await this.filler.fill(page.fields, sections, this.now().toISOString().slice(0, 10));
    } catch (err) {
      if (err instanceof AiServiceError) {
        throw unavailable(err.code === 'malformed_response' ? 'The assistant gave an answer Charta could not use. Please try again.' : 'The assistant is unavailable right now. Please try again in a moment.');
      }
      throw err;
    }
    const { fields, leftOut } = fittedFields(page.fields, answers, sections.map((s) => s.content).join('\n'));
    return { fields, ...(leftOut.length > 0 ? { leftOut } : {}), ...(page.truncated ? { truncated: true } : {}) };
  }
}
