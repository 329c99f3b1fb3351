// The session page's own view types; the contract's Transcript and Documentation come from @charta/contract.
import type { Evidence } from '@charta/contract';

export interface ChatMessage {
  role: 'user' | 'assistant';
  content: string;
  /** Answers cite the transcript; questions have none. */
  evidence?: Evidence[];
}
