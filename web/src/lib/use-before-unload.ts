import { useEffect } from 'react';

/**
 * While `active`, leaving the page (closing the tab, reloading, typing another address) asks first.
 * Browsers show their own wording; the event only has to be cancelled.
 */
export function useBeforeUnload(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium needs a returnValue to show the prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}
