import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { ErrorState } from '@/components/feedback/ErrorState';
import { useShellPage } from '@/components/layout/use-shell-page';
import { DOCUMENTATION_LANGUAGES } from '@/config/languages';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { describeError } from '@/lib/error-message';
import { describeDuration, formatDateTime, formatDuration } from '@/lib/format';
import type { Session } from '@/types/session';
import { useSession } from '../api/sessions';
import { SessionAudioPlayer } from './SessionAudioPlayer';
import { SessionStatusChip } from './SessionStatusChip';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {children}
      </Typography>
    </Box>
  );
}

function nextStep(session: Session): string {
  switch (session.status) {
    case 'draft':
      return 'This session has no audio yet. Record or upload it from the Record tab.';
    case 'uploaded':
    case 'transcribing':
    case 'generating':
      return 'The audio is stored. The transcript and the documentation will appear here when they are ready.';
    case 'ready':
      return 'The documentation is ready.';
    case 'failed':
      return session.error?.message ?? 'Processing this session failed.';
  }
}

/** One session's essentials and its audio. (The documentation view comes with the documentation feature.) */
export function SessionDetailPage() {
  const { sessionId } = useParams();
  const { data: session, error, mutate } = useSession(sessionId);
  useShellPage('sessions', session?.title ?? 'Session');
  const language = DOCUMENTATION_LANGUAGES.find((l) => l.tag === session?.language)?.label ?? session?.language;

  let content: ReactNode;
  if (session) {
    content = (
      <Stack spacing={2}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h2" component="h2">
            {session.title}
          </Typography>
          <SessionStatusChip status={session.status} />
        </Stack>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1, m: 0 }}>
          <Fact label="Patient">{session.patientName}</Fact>
          <Fact label="Duration">
            <span title={describeDuration(session.audioDurationSec)}>{formatDuration(session.audioDurationSec)}</span>
          </Fact>
          <Fact label="Created">{formatDateTime(session.createdAt)}</Fact>
          <Fact label="Template">{session.templateId}</Fact>
          <Fact label="Language">{language}</Fact>
        </Box>
        {session.audio_uri && <SessionAudioPlayer sessionId={session.id} title={session.title} />}
        <Alert severity={session.status === 'failed' ? 'error' : 'info'}>{nextStep(session)}</Alert>
      </Stack>
    );
  } else if (error instanceof ApiError && error.status === 404) {
    content = <Alert severity="warning">This session does not exist, or it was deleted.</Alert>;
  } else if (error) {
    content = <ErrorState message={describeError(error)} onRetry={() => void mutate()} />;
  } else {
    content = (
      <Stack spacing={1.5} aria-busy="true" aria-label="Loading session">
        <Skeleton width="50%" height={36} />
        <Skeleton width="70%" />
        <Skeleton width="60%" />
      </Stack>
    );
  }

  return (
    <Stack spacing={2} sx={{ maxWidth: 760 }}>
      <Box>
        <Button component={RouterLink} to={paths.sessions.getHref()} startIcon={<ArrowBack />}>
          All sessions
        </Button>
      </Box>
      <Card component="section">
        <CardContent>{content}</CardContent>
      </Card>
    </Stack>
  );
}
