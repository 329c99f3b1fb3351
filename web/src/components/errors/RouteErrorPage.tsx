import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Component, useEffect, type ReactNode } from 'react';

/** Shown instead of a blank screen when a page crashes while rendering (or its chunk fails to load). */
export function RouteErrorPage({ error }: { error: unknown }) {
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

interface BoundaryProps {
  /** The page's address: going to another page clears the error, as the data router's errorElement did. */
  pathname: string;
  children: ReactNode;
}

/** Catches what a page throws while rendering and shows RouteErrorPage in its place. */
export class RouteErrorBoundary extends Component<BoundaryProps, { error: unknown; pathname: string | null }> {
  override state = { error: undefined as unknown, pathname: null as string | null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('A page threw nothing') };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; pathname: string | null }) {
    if (state.pathname === null) return { pathname: props.pathname };
    if (state.error !== undefined && props.pathname !== state.pathname) return { error: undefined, pathname: props.pathname };
    return { pathname: props.pathname };
  }

  override render() {
    return this.state.error !== undefined ? <RouteErrorPage error={this.state.error} /> : this.props.children;
  }
}
