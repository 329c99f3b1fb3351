import FiberManualRecord from '@mui/icons-material/FiberManualRecord';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useNavigationState } from '@/components/layout/navigation-state';
import { paths } from '@/config/paths';
import { NO_CAPTURE_CLASS } from '@/lib/analytics';
import { formatClock } from '@/lib/format';
import { useRecorderSession } from '../hooks/recorder-provider';
import { recorderStatusText } from '../hooks/use-recorder';
import { RecordingControls } from './RecordingControls';

/**
 * While a recording runs and the clinician is on another page (an old note, the list): that it is still
 * recording, for how long, and Pause/Resume, Stop and the way back to the Record tab. The Record tab has
 * the recorder itself, so the bar stays off there (one set of controls on a page).
 */
export function RecordingBar() {
  const { currentTab } = useNavigationState();
  const { recorder, active, stop } = useRecorderSession();
  if (!active || currentTab === 'record') return null;
  const { status } = recorder;
  return (
    <Box
      component="section"
      aria-label="Recording in progress"
      className={NO_CAPTURE_CLASS}
      sx={{
        display: 'flex',
        alignItems: 'center',
        flexWrap: 'wrap',
        columnGap: 1.5,
        rowGap: 0.5,
        px: { xs: 2, sm: 3 },
        py: 0.75,
        bgcolor: 'background.paper',
        color: 'text.primary',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Typography component="p" sx={{ display: 'flex', alignItems: 'center', gap: 0.75, fontWeight: 600, mr: 'auto' }}>
        <FiberManualRecord fontSize="small" color={status === 'recording' ? 'error' : 'disabled'} aria-hidden />
        <span aria-live="polite">{recorderStatusText(status)}</span>
        <Box component="span" role="timer" aria-label="Elapsed time" aria-live="off" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatClock(recorder.elapsedMs)}
        </Box>
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <RecordingControls status={status} size="small" onPause={recorder.pause} onResume={recorder.resume} onStop={stop} />
        <Button size="small" component={RouterLink} to={paths.record.getHref()}>
          Back to Record
        </Button>
      </Box>
    </Box>
  );
}
