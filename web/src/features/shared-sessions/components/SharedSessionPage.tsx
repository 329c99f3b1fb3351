import { noteProvenance, titleWithoutDefaultDate, type SharedSessionResponse } from '@charta/contract';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { ErrorState } from '@/components/feedback/ErrorState';
import { SessionSkeleton } from '@/components/feedback/SessionSkeleton';
import { OutputWarningAlert } from '@/components/feedback/OutputWarningAlert';
import { SessionStatusChip } from '@/components/feedback/SessionStatusChip';
import { useShellPage } from '@/components/layout/use-shell-page';
import { paths } from '@/config/paths';
import { NO_CAPTURE_CLASS } from '@/lib/analytics';
import { ApiError } from '@/lib/api-client';
import { describeError } from '@/lib/error-message';
import { formatClock, formatDate, formatDateTime } from '@/lib/format';
import { provenanceWarning, transcriptWarning } from '@/lib/output-quality';
import { hasTimings, speakerColor, speakerLabel } from '@/lib/speakers';
import { useSharedSession } from '../api/shared-sessions';
import { sharedByName } from './SharedSessionsPage';

/** The note, read-only: each section's title and text, under the same warning the owner sees for simulated or demo output. */
function SharedNote({ shared }: { shared: SharedSessionResponse }) {
  const { documentation, transcript, session } = shared;
  if (!documentation) {
    return (
      <Card>
        <CardContent>
          <Typography color="text.secondary">
            {session.status === 'failed' ? 'This session has no note: writing it failed, and only its owner can retry.' : 'No note yet. It appears here once it is written.'}
          </Typography>
        </CardContent>
      </Card>
    );
  }
  return (
    <Stack component="section" aria-labelledby="shared-note-heading" spacing={2}>
      <Typography id="shared-note-heading" variant="h2">
        Note
      </Typography>
      <OutputWarningAlert warning={provenanceWarning(noteProvenance(documentation.engine, transcript?.engine ?? session.transcriptEngine))} />
      {documentation.sections.map((section) => (
        <Card key={section.id} component="section" aria-label={section.title}>
          <CardContent>
            <Typography variant="h3" sx={{ mb: 1 }}>
              {section.title}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{section.content || '—'}</Typography>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}

function SharedTranscript({ shared }: { shared: SharedSessionResponse }) {
  const { transcript } = shared;
  const timed = transcript ? hasTimings(transcript) : false;
  return (
    <Card component="section" aria-labelledby="shared-transcript-heading">
      <CardContent>
        <Typography id="shared-transcript-heading" variant="h2" sx={{ mb: 1.5 }}>
          Transcript
        </Typography>
        {transcript ? (
          <Stack spacing={1.5}>
            <OutputWarningAlert warning={transcriptWarning(transcript.engine)} />
            <Stack component="ol" spacing={1.25} sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {transcript.segments.map((segment) => (
                <Box component="li" key={segment.id}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.25 }}>
                    <Chip size="small" label={speakerLabel(segment.speaker)} color={speakerColor(segment.speaker)} variant="outlined" />
                    {timed && (
                      <Typography variant="body2" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                        {formatClock(segment.startMs)}
                      </Typography>
                    )}
                  </Stack>
                  <Typography sx={{ overflowWrap: 'anywhere' }}>{segment.text}</Typography>
                </Box>
              ))}
            </Stack>
          </Stack>
        ) : (
          <Typography color="text.secondary">No transcript: it has not been made yet, or its owner&apos;s retention settings deleted it.</Typography>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * A session a colleague shared with me, to read (docs/clinics.md "Sharing a session"): who shared it and when,
 * its note and its transcript as they are now. Nothing here changes it: the API offers a colleague no route that could.
 */
export function SharedSessionPage() {
  const { sessionId = '' } = useParams();
  const shared = useSharedSession(sessionId);
  useShellPage('sessions', shared.data ? titleWithoutDefaultDate(shared.data.session) : 'Shared session');

  let content: ReactNode;
  if (shared.data) {
    const { session, sharedBy, sharedAt } = shared.data;
    const by = sharedByName(sharedBy.displayName);
    const heading = titleWithoutDefaultDate(session);
    const facts = [heading === session.patientName ? null : `For ${session.patientName}`, formatDateTime(session.createdAt)].filter((fact) => fact !== null);
    content = (
      <Stack spacing={2} className={NO_CAPTURE_CLASS}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
          <Typography color="text.secondary" sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
            {facts.join(' · ')}
          </Typography>
          <SessionStatusChip status={session.status} error={session.error} />
        </Stack>
        <Alert severity="info">
          Shared with you by {by} on {formatDate(sharedAt)}. You can read it; only {by} can change it.
        </Alert>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(340px, 420px)' }, gap: 3, alignItems: 'start' }}>
          <SharedNote shared={shared.data} />
          <SharedTranscript shared={shared.data} />
        </Box>
      </Stack>
    );
  } else if (shared.error instanceof ApiError && shared.error.status === 404) {
    content = <Alert severity="warning">This session is not shared with you, or no longer: its owner stopped sharing it, deleted it, or one of you left the clinic.</Alert>;
  } else if (shared.error) {
    content = <ErrorState message={describeError(shared.error)} onRetry={() => void shared.mutate()} />;
  } else {
    content = <SessionSkeleton label="Loading the shared session…" />;
  }

  return (
    <Stack spacing={2}>
      <Box>
        <Button component={RouterLink} to={paths.sharedSessions.getHref()} startIcon={<ArrowBack />}>
          Shared with me
        </Button>
      </Box>
      {content}
    </Stack>
  );
}
