import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';

/** Shown instead of a blank screen when a page crashes while rendering. */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    console.error('Page crashed', error);
  }, [error]);
  return (
    <Box component="main" sx={{ p: 3, maxWidth: 640, mx: 'auto' }}>
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => window.location.reload()}>
            Reload
          </Button>
        }
      >
        Something went wrong while showing this page. Reloading usually helps.
      </Alert>
    </Box>
  );
}
