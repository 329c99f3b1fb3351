import type { PurchasablePlan } from '@charta/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { lazy, Suspense, useState } from 'react';
import { getEnv } from '@/config/env';
import { describeError } from '@/lib/error-message';
import { createEmbeddedCheckout } from '../api/billing';
import { leaveAppFor } from '@/lib/leave-app';

const StripeEmbeddedCheckout = lazy(() => import('./StripeEmbeddedCheckout'));

/** The local Stripe emulator's stand-in for embedded Checkout, for one checkout session. */
export function emulatorCheckoutUrl(emulatorUrl: string, clientSecret: string): string {
  return `${emulatorUrl}/checkout/embedded?${new URLSearchParams({ client_secret: clientSecret }).toString()}`;
}

/**
 * Upgrade: Stripe's embedded Checkout on this page in production. Emulator builds (VITE_USE_EMULATORS) go to
 * the Stripe emulator's checkout page instead, in the same tab: embedded Checkout needs Stripe.js from
 * Stripe's servers, and framing the emulator would put http://127.0.0.1 in the frame-src of the one CSP
 * firebase.json gives production and emulators alike (and Chrome lets a cross-origin frame send the top
 * window back to /billing only with a fresh click). Both end the same way: back on /billing?checkout=done.
 */
export function UpgradeCheckout({ plan, label }: { plan: PurchasablePlan; label: string }) {
  const { useEmulators, billing } = getEnv();
  const [starting, setStarting] = useState(false);
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const start = async () => {
    setError(null);
    if (!useEmulators) {
      setOpen(true);
      return;
    }
    setStarting(true);
    try {
      const clientSecret = await createEmbeddedCheckout(plan);
      leaveAppFor(emulatorCheckoutUrl(billing.stripeEmulatorUrl, clientSecret));
    } catch (failure) {
      setError(`Checkout could not be started. ${describeError(failure)}`);
      setStarting(false);
    }
  };

  const fetchClientSecret = async () => {
    try {
      return await createEmbeddedCheckout(plan);
    } catch (failure) {
      setError(`Checkout could not be started. ${describeError(failure)}`);
      setOpen(false);
      throw failure;
    }
  };

  const configured = useEmulators || billing.stripePublishableKey !== '';
  return (
    <Stack spacing={2}>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      {!configured && <Alert severity="info">Upgrading is not available on this installation yet.</Alert>}
      {open && configured ? (
        <Stack spacing={1}>
          <Box sx={{ minHeight: 400 }}>
            <Suspense fallback={<Skeleton variant="rounded" height={400} role="status" aria-label="Loading checkout" />}>
              <StripeEmbeddedCheckout publishableKey={billing.stripePublishableKey} fetchClientSecret={fetchClientSecret} />
            </Suspense>
          </Box>
          <Box>
            <Button onClick={() => setOpen(false)}>Cancel</Button>
          </Box>
        </Stack>
      ) : (
        <Box>
          <Button variant="contained" size="large" disabled={!configured} loading={starting} onClick={() => void start()}>
            {label}
          </Button>
        </Box>
      )}
    </Stack>
  );
}
