import FiberManualRecord from '@mui/icons-material/FiberManualRecord';
import MicNone from '@mui/icons-material/MicNone';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { PlainSelectField } from '@/components/inputs/PlainSelectField';
import { formatClock } from '@/lib/format';
import type { Microphone, MicrophonePermission } from '../hooks/use-microphones';
import { isRecorderActive, recorderStatusText, type MicProblem, type RecorderStatus } from '../hooks/use-recorder';
import { LevelMeter } from './LevelMeter';
import { RecordingControls } from './RecordingControls';
import { readableDisabledHelper } from './SessionSetupFields';

interface RecorderCardProps {
  status: RecorderStatus;
  elapsedMs: number;
  level: number;
  silent: boolean;
  deviceLost: boolean;
  problem: MicProblem | null;
  startError: string | null;
  startedOffline: boolean;
  permission: MicrophonePermission;
  microphones: Microphone[];
  deviceId: string;
  onDeviceChange: (deviceId: string) => void;
  /** Another upload is running, or the form is incomplete in a way the user must see first. */
  startDisabled: boolean;
  onStart: () => void;
  onPause: () => void;
  onResume: () => void;
  onStop: () => void;
  /** The recording stopped last, on its way to a note: shown in the clock's place until the next one starts. */
  progress?: ReactNode;
  /** While recording: the transcript so far (and the choice to show it), below the controls. */
  liveTranscript?: ReactNode;
}

/** How to let Charta use the microphone again, for a clinician who pressed "Block" once. */
function MicrophoneBlockedHelp({ problem }: { problem: MicProblem | null }) {
  return (
    <Alert severity="error" role="alert">
      <AlertTitle>Microphone access is blocked</AlertTitle>
      {problem?.kind === 'denied' ? `${problem.message} ` : 'Charta is not allowed to use the microphone. '}
      To allow it: click the microphone or padlock icon at the left of the address bar, set <strong>Microphone</strong> to{' '}
      <strong>Allow</strong>, then press <strong>Start recording</strong> again. On a phone, allow the microphone for this site
      in the browser&apos;s settings. You can also upload a recording instead (below).
    </Alert>
  );
}

export function RecorderCard(props: RecorderCardProps) {
  const { status, elapsedMs, level, silent, deviceLost, problem, startError, startedOffline, permission, microphones, deviceId } = props;
  const active = isRecorderActive(status);
  const blocked = problem?.kind === 'denied' || (permission === 'denied' && !active);
  const clock = formatClock(elapsedMs);

  return (
    <Card component="section" aria-labelledby="recorder-heading">
      <CardContent>
        <Stack spacing={2.5}>
          <Typography id="recorder-heading" variant="h2">
            Record
          </Typography>

          {blocked && <MicrophoneBlockedHelp problem={problem} />}
          {problem && problem.kind !== 'denied' && (
            <Alert severity="error" role="alert">
              {problem.message}
            </Alert>
          )}
          {startError && (
            <Alert severity="error" role="alert">
              The session could not be started: {startError}
            </Alert>
          )}

          {props.progress && (status === 'idle' || status === 'starting') ? (
            props.progress
          ) : (
            <Box
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 2,
                flexWrap: 'wrap',
                p: 2,
                borderRadius: 2,
                bgcolor: active ? 'action.hover' : 'transparent',
                border: 1,
                borderColor: 'divider',
              }}
            >
              <Box sx={{ minWidth: 120 }}>
                <Typography
                  role="timer"
                  aria-label="Elapsed time"
                  aria-live="off"
                  sx={{ fontSize: '2.5rem', fontWeight: 600, fontVariantNumeric: 'tabular-nums', lineHeight: 1.1 }}
                >
                  {clock}
                </Typography>
                <Typography variant="body2" color="text.secondary" aria-live="polite" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                  {status === 'recording' && <FiberManualRecord fontSize="inherit" color="error" aria-hidden />}
                  {recorderStatusText(status)}
                </Typography>
              </Box>
              <Box sx={{ flex: 1, minWidth: 180 }}>
                {active ? (
                  <LevelMeter level={level} active={status === 'recording'} />
                ) : (
                  <Typography variant="body2" color="text.secondary">
                    The input level shows here while you record.
                  </Typography>
                )}
              </Box>
            </Box>
          )}

          {silent && (
            <Alert severity="warning" role="alert">
              <AlertTitle>No sound from the microphone</AlertTitle>
              Nothing has been heard for several seconds. Check that the microphone is not muted and is close to the
              conversation. The recording goes on.
            </Alert>
          )}
          {deviceLost && (
            <Alert severity="error" role="alert">
              <AlertTitle>The microphone was disconnected</AlertTitle>
              The recording stopped when the microphone went away. Everything recorded until then is saved and is being
              uploaded. Reconnect it and start a new recording to continue.
            </Alert>
          )}
          {startedOffline && active && (
            <Alert severity="info">
              You are offline. The recording is saved on this device as you speak and will upload when the connection
              returns.
            </Alert>
          )}

          <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap', rowGap: 1.5 }}>
            {(status === 'idle' || status === 'starting') && (
              <Button
                variant="contained"
                size="large"
                startIcon={<MicNone />}
                onClick={props.onStart}
                loading={status === 'starting'}
                disabled={props.startDisabled}
              >
                Start recording
              </Button>
            )}
            <RecordingControls status={status} size="large" onPause={props.onPause} onResume={props.onResume} onStop={props.onStop} />
          </Stack>
          {/* Below the controls: however long it grows, Pause and Stop stay where they were. */}
          {active && props.liveTranscript}
          {/* Below Start, so that on a phone Start is in view without scrolling; the system default suits most. */}
          <PlainSelectField
            label="Microphone"
            value={deviceId}
            onChange={(event) => props.onDeviceChange(event.target.value)}
            disabled={active || status === 'starting'}
            helperText={
              permission === 'granted' || microphones.some((m) => !m.label.startsWith('Microphone '))
                ? 'Choose the microphone closest to the conversation.'
                : 'The names of your microphones appear once Charta may use the microphone.'
            }
            // Shrunk always: "System default" has the empty value, which would otherwise sit under the label.
            slotProps={{ inputLabel: { shrink: true }, formHelperText: readableDisabledHelper }}
          >
            <option value="">System default</option>
            {microphones.map((microphone) => (
              <option key={microphone.deviceId} value={microphone.deviceId}>
                {microphone.label}
              </option>
            ))}
          </PlainSelectField>
          {status === 'idle' && (
            <Typography variant="body2" color="text.secondary">
              The audio is saved on this device every two seconds and uploaded while you record, so nothing is lost if
              the connection or the browser fails.
            </Typography>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
