import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/**
 * The microphone's input level (0..1 on a dB scale), so the clinician sees that sound is arriving. A meter
 * (ARIA's role for a measurement in a known range), drawn as a bar: MUI's LinearProgress, which drew it before,
 * is a progress indicator, and its 1.9 KB (gzip) was on the Record tab's first paint for this bar alone.
 */
export function LevelMeter({ level, active }: { level: number; active: boolean }) {
  const percent = active ? Math.round(level * 100) : 0;
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
        Input level
      </Typography>
      <Box
        role="meter"
        aria-label="Microphone input level"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        // A neutral track: an empty meter must not look like a full one.
        sx={{ height: 10, borderRadius: 5, overflow: 'hidden', bgcolor: 'action.selected' }}
      >
        <Box
          sx={{
            height: '100%',
            bgcolor: percent > 92 ? 'warning.main' : 'success.main',
            // The level changes ten times a second: a short linear transition keeps up with the voice.
            transition: 'transform 80ms linear',
          }}
          // Inline, not in sx: a class per level would add up to a hundred style rules as the voice moves.
          style={{ transform: `translateX(${percent - 100}%)` }}
        />
      </Box>
    </Box>
  );
}
