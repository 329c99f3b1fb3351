import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { PROGRESS_STEPS, type ProgressStage } from '../lib/recording-progress';

interface RecordingProgressProps {
  stage: ProgressStage;
  sessionId: string | null;
  /** The pipeline's reason, when the session failed. */
  failure: string | null;
  /** Says that the session opens by itself when ready. */
  opensByItself: boolean;
  onClose: () => void;
}

function activeStep(stage: ProgressStage): number {
  // Failed: the audio is in, the rest did not happen (the session page says where it stopped, and retries).
  if (stage === 'failed') return 1;
  const index = PROGRESS_STEPS.findIndex((step) => step.stage === stage);
  // Ready is the last step, done rather than in progress.
  return stage === 'ready' ? PROGRESS_STEPS.length : Math.max(0, index);
}

function statusLine(stage: ProgressStage, opensByItself: boolean): string {
  switch (stage) {
    case 'uploading':
      return 'The rest of the audio is going up. You can start the next recording meanwhile.';
    case 'ready':
      return 'The documentation is written: open the session to check it and copy it out.';
    case 'failed':
      return 'The documentation could not be made.';
    case 'upload-failed':
      return 'The upload failed.';
    case 'transcribing':
    case 'writing':
      return `The audio is safely stored. Charta is ${stage === 'writing' ? 'writing the documentation' : 'transcribing it'}${
        opensByItself ? ', and opens the session here when it is ready' : ''
      }.`;
  }
}

/** A stopped recording on its way to a note, uploading → transcribing → writing → ready, with the way to its session. */
export function RecordingProgress({ stage, sessionId, failure, opensByItself, onClose }: RecordingProgressProps) {
  const uploaded = stage !== 'uploading';
  return (
    <Stack spacing={1.5}>
      <Stepper activeStep={activeStep(stage)} alternativeLabel aria-label="Progress">
        {PROGRESS_STEPS.map((step) => (
          <Step key={step.stage} completed={stage === 'ready' ? true : undefined}>
            <StepLabel>{step.label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {uploaded && (
        <Alert
          severity={stage === 'failed' ? 'error' : stage === 'ready' ? 'success' : 'info'}
          role={stage === 'ready' || stage === 'failed' ? 'status' : undefined}
          action={
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              {sessionId && (
                <Button color="inherit" size="small" variant="outlined" component={RouterLink} to={paths.session.getHref(sessionId)}>
                  Open the session
                </Button>
              )}
              <Button color="inherit" size="small" onClick={onClose}>
                Close
              </Button>
            </Stack>
          }
          sx={{ flexWrap: { xs: 'wrap', sm: 'nowrap' }, '& .MuiAlert-action': { ml: { xs: 0, sm: 'auto' }, pl: { xs: 0, sm: 2 } } }}
        >
          <AlertTitle>Recording uploaded</AlertTitle>
          {statusLine(stage, opensByItself)}
          {stage === 'failed' && failure ? ` ${failure}` : ''}
        </Alert>
      )}
    </Stack>
  );
}
