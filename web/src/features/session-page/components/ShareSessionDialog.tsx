import type { ClinicMember, SessionShare } from '@charta/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ErrorState } from '@/components/feedback/ErrorState';
import { useNotify } from '@/components/feedback/notifications';
import { paths } from '@/config/paths';
import { memberName } from '@/data/my-clinic';
import { describeError } from '@/lib/error-message';
import { formatDate } from '@/lib/format';
import { shareSession, unshareSession, useSessionShares } from '../api/shares';
import { LazyDialog } from '@/components/feedback/LazyDialog';

interface ShareSessionDialogProps {
  open: boolean;
  onClose: () => void;
  sessionId: string;
  /** The caller's colleagues: the clinic's members other than the caller. */
  colleagues: readonly ClinicMember[];
}


/**
 * Share this session with colleagues in the clinic, one by one, and stop sharing (docs/clinics.md "Sharing a
 * session"): read-only for them, and only while both are in the clinic. Each row acts at once, as a switch
 * would, and says what it is doing; a failure is said on that row, and nothing else changes.
 */
export function ShareSessionDialog({ open, onClose, sessionId, colleagues }: ShareSessionDialogProps) {
  const titleId = useId();
  const shares = useSessionShares(sessionId, open && colleagues.length > 0);
  const notify = useNotify();
  // One request at a time per colleague; the row names its failure until the next try.
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const [failures, setFailures] = useState<Readonly<Record<string, string>>>({});

  const sharedWith = new Map<string, SessionShare>((shares.data?.shares ?? []).map((share) => [share.colleagueUid, share]));

  const toggle = async (colleague: ClinicMember) => {
    if (pending.has(colleague.uid)) return;
    const sharing = !sharedWith.has(colleague.uid);
    setPending((current) => new Set(current).add(colleague.uid));
    setFailures(({ [colleague.uid]: _, ...rest }) => rest);
    try {
      if (sharing) await shareSession(sessionId, colleague.uid);
      else await unshareSession(sessionId, colleague.uid);
      await shares.mutate();
      notify({ message: sharing ? `Shared with ${memberName(colleague)}` : `No longer shared with ${memberName(colleague)}`, severity: 'success' });
    } catch (error) {
      setFailures((current) => ({ ...current, [colleague.uid]: `${sharing ? 'Could not share' : 'Could not stop sharing'}: ${describeError(error)}` }));
    } finally {
      setPending((current) => {
        const next = new Set(current);
        next.delete(colleague.uid);
        return next;
      });
    }
  };

  let body;
  if (colleagues.length === 0) {
    body = (
      <Typography color="text.secondary">
        No one else is in your clinic yet. Invite a colleague from{' '}
        <RouterLink to={paths.clinicSettings.getHref()} style={{ color: 'inherit', fontWeight: 600 }}>
          Clinic settings
        </RouterLink>
        , then share this session with them.
      </Typography>
    );
  } else if (shares.error && !shares.data) {
    body = <ErrorState message={`Whom this session is shared with could not be loaded. ${describeError(shares.error)}`} onRetry={() => void shares.mutate()} />;
  } else if (!shares.data) {
    body = (
      <Stack role="status" aria-busy="true" aria-label="Loading whom this session is shared with" spacing={1}>
        <Skeleton height={48} />
        <Skeleton height={48} />
      </Stack>
    );
  } else {
    body = (
      <Stack component="ul" aria-label="Colleagues" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {colleagues.map((colleague) => {
          const share = sharedWith.get(colleague.uid);
          const busy = pending.has(colleague.uid);
          const failure = failures[colleague.uid];
          const name = memberName(colleague);
          return (
            <Box component="li" key={colleague.uid} aria-label={name} sx={{ py: 0.5 }}>
              <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
                <Box sx={{ flex: '1 1 12rem', minWidth: 0 }}>
                  <Typography sx={{ overflowWrap: 'anywhere' }}>{name}</Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {share ? `Can read it since ${formatDate(share.sharedAt)}` : colleague.email !== name ? colleague.email : 'Not shared'}
                  </Typography>
                </Box>
                <Button
                  variant={share ? 'outlined' : 'contained'}
                  onClick={() => void toggle(colleague)}
                  disabled={busy}
                  aria-label={share ? `Stop sharing with ${name}` : `Share with ${name}`}
                  sx={{ minHeight: 44 }}
                >
                  {busy ? (share ? 'Stopping…' : 'Sharing…') : share ? 'Stop sharing' : 'Share'}
                </Button>
              </Stack>
              {failure && (
                <Alert severity="error" role="alert" sx={{ mt: 1 }}>
                  {failure}
                </Alert>
              )}
            </Box>
          );
        })}
      </Stack>
    );
  }

  return (
    <LazyDialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Share this session</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography color="text.secondary">
            A colleague you share with can read this session, its transcript and its note, but not change them. Sharing ends when you stop it, or when
            either of you leaves the clinic. No one else in the clinic sees it.
          </Typography>
          {body}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Done</Button>
      </DialogActions>
    </LazyDialog>
  );
}
