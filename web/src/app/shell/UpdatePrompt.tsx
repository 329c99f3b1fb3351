// "A new version is ready": the service worker has installed a new version of the app (web/src/lib/service-worker.ts).
// It takes over when the clinician chooses, or when they next move to another page; never while a recording is
// under way, its audio still only on this device, or a patient's name typed for the next one, since the page
// reloads to run the new code.
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { useRecorderSession } from '@/features/record/shell';
import { applyUpdate, isUpdateReady, setUpdateBlocked, subscribeToUpdate } from '@/lib/service-worker';

/** The shell's styles are rendered at build time too (app/prerender/prerender-record-styles.tsx): no update there. */
const noUpdateAtBuildTime = () => false;

export function UpdatePrompt() {
  const ready = useSyncExternalStore(subscribeToUpdate, isUpdateReady, noUpdateAtBuildTime);
  const { active, uploadsPending, draft } = useRecorderSession();
  const recording = active || uploadsPending;
  // The Record tab's patient name lives in memory (RecorderProvider) across pages: a reload would lose it.
  const typed = draft.patientName.trim() !== '';
  const busy = recording || typed;
  const { pathname } = useLocation();
  const shownAt = useRef(pathname);

  useEffect(() => {
    setUpdateBlocked(busy);
    return () => setUpdateBlocked(false);
  }, [busy]);

  // The next move to another page loads it: that page starts fresh, with nothing typed yet to lose.
  useEffect(() => {
    if (pathname === shownAt.current) return;
    shownAt.current = pathname;
    if (ready && !busy) void applyUpdate();
  }, [pathname, ready, busy]);

  if (!ready) return null;
  return (
    <Alert
      severity="info"
      role="status"
      action={
        busy ? undefined : (
          <Button color="inherit" size="small" onClick={() => void applyUpdate()}>
            Update now
          </Button>
        )
      }
    >
      <AlertTitle>A new version is ready</AlertTitle>
      {recording
        ? 'It will be installed once this recording has finished and uploaded. Nothing is interrupted.'
        : typed
          ? 'It will be installed once this patient’s recording is done (or the name is cleared), so nothing you typed is lost.'
          : 'It will be installed when you next open another page, or now if you choose.'}
    </Alert>
  );
}
