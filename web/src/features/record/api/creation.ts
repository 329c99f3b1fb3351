// POST /creation (API contract: Documentation): documentation from typed or pasted text, no audio. The
// note is written within the request, so the answer carries the new session.
import { api } from '@/lib/api';
import type { Session } from '@charta/contract';

export interface PastedNotes {
  patientName: string;
  templateId: string;
  language: string;
  text: string;
}

/** What the API accepts for the text (functions/src/documentation/schemas.ts). */
export const PASTED_TEXT_MAX = 200_000;

export async function createFromText(input: PastedNotes): Promise<Session> {
  const { session } = await api.post<{ session: Session }>('/creation', input);
  return session;
}
