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
  /** The location's key: any navigation (another page, Back, a new query) clears the error, as the data router's errorElement did. */
  locationKey: string;
  children: ReactNode;
}

/** Catches what a page throws while rendering and shows RouteErrorPage in its place. */
export class RouteErrorBoundary extends Component<BoundaryProps, { error: unknown; locationKey: string | null }> {
  override state = { error: undefined as unknown, locationKey: null as string | null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('A page threw nothing') };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; locationKey: string | null }) {
    if (state.error !== undefined && state.locationKey !== null && props.locationKey !== state.locationKey) return { error: undefined, locationKey: props.locationKey };
    return { locationKey: props.locationKey };
  }

  override render() {
    return this.state.error !== undefined ? <RouteErrorPage error={this.state.error} /> : this.props.children;
  }
}
