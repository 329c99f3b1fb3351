import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PaymentConfirmingNotice } from '@/components/feedback/PaymentConfirmingNotice';
import { paths } from '@/config/paths';
import { forgetSessionToDocument, sessionToDocument } from '@/data/billing';
import type { CheckoutReturnPhase } from '../hooks/use-checkout-return';

interface CheckoutReturnNoticeProps {
  phase: CheckoutReturnPhase;
  onCheckAgain: () => void;
  onDismiss: () => void;
}

/** What happened to the payment the clinician just made, while the plan catches up with it. */
export function CheckoutReturnNotice({ phase, onCheckAgain, onDismiss }: CheckoutReturnNoticeProps) {
  // Read once: the session the clinician left to upgrade from (the session page remembers it).
  const [heldSessionId] = useState(sessionToDocument);
  switch (phase) {
    case 'none':
      return null;
    case 'cancelled':
      return (
        <Alert severity="info" role="status" onClose={onDismiss}>
          Checkout was cancelled. Nothing was charged, and you are still on your current plan.
        </Alert>
      );
    case 'waiting':
    case 'slow':
      return <PaymentConfirmingNotice phase={phase} plan="Your plan" onCheckAgain={onCheckAgain} />;
    case 'confirmed':
      return (
        <Alert severity="success" role="status" onClose={onDismiss}>
          <AlertTitle>Welcome to Pro</AlertTitle>
          <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
            <span>You can document every session, with no monthly limit.</span>
            {heldSessionId && (
              <Button
                component={RouterLink}
                to={paths.session.getHref(heldSessionId)}
                variant="contained"
                color="success"
                size="small"
                onClick={forgetSessionToDocument}
              >
                Back to your session to document it
              </Button>
            )}
          </Stack>
        </Alert>
      );
  }
}
