import { createContext, useContext, type ComponentType } from 'react';
import type { UnresolvedFact } from '@/lib/fact-flags';

/**
 * A place on the session page for tools that only some builds have (the extension's "Fill this page"): the
 * app fills it in, so the session page never imports another feature and the web build carries none of it.
 */
export interface SessionTool {
  documentationId: string;
  /** The note's facts the transcript does not support: a tool that takes the note out of the app asks first. */
  unresolvedFacts: readonly UnresolvedFact[];
  /** Shows the first of them in the note (the question's Review). */
  onReviewFacts: () => void;
}

export const SessionToolsSlot = createContext<ComponentType<SessionTool> | null>(null);

export function useSessionTool(): ComponentType<SessionTool> | null {
  return useContext(SessionToolsSlot);
}
