// The recording in progress belongs to the signed-in app, not to the Record page: the shell mounts this
// provider, so the clinician can look at an old note mid-visit while the microphone keeps recording and
// a bar on every page shows it. The Record page and the bar read and drive the one recorder through it.
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useBeforeUnload } from '@/lib/use-before-unload';
import { isRecorderActive, useRecorder } from './use-recorder';
import { useRecordingUploads } from './use-recording-uploads';
import { useWakeLock } from './use-wake-lock';

/** What the clinician has typed on the Record tab: kept while they look at other pages. */
export interface RecordingDraft {
  patientName: string;
  /** null until they choose: the profile's default applies. */
  templateId: string | null;
  language: string | null;
}

const EMPTY_DRAFT: RecordingDraft = { patientName: '', templateId: null, language: null };

export interface RecorderSession {
  recorder: ReturnType<typeof useRecorder>;
  /** recording, paused or finishing: the microphone is in use. */
  active: boolean;
  /** Audio recorded in this tab is still only on this device (a recording stopped but not yet all uploaded). */
  uploadsPending: boolean;
  draft: RecordingDraft;
  changeDraft: (change: Partial<RecordingDraft>) => void;
  /**
   * The recording stopped last in this tab, whose progress the Record tab shows in place (and opens
   * when ready); null once another starts.
   */
  followedRecordingId: string | null;
  /** Stops the recording and makes it the followed one; the next recording starts from a blank name. */
  stop: () => void;
}

const RecorderContext = createContext<RecorderSession | null>(null);

export function RecorderProvider({ children }: { children: ReactNode }) {
  const recorder = useRecorder();
  const { entries } = useRecordingUploads();
  const [draft, setDraft] = useState<RecordingDraft>(EMPTY_DRAFT);
  const [followedRecordingId, setFollowedRecordingId] = useState<string | null>(null);
  const active = isRecorderActive(recorder.status);
  const uploadsPending = entries.some((entry) => entry.phase === 'recording' || entry.phase === 'uploading');

  useWakeLock(active);
  // Leaving the app (closing the tab, reloading) while audio is only on this device asks first; moving
  // between its pages does not, since the recording and the uploads carry on.
  useBeforeUnload(active || uploadsPending);

  const { stop: stopRecorder, recordingId } = recorder;
  const stop = useCallback(() => {
    stopRecorder();
    setFollowedRecordingId(recordingId);
    // The next recording is for someone else until the clinician says otherwise: never carry a name over.
    setDraft((current) => ({ ...current, patientName: '' }));
  }, [stopRecorder, recordingId]);
  const changeDraft = useCallback((change: Partial<RecordingDraft>) => setDraft((current) => ({ ...current, ...change })), []);

  // A new recording is what the clinician follows now.
  const followed = recorder.status === 'idle' || recorder.recordingId === followedRecordingId ? followedRecordingId : null;

  const value = useMemo<RecorderSession>(
    () => ({ recorder, active, uploadsPending, draft, changeDraft, followedRecordingId: followed, stop }),
    [recorder, active, uploadsPending, draft, changeDraft, followed, stop],
  );
  return <RecorderContext.Provider value={value}>{children}</RecorderContext.Provider>;
}

export function useRecorderSession(): RecorderSession {
  const session = useContext(RecorderContext);
  if (!session) throw new Error('useRecorderSession must be used inside <RecorderProvider> (the shell mounts it)');
  return session;
}
