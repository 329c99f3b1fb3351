import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';

/**
 * A session's page while it loads: its heading, its facts and its note, as grey shapes. A status, so a screen
 * reader hears that the page is loading (a named plain div says nothing). The owner's session page and a
 * colleague's read-only view of a shared one load alike.
 */
export function SessionSkeleton({ label }: { label: string }) {
  return (
    <Stack spacing={1.5} role="status" aria-busy="true" aria-label={label}>
      <Skeleton width="40%" height={40} />
      <Skeleton width="60%" />
      <Skeleton variant="rounded" height={160} />
    </Stack>
  );
}
