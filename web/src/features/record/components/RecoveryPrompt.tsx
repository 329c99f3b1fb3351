import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useCallback, useEffect, useState } from 'react';
import { ConfirmDialog } from '@/components/feedback/ConfirmDialog';
import { useNotify } from '@/components/feedback/notifications';
import { formatBytes, formatDateTime, formatDuration } from '@/lib/format';
import { NO_CAPTURE_CLASS } from '@/lib/analytics';
import type { RecordingUploads, UnfinishedRecording } from '../lib/recording-uploads';

interface RecoveryPromptProps {
  uid: string;
  manager: RecordingUploads;
}

/**
 * After a crash, a reload or a closed tab: the recordings this device still holds that never finished
 * uploading, each with "Recover recording" (upload what was captured and close it) or "Discard".
 */
export function RecoveryPrompt({ uid, manager }: RecoveryPromptProps) {
  const notify = useNotify();
  const [unfinished, setUnfinished] = useState<UnfinishedRecording[]>([]);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<UnfinishedRecording | null>(null);

  const look = useCallback(async () => {
    try {
      setUnfinished(await manager.findUnfinished(uid));
    } catch {
      // IndexedDB unavailable (some private windows): there is nothing this device could have kept.
      setUnfinished([]);
    }
  }, [manager, uid]);

  useEffect(() => {
    void look();
  }, [look]);

  const recover = async (item: UnfinishedRecording) => {
    setBusyId(item.recording.id);
    try {
      await manager.recover(item.recording.id);
      setUnfinished((list) => list.filter((u) => u.recording.id !== item.recording.id));
    } catch {
      notify({ message: 'The recording could not be read from this device. Please try again.', severity: 'error' });
    } finally {
      setBusyId(null);
    }
  };

  const discard = async (item: UnfinishedRecording) => {
    setBusyId(item.recording.id);
    try {
      await manager.discard(item.recording.id);
      setUnfinished((list) => list.filter((u) => u.recording.id !== item.recording.id));
      notify({ message: 'Recording discarded', severity: 'info' });
    } catch {
      notify({ message: 'The recording could not be discarded. Please try again.', severity: 'error' });
    } finally {
      setBusyId(null);
      setConfirming(null);
    }
  };

  if (unfinished.length === 0) return null;

  return (
    <Stack spacing={1.5} component="section" aria-label="Unfinished recordings" className={NO_CAPTURE_CLASS}>
      {unfinished.map((item) => {
        const { recording } = item;
        return (
          <Alert
            key={recording.id}
            severity="warning"
            variant="outlined"
            sx={{ bgcolor: 'background.paper', '& .MuiAlert-message': { width: '100%' } }}
          >
            <AlertTitle>Recover an unfinished recording</AlertTitle>
            The recording for <strong>{recording.patientName}</strong> started on {formatDateTime(recording.startedAt)} did not
            finish uploading. This device holds {formatDuration(recording.elapsedMs / 1000)} of its audio ({item.chunkCount} parts,{' '}
            {formatBytes(item.bytes)}). Recover it to upload everything that was captured to its session.
            <Stack direction="row" spacing={1.5} sx={{ mt: 1.5 }}>
              <Button variant="contained" onClick={() => void recover(item)} loading={busyId === recording.id && !confirming}>
                Recover recording
              </Button>
              <Button color="inherit" onClick={() => setConfirming(item)} disabled={busyId === recording.id}>
                Discard
              </Button>
            </Stack>
          </Alert>
        );
      })}
      <ConfirmDialog
        open={confirming !== null}
        title="Discard this recording?"
        confirmLabel="Discard recording"
        destructive
        busy={confirming !== null && busyId === confirming.recording.id}
        onConfirm={() => confirming && void discard(confirming)}
        onClose={() => setConfirming(null)}
      >
        The audio recorded for {confirming?.recording.patientName} that is kept on this device will be deleted, with its
        empty session. It cannot be recovered.
      </ConfirmDialog>
    </Stack>
  );
}
