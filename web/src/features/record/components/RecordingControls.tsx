import Pause from '@mui/icons-material/Pause';
import PlayArrow from '@mui/icons-material/PlayArrow';
import Stop from '@mui/icons-material/Stop';
import Button from '@mui/material/Button';
import { isRecorderActive, type RecorderStatus } from '../hooks/use-recorder';

interface RecordingControlsProps {
  status: RecorderStatus;
  size: 'small' | 'large';
  onPause: () => void;
  onResume: () => void;
  onStop: () => void;
}

/** Pause or Resume, and Stop, for a recording under way: the recorder card's and the shell's recording bar's. */
export function RecordingControls({ status, size, onPause, onResume, onStop }: RecordingControlsProps) {
  if (!isRecorderActive(status)) return null;
  return (
    <>
      {status === 'recording' && (
        <Button variant="outlined" size={size} startIcon={<Pause />} onClick={onPause}>
          Pause
        </Button>
      )}
      {status === 'paused' && (
        <Button variant="outlined" size={size} startIcon={<PlayArrow />} onClick={onResume}>
          Resume
        </Button>
      )}
      <Button variant="contained" color="error" size={size} startIcon={<Stop />} onClick={onStop} loading={status === 'stopping'}>
        Stop
      </Button>
    </>
  );
}
