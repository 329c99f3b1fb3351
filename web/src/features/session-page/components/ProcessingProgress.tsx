import type { LiveTranscript, Session } from '@charta/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { PROGRESS_STEPS, progressOf } from '../lib/progress';

interface ProcessingProgressProps {
  session: Session;
  /** The transcript so far, while transcribing: how much is left to transcribe. */
  liveTranscript: LiveTranscript | undefined;
  /** The step has taken longer than expected (lib/progress): say so, and offer Retry. */
  takingLong: boolean;
  /** Retry was pressed and the server was still working on the session: nothing was restarted. */
  stillRunning: boolean;
  retrying: boolean;
  onRetry: () => void;
}

/** The pipeline at work: which step, in words, with a moving bar so it never looks stuck. */
export function ProcessingProgress({ session, liveTranscript, takingLong, stillRunning, retrying, onRetry }: ProcessingProgressProps) {
  const progress = progressOf(session.status, liveTranscript);
  if (!progress) return null;
  return (
    <Card component="section" aria-labelledby="processing-heading">
      <CardContent>
        <Stack spacing={2}>
          <Box role="status" aria-live="polite">
            <Typography id="processing-heading" variant="h3" component="h2">
              {progress.headline}
            </Typography>
            <Typography color="text.secondary">{progress.detail} You can leave this page: the work continues on the server.</Typography>
          </Box>
          {takingLong && (
            <Alert
              severity="warning"
              role="alert"
              action={
                <Button color="inherit" size="small" variant="outlined" onClick={onRetry} loading={retrying}>
                  Retry
                </Button>
              }
            >
              <AlertTitle>Taking longer than expected</AlertTitle>
              {stillRunning
                ? 'The server is still working on it, so nothing was restarted. If it has stopped, it is started again by itself within minutes.'
                : 'It may still finish by itself. Retry starts it again if the work has stopped; nothing is done twice.'}
            </Alert>
          )}
          <LinearProgress aria-label={progress.headline} />
          <Stepper activeStep={progress.activeStep} alternativeLabel>
            {PROGRESS_STEPS.map((label) => (
              <Step key={label}>
                <StepLabel>{label}</StepLabel>
              </Step>
            ))}
          </Stepper>
        </Stack>
      </CardContent>
    </Card>
  );
}

interface ProcessingFailedProps {
  session: Session;
  retrying: boolean;
  onRetry: () => void;
}

/** The pipeline gave up: what went wrong, in the server's words, and one button to try again. */
export function ProcessingFailed({ session, retrying, onRetry }: ProcessingFailedProps) {
  return (
    <Alert
      severity="error"
      role="alert"
      action={
        <Button color="inherit" size="small" variant="outlined" onClick={onRetry} loading={retrying}>
          Retry
        </Button>
      }
    >
      <AlertTitle>The documentation could not be prepared</AlertTitle>
      {session.error?.message ?? 'Processing this session failed.'} Nothing is lost: Retry continues from the last step that finished.
    </Alert>
  );
}
