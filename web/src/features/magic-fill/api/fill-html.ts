// POST /magic_fill/fill_html2 (docs/api.md "Magic fill"): one frame's HTML in, the fields the note fills out.
import type { MagicFillResponse } from '@charta/contract';
import { api } from '@/lib/api';

export function proposeFields(documentationId: string, html: string): Promise<MagicFillResponse> {
  return api.post<MagicFillResponse>('/magic_fill/fill_html2', { documentationId, html });
}
