// The Record tab's RecordingUploads: by default the page load's one, wired to the real API, IndexedDB and
// connectivity events. It reaches the recorder and the page through context, so a test hands in one over
// a fake IndexedDB and API and drives the real hooks with it.
import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { deleteSession } from '@/data/sessions';
import { loadedFirebaseAuth } from '@/lib/firebase-on-demand';
import { createSession } from '../api/sessions';
import { uploadAudioPart } from '../api/upload-audio';
import { openChunkStore } from '../lib/chunk-store';
import { createRecordingUploads, type RecordingUploads } from '../lib/recording-uploads';
import { forgetTemplates } from '../lib/forget-templates';

let pageLoadInstance: RecordingUploads | null = null;

/** One per page load: recordings outlive the Record page being shown, and must not be uploaded twice. */
function pageLoadRecordingUploads(): RecordingUploads {
  if (pageLoadInstance) return pageLoadInstance;
  const manager = createRecordingUploads({
    openStore: () => openChunkStore(),
    createSession: (input) => createSession(input),
    deleteSession,
    uploadPart: (part) => uploadAudioPart(part),
    isOnline: () => navigator.onLine,
    currentUid: () => loadedFirebaseAuth()?.currentUser?.uid ?? null,
    locks: typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : undefined,
  });
  window.addEventListener('online', () => manager.setOnline(true));
  window.addEventListener('offline', () => manager.setOnline(false));
  pageLoadInstance = manager;
  return manager;
}

const RecordingUploadsContext = createContext<RecordingUploads | null>(null);

/** Puts `manager` in place of the page load's RecordingUploads for everything below. */
export function RecordingUploadsProvider({ manager, children }: { manager: RecordingUploads; children: ReactNode }) {
  return <RecordingUploadsContext.Provider value={manager}>{children}</RecordingUploadsContext.Provider>;
}

/** The RecordingUploads in use: the provided one, else the page load's. */
export function useRecordingUploadsManager(): RecordingUploads {
  return useContext(RecordingUploadsContext) ?? pageLoadRecordingUploads();
}

/** What signing in and out needs of the recordings on this device (the app's sign-out composes it). */
export type RecordingsOnDevice = Pick<RecordingUploads, 'keptAtSignOut' | 'signOut' | 'forgetOthers'>;

export function useRecordingsOnDevice(): RecordingsOnDevice {
  const manager = useRecordingUploadsManager();
  return useMemo(
    () => ({
      keptAtSignOut: manager.keptAtSignOut,
      forgetOthers: manager.forgetOthers,
      // The Record tab's remembered template names (lib/templates-on-device.ts) go with the user too.
      signOut: (uid: string) => {
        forgetTemplates();
        return manager.signOut(uid);
      },
    }),
    [manager],
  );
}

/** Every recording this tab is capturing or uploading, as it changes. */
export function useRecordingUploads() {
  const manager = useRecordingUploadsManager();
  // The same snapshot in a render without a browser: the build renders the tab for its styles (app/prerender).
  const entries = useSyncExternalStore(manager.subscribe, manager.getSnapshot, manager.getSnapshot);
  return { manager, entries };
}
