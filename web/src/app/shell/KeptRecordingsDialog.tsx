import { ConfirmDialog } from '@/components/feedback/ConfirmDialog';
import type { KeptRecording } from '@/features/record';
import { formatDateTime, formatDuration } from '@/lib/format';

interface KeptRecordingsDialogProps {
  /** What signing out would leave on this device; the dialog is open while this is set. */
  kept: KeptRecording[] | null;
  email: string | null;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * Before signing out with recordings that have not finished uploading: says plainly what stays on this
 * device (patient names and audio), for whom, and who can see it. Uploaded recordings are removed anyway.
 */
export function KeptRecordingsDialog({ kept, email, busy, onConfirm, onClose }: KeptRecordingsDialogProps) {
  const count = kept?.length ?? 0;
  const whom = email ?? 'you';
  return (
    <ConfirmDialog
      open={count > 0}
      title={count === 1 ? 'A recording has not finished uploading' : `${count} recordings have not finished uploading`}
      confirmLabel={`Sign out and keep ${count} recording${count === 1 ? '' : 's'}`}
      cancelLabel="Stay signed in"
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <p>Their audio and patient names stay on this device until they are uploaded:</p>
      <ul>
        {kept?.map((k) => (
          <li key={k.recordingId}>
            {k.patientName}, started {formatDateTime(k.startedAt)} ({formatDuration(k.elapsedMs / 1000)})
          </li>
        ))}
      </ul>
      <p>
        They are kept for {whom} only: when {whom} signs in on this browser again, Charta offers to finish uploading them
        (Record tab). No one else who signs in here can see or upload them. To upload them now, stay signed in and keep
        this device online. Recordings already uploaded are removed from this device when you sign out.
      </p>
    </ConfirmDialog>
  );
}
