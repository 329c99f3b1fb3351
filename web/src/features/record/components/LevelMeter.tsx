import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';

/** The microphone's input level (0..1 on a dB scale), so the clinician sees that sound is arriving. */
export function LevelMeter({ level, active }: { level: number; active: boolean }) {
  const percent = Math.round(level * 100);
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
        Input level
      </Typography>
      <LinearProgress
        variant="determinate"
        value={active ? percent : 0}
        aria-label="Microphone input level"
        color={percent > 92 ? 'warning' : 'success'}
        sx={{
          height: 10,
          borderRadius: 5,
          // A neutral track: an empty meter must not look like a full one.
          bgcolor: 'action.selected',
          // The level changes ten times a second: the default easing would lag behind the voice.
          '& .MuiLinearProgress-bar': { transition: 'transform 80ms linear' },
        }}
      />
    </Box>
  );
}
