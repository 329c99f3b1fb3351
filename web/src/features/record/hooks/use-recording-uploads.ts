// The page load's one RecordingUploads, wired to the real API, IndexedDB and connectivity events.
import { useSyncExternalStore } from 'react';
import { deleteSession } from '@/data/sessions';
import { createSession } from '../api/sessions';
import { uploadAudioPart } from '../api/upload-audio';
import { openChunkStore } from '../lib/chunk-store';
import { createRecordingUploads, type RecordingUploads } from '../lib/recording-uploads';

let instance: RecordingUploads | null = null;

export function getRecordingUploads(): RecordingUploads {
  if (instance) return instance;
  const manager = createRecordingUploads({
    openStore: () => openChunkStore(),
    createSession: (input) => createSession(input),
    deleteSession,
    uploadPart: (part) => uploadAudioPart(part),
    isOnline: () => navigator.onLine,
    locks: typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : undefined,
  });
  window.addEventListener('online', () => manager.setOnline(true));
  window.addEventListener('offline', () => manager.setOnline(false));
  instance = manager;
  return manager;
}

/** Every recording this tab is capturing or uploading, as it changes. */
export function useRecordingUploads() {
  const manager = getRecordingUploads();
  const entries = useSyncExternalStore(manager.subscribe, manager.getSnapshot);
  return { manager, entries };
}
