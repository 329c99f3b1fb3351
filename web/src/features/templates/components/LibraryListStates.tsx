import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A library's list while it loads (the community library's and the clinic's): three entry-sized placeholders. */
export function LibraryListLoading({ label }: { label: string }) {
  return (
    <Stack spacing={1.5} role="status" aria-busy="true" aria-label={label}>
      {[0, 1, 2].map((row) => (
        <Skeleton key={row} variant="rounded" height={120} />
      ))}
    </Stack>
  );
}

/** A library with nothing to list: what is (not) there, and what to do about it. */
export function LibraryListEmpty({ title, hint }: { title: ReactNode; hint: ReactNode }) {
  return (
    <Card sx={{ p: 4, textAlign: 'center' }}>
      <Typography variant="h3" component="p">
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {hint}
      </Typography>
    </Card>
  );
}
