import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';

interface UploadProgressProps {
  /** Names the bar for assistive technology ("Upload progress for Ana Patiño"). */
  label: string;
  done: number;
  total: number;
  /** What the numbers mean, shown under the bar. */
  detail: string;
}

/** A determinate progress bar with its figures in words. */
export function UploadProgress({ label, done, total, detail }: UploadProgressProps) {
  const percent = total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0;
  return (
    <Box>
      <LinearProgress variant="determinate" value={percent} aria-label={label} sx={{ height: 8, borderRadius: 4 }} />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.75 }}>
        {detail}
      </Typography>
    </Box>
  );
}
