// POST /creation (docs/api.md "Creation"): documentation from typed or pasted text, no audio. The
// note is written within the request, so the answer carries the new session.
import { api } from '@/lib/api';
import type { Session } from '@charta/contract';

export interface PastedNotes {
  patientName: string;
  templateId: string;
  language: string;
  text: string;
}

export async function createFromText(input: PastedNotes): Promise<Session> {
  const { session } = await api.post<{ session: Session }>('/creation', input);
  return session;
}
