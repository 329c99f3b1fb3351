import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import type { CheckoutReturnPhase } from '@/lib/use-checkout-return';

interface PaymentConfirmingNoticeProps {
  phase: CheckoutReturnPhase;
  /** Whose plan it is, as the sentence starts: "Your plan", "The clinic’s plan". */
  plan: string;
  onCheckAgain: () => void;
}

/** Back from checkout, until Stripe's confirmation reaches the plan: a spinner, then, after a while, Check again. */
export function PaymentConfirmingNotice({ phase, plan, onCheckAgain }: PaymentConfirmingNoticeProps) {
  if (phase === 'waiting') {
    return (
      <Alert severity="info" icon={<CircularProgress size={20} aria-hidden />} role="status">
        <AlertTitle>Thank you: confirming your payment</AlertTitle>
        {plan} changes here as soon as Stripe confirms it, usually within seconds.
      </Alert>
    );
  }
  if (phase === 'slow') {
    return (
      <Alert
        severity="warning"
        role="alert"
        action={
          <Button color="inherit" size="small" variant="outlined" onClick={onCheckAgain}>
            Check again
          </Button>
        }
      >
        <AlertTitle>This is taking longer than usual</AlertTitle>
        If your payment went through, nothing is lost: {plan.charAt(0).toLowerCase() + plan.slice(1)} changes as soon as Stripe confirms it, which can
        take a few minutes. Check again in a moment.
      </Alert>
    );
  }
  return null;
}
