import type { LiveTranscript } from '@charta/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { useIsMobileLayout } from '@/lib/use-is-mobile-layout';
import { transcribingText, WRITING_THE_NOTE } from '@/lib/work-left';
import { PROGRESS_STEPS, type ProgressStage } from '../lib/recording-progress';

interface RecordingProgressProps {
  stage: ProgressStage;
  sessionId: string | null;
  /** The pipeline's reason, when the session failed. */
  failure: string | null;
  /** Says that the session opens by itself when ready. */
  opensByItself: boolean;
  /** The recording's transcript so far, while it is transcribed: how much is left. */
  liveTranscript?: LiveTranscript | undefined;
  /** What went up: "Recording uploaded" after Stop, "File uploaded" for a picked file. */
  title?: string;
  onClose: () => void;
}

function activeStep(stage: ProgressStage): number {
  // Failed: the audio is in, the rest did not happen (the session page says where it stopped, and retries).
  if (stage === 'failed') return 1;
  const index = PROGRESS_STEPS.findIndex((step) => step.stage === stage);
  // Ready is the last step, done rather than in progress.
  return stage === 'ready' ? PROGRESS_STEPS.length : Math.max(0, index);
}

function statusLine(stage: ProgressStage, opensByItself: boolean, liveTranscript: LiveTranscript | undefined): string {
  switch (stage) {
    case 'uploading':
      return 'The rest of the audio is going up. You can start the next recording meanwhile.';
    case 'ready':
      return 'The documentation is written.';
    case 'failed':
      return 'The documentation could not be made.';
    case 'upload-failed':
      return 'The upload failed.';
    case 'transcribing':
    case 'writing': {
      // What is left, as the session page says it: most of the recording was transcribed while it was made.
      const left = stage === 'writing' ? WRITING_THE_NOTE : transcribingText(liveTranscript);
      return `Safely stored. ${left}${left.endsWith('…') ? '' : '.'}${opensByItself ? ' The session opens here when it is ready.' : ''}`;
    }
  }
}

/** A stopped recording on its way to a note, uploading → transcribing → writing → ready, with the way to its session. */
export function RecordingProgress({ stage, sessionId, failure, opensByItself, liveTranscript, title = 'Recording uploaded', onClose }: RecordingProgressProps) {
  // On a phone the four labels do not fit side by side, and Start recording must stay in view below: one line
  // naming the step and a bar, instead of the stepper.
  const compact = useIsMobileLayout();
  const uploaded = stage !== 'uploading';
  const step = activeStep(stage);
  const current = PROGRESS_STEPS[Math.min(step, PROGRESS_STEPS.length - 1)]!;
  return (
    <Stack spacing={compact ? 1 : 1.5}>
      {compact ? (
        <Stack spacing={0.5}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {stage === 'failed' ? 'Failed' : current.label} · step {Math.min(step + 1, PROGRESS_STEPS.length)} of {PROGRESS_STEPS.length}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={(Math.min(step + (stage === 'ready' ? 0 : 0.5), PROGRESS_STEPS.length) / PROGRESS_STEPS.length) * 100}
            color={stage === 'failed' ? 'error' : 'primary'}
            aria-label="Progress"
            aria-valuetext={current.label}
          />
        </Stack>
      ) : (
        <Stepper activeStep={step} alternativeLabel aria-label="Progress">
          {PROGRESS_STEPS.map(({ stage: stepStage, label }) => (
            <Step key={stepStage} completed={stage === 'ready' ? true : undefined}>
              <StepLabel>{label}</StepLabel>
            </Step>
          ))}
        </Stepper>
      )}
      {uploaded && (
        <Alert
          severity={stage === 'failed' ? 'error' : stage === 'ready' ? 'success' : 'info'}
          icon={compact ? false : undefined}
          role={stage === 'ready' || stage === 'failed' ? 'status' : undefined}
          action={
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              {sessionId && (
                <Button color="inherit" size="small" variant="outlined" component={RouterLink} to={paths.session.getHref(sessionId)} sx={{ whiteSpace: 'nowrap' }}>
                  Open the session
                </Button>
              )}
              <Button color="inherit" size="small" onClick={onClose}>
                Close
              </Button>
            </Stack>
          }
          sx={{
            flexWrap: compact ? 'wrap' : 'nowrap',
            py: compact ? 0.25 : undefined,
            '& .MuiAlert-action': compact ? { ml: 0, pl: 0, pt: 0, mr: 0 } : { pl: 2 },
          }}
        >
          <AlertTitle>{title}</AlertTitle>
          {statusLine(stage, opensByItself, liveTranscript)}
          {stage === 'failed' && failure ? ` ${failure}` : ''}
        </Alert>
      )}
    </Stack>
  );
}
