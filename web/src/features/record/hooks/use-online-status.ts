import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** navigator.onLine, kept current. (false is reliable; true only means "has a network".) */
export function useOnlineStatus(): boolean {
  // At build time (app/prerender/prerender-record-styles.tsx renders the tab for its styles) there is no navigator: online.
  return useSyncExternalStore(subscribe, () => navigator.onLine, () => true);
}
