import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';

export function NotFoundPage() {
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography variant="h2" component="p">
        This page does not exist.
      </Typography>
      <Button component={RouterLink} to={paths.record.getHref()} variant="outlined">
        Go to Record
      </Button>
    </Stack>
  );
}
