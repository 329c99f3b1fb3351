import { createContext, useContext, type ComponentType } from 'react';

/**
 * A place on the session page for tools that only some builds have (the extension's "Fill this page"): the
 * app fills it in, so the session page never imports another feature and the web build carries none of it.
 */
export interface SessionTool {
  documentationId: string;
}

export const SessionToolsSlot = createContext<ComponentType<SessionTool> | null>(null);

export function useSessionTool(): ComponentType<SessionTool> | null {
  return useContext(SessionToolsSlot);
}
