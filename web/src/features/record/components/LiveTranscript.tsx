import type { TranscriptSegment } from '@charta/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useLayoutEffect, useRef } from 'react';
import { ErrorState } from '@/components/feedback/ErrorState';
import { OutputWarningAlert } from '@/components/feedback/OutputWarningAlert';
import { useLiveTranscript } from '@/data/live-session';
import { NO_CAPTURE_CLASS } from '@/lib/analytics';
import { formatClock } from '@/lib/format';
import { transcriptWarning } from '@/lib/output-quality';
import { speakerColor, speakerLabel } from '@/lib/speakers';
import type { RecorderStatus } from '../hooks/use-recorder';
import { useLiveTranscriptChoice } from '../hooks/use-live-transcript-choice';

interface LiveTranscriptProps {
  /** The recording's session; null while it has none yet (started offline). */
  sessionId: string | null;
  status: RecorderStatus;
  online: boolean;
}

/** Within this of the bottom, the list counts as following the newest words (and keeps doing so). */
const FOLLOW_SLACK_PX = 24;

/**
 * While recording: "Show transcript as I record", and when on, the transcript so far, a few seconds behind
 * the voice (docs/decisions.md, "Show transcript as I record"), newest at the bottom and kept in view.
 */
export function LiveTranscript({ sessionId, status, online }: LiveTranscriptProps) {
  const [shown, choose] = useLiveTranscriptChoice();
  return (
    <Stack spacing={1}>
      {/* In a Box: Stack resets its children's margins, and the label's negative one lines the switch's
          track up with the buttons above. */}
      <Box>
        <FormControlLabel control={<Switch checked={shown} onChange={(event) => choose(event.target.checked)} />} label="Show transcript as I record" />
      </Box>
      {shown && <TranscriptSoFar sessionId={sessionId} status={status} online={online} />}
    </Stack>
  );
}

function TranscriptSoFar({ sessionId, status, online }: LiveTranscriptProps) {
  // Asked for only while the microphone records (paused, nothing new arrives) and this tab is shown.
  const live = useLiveTranscript(sessionId, status === 'recording');
  const segments = live.data?.segments;

  let body;
  if (!sessionId) {
    body = <Hint>Your words appear here once the recording reaches the server. It is kept on this device meanwhile.</Hint>;
  } else if (segments && segments.length > 0) {
    body = <SegmentList segments={segments} />;
  } else if (segments) {
    body = <Hint>Your words appear here a few seconds after you say them.</Hint>;
  } else if (live.error) {
    body = null;
  } else {
    body = (
      <Stack spacing={0.5} role="status" aria-busy="true" aria-label="Loading the transcript so far…" sx={{ py: 0.5 }}>
        <Skeleton width="35%" />
        <Skeleton width="90%" />
      </Stack>
    );
  }

  return (
    <Box
      component="section"
      aria-labelledby="live-transcript-heading"
      className={NO_CAPTURE_CLASS}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5 }}
    >
      <Stack spacing={1}>
        <Typography id="live-transcript-heading" variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
          Transcript so far
        </Typography>
        <OutputWarningAlert warning={transcriptWarning(live.data?.engine)} />
        {!online ? (
          <Alert severity="info">You are offline. The transcript goes on when the connection returns; the recording is kept on this device.</Alert>
        ) : (
          live.error !== undefined && (
            <ErrorState
              severity="warning"
              message={`${segments ? 'The transcript could not be brought up to date.' : 'The transcript so far could not be loaded.'} Your recording is not affected: the full transcript is made after Stop.`}
              onRetry={() => void live.mutate()}
            />
          )
        )}
        {body}
      </Stack>
    </Box>
  );
}

function Hint({ children }: { children: string }) {
  return (
    <Typography variant="body2" color="text.secondary">
      {children}
    </Typography>
  );
}

/** The segments, scrolled to the newest as they arrive, unless the clinician has scrolled up to read. */
function SegmentList({ segments }: { segments: readonly TranscriptSegment[] }) {
  const listRef = useRef<HTMLOListElement>(null);
  const following = useRef(true);
  const count = segments.length;
  useLayoutEffect(() => {
    const list = listRef.current;
    if (list && following.current) list.scrollTop = list.scrollHeight;
  }, [count]);

  return (
    <Box
      component="ol"
      ref={listRef}
      aria-label="Transcript segments so far"
      // Scrollable: reachable from the keyboard.
      tabIndex={0}
      onScroll={(event) => {
        const list = event.currentTarget;
        following.current = list.scrollHeight - list.scrollTop - list.clientHeight <= FOLLOW_SLACK_PX;
      }}
      sx={{ listStyle: 'none', m: 0, p: 0, maxHeight: { xs: '40dvh', md: 320 }, overflowY: 'auto', borderRadius: 1 }}
    >
      {segments.map((segment) => (
        <Box component="li" key={segment.id} data-segment-id={segment.id} sx={{ py: 0.75, px: 0.5 }}>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 0.25 }}>
            <Chip size="small" label={speakerLabel(segment.speaker)} color={speakerColor(segment.speaker)} variant={segment.speaker === 'clinician' ? 'filled' : 'outlined'} />
            <Typography variant="caption" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatClock(segment.startMs)}
            </Typography>
          </Stack>
          <Typography variant="body2">{segment.text}</Typography>
        </Box>
      ))}
    </Box>
  );
}
