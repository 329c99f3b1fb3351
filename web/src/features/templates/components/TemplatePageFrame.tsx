// The frame every template page (the editor, a built-in's view) shares: the way back to the list and the
// page's actions on top, and the template beside its live preview below.
import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';

export function PageFrame({ actions, children }: { actions?: ReactNode; children: ReactNode }) {
  return (
    <Stack spacing={2} sx={{ maxWidth: 1400 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={paths.templates.getHref()} startIcon={<ArrowBack />}>
          All templates
        </Button>
        <Box sx={{ flex: 1 }} />
        {actions}
      </Box>
      {children}
    </Stack>
  );
}

/** The template (main) and its preview (side, sticky on wide screens). */
export function TwoColumns({ main, side }: { main: ReactNode; side: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }, alignItems: 'start' }}>
      <Stack spacing={2}>{main}</Stack>
      <Box sx={{ position: { lg: 'sticky' }, top: { lg: 88 } }}>{side}</Box>
    </Box>
  );
}
