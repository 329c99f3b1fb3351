import { titleWithoutDefaultDate, type SharedSessionSummary } from '@charta/contract';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ErrorState } from '@/components/feedback/ErrorState';
import { useShellPage } from '@/components/layout/use-shell-page';
import { paths } from '@/config/paths';
import { NO_CAPTURE_CLASS } from '@/lib/analytics';
import { describeError } from '@/lib/error-message';
import { formatDate, formatDateTime } from '@/lib/format';
import { useSharedWithMe } from '../api/shared-sessions';

/** Who shared it, as the row and the page say it: their display name, or "A colleague" when they set none. */
export function sharedByName(displayName: string): string {
  return displayName.trim() || 'A colleague';
}

function SharedSessionRow({ shared }: { shared: SharedSessionSummary }) {
  // A default title is the patient and the day: the line under it names the patient only for a title of the owner's own.
  const heading = titleWithoutDefaultDate(shared);
  const facts = [heading === shared.patientName ? null : shared.patientName, formatDateTime(shared.createdAt)].filter((fact) => fact !== null);
  return (
    <Box component="li" aria-label={shared.title} className={NO_CAPTURE_CLASS} sx={{ px: 2, py: 1.25, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}>
      <Link
        component={RouterLink}
        to={paths.sharedSession.getHref(shared.sessionId)}
        underline="hover"
        sx={{ fontWeight: 600, display: { xs: 'flex', sm: 'block' }, alignItems: 'center', minHeight: { xs: 44, sm: 'auto' }, overflowWrap: 'anywhere' }}
      >
        {heading}
      </Link>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {facts.join(' · ')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        Shared by {sharedByName(shared.sharedBy.displayName)} on {formatDate(shared.sharedAt)}
      </Typography>
    </Box>
  );
}

/** Sessions colleagues in the clinic shared with me, newest share first: each opens read-only. */
export function SharedSessionsPage() {
  useShellPage('sessions', 'Shared with me');
  const shared = useSharedWithMe();

  let body: ReactNode;
  if (shared.data) {
    body =
      shared.data.sessions.length === 0 ? (
        <Box sx={{ p: 5, textAlign: 'center' }}>
          <Typography variant="h3" component="p">
            Nothing shared with you
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            When a colleague in your clinic shares a session with you (Share, on their session&apos;s page), it appears here to read.
          </Typography>
        </Box>
      ) : (
        <Box component="ul" aria-label="Sessions shared with me" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {shared.data.sessions.map((session) => (
            <SharedSessionRow key={session.sessionId} shared={session} />
          ))}
        </Box>
      );
  } else if (shared.error) {
    body = (
      <Box sx={{ p: 2 }}>
        <ErrorState message={describeError(shared.error)} onRetry={() => void shared.mutate()} />
      </Box>
    );
  } else {
    body = (
      <Stack role="status" aria-busy="true" aria-label="Loading sessions shared with you" sx={{ p: 2 }}>
        {[0, 1, 2].map((row) => (
          <Box key={row} sx={{ py: 1 }}>
            <Skeleton width="45%" />
            <Skeleton width="30%" />
          </Box>
        ))}
      </Stack>
    );
  }

  return (
    <Stack spacing={2} sx={{ maxWidth: 960 }}>
      <Box>
        <Button component={RouterLink} to={paths.sessions.getHref()} startIcon={<ArrowBack />}>
          My sessions
        </Button>
      </Box>
      <Typography color="text.secondary">Colleagues in your clinic shared these sessions with you. You can read them; only they can change them.</Typography>
      <Card>{body}</Card>
    </Stack>
  );
}
