import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { parseSessionView, type SessionView } from '../lib/session-view';

/**
 * The phone's chosen view (Note, Transcript, Chat), kept in the address as ?view=, so a reload or Back to
 * this page shows the same one. Switching replaces the entry instead of adding one: Back leaves the page, as
 * it does on a desktop where all three are on screen, instead of stepping through the tabs.
 */
export function useSessionView(): [SessionView, (view: SessionView) => void] {
  const [params, setParams] = useSearchParams();
  const view = parseSessionView(params.get('view'));
  const setView = useCallback(
    (next: SessionView) => {
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          // The note is the page's own view: its address stays the plain one.
          if (next === 'note') updated.delete('view');
          else updated.set('view', next);
          return updated;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return [view, setView];
}
