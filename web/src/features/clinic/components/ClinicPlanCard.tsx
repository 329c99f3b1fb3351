import type { ClinicBilling } from '@charta/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDate } from '@/lib/format';
import { leaveAppFor } from '@/lib/leave-app';
import { useSubmit } from '@/lib/use-submit';
import { clinicCheckoutUrl, clinicPortalUrl } from '../api/clinic';
import type { ClinicCheckoutReturn } from '../hooks/use-clinic-checkout-return';

interface ClinicPlanCardProps {
  billing: ClinicBilling;
  /** Admins and the owner buy and manage the plan; members read it. */
  canManage: boolean;
  checkoutReturn: ClinicCheckoutReturn;
  onCheckAgain: () => void;
  onDismissReturn: () => void;
}

const seatsText = (seats: number) => `${seats} seat${seats === 1 ? '' : 's'}`;

/** The plan in force, in sentences every member can read. */
function planSentences(billing: ClinicBilling): string[] {
  if (billing.plan === 'pro') {
    const period = billing.currentPeriodEnd ? (billing.cancelAtPeriodEnd ? `The plan ends on ${formatDate(billing.currentPeriodEnd)}.` : `It renews on ${formatDate(billing.currentPeriodEnd)}.`) : null;
    return [
      `Every member is on Pro through the clinic: ${seatsText(billing.seats)}, one per member. A seat is added or taken away as members join and leave, and Stripe prorates each change on the next invoice.`,
      ...(period ? [period] : []),
      ...(billing.billedSeats !== null && billing.billedSeats !== billing.seats ? [`Stripe is being updated to ${seatsText(billing.seats)} (it bills for ${billing.billedSeats} now).`] : []),
    ];
  }
  return [
    `${billing.status === 'canceled' ? 'The clinic’s plan has ended: each' : 'Each'} member is on their own plan.`,
    `With the clinic’s plan every member is on Pro and the clinic pays one bill, a seat per member (${seatsText(billing.seats)} now). A member who pays for Pro themselves has their own plan ended, with its unused days credited to them.`,
  ];
}

/**
 * Plan and seats (docs/clinics.md "Seats and billing"): what the clinic pays for, for everyone in it; for admins
 * and the owner, starting the plan (Stripe Checkout at a seat per member) or managing it (Stripe's portal).
 */
export function ClinicPlanCard({ billing, canManage, checkoutReturn, onCheckAgain, onDismissReturn }: ClinicPlanCardProps) {
  const start = useSubmit(async () => leaveAppFor(await clinicCheckoutUrl()));
  const manage = useSubmit(async () => leaveAppFor(await clinicPortalUrl()));
  const error = start.error ?? manage.error;
  const paid = billing.plan === 'pro';

  return (
    <Card component="section" aria-labelledby="clinic-plan-heading">
      <CardContent>
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography id="clinic-plan-heading" variant="h2">
            Plan and seats
          </Typography>
          {checkoutReturn === 'waiting' && !paid && (
            <Alert severity="info" icon={<CircularProgress size={20} aria-hidden />} role="status">
              <AlertTitle>Thank you: confirming the payment</AlertTitle>
              The clinic’s plan shows here as soon as Stripe confirms it, usually within seconds.
            </Alert>
          )}
          {checkoutReturn === 'slow' && !paid && (
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
              If the payment went through, nothing is lost: the plan shows here as soon as Stripe confirms it, which can take a few minutes.
            </Alert>
          )}
          {checkoutReturn === 'cancelled' && (
            <Alert severity="info" role="status" onClose={onDismissReturn}>
              Checkout was cancelled. Nothing was charged.
            </Alert>
          )}
          {billing.status === 'past_due' && (
            <Alert severity="warning" role="status">
              The clinic’s last payment failed. Members keep Pro while Stripe tries again; {canManage ? 'update the card in Manage billing.' : 'the owner and admins can update the card.'}
            </Alert>
          )}
          {planSentences(billing).map((sentence) => (
            <Typography key={sentence}>{sentence}</Typography>
          ))}
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          {canManage ? (
            paid ? (
              <Button variant="outlined" onClick={() => void manage.submit()} disabled={manage.busy}>
                {manage.busy ? 'Opening Stripe…' : 'Manage billing'}
              </Button>
            ) : (
              <Button variant="contained" onClick={() => void start.submit()} disabled={start.busy}>
                {start.busy ? 'Opening checkout…' : `Start the clinic plan for ${seatsText(billing.seats)}`}
              </Button>
            )
          ) : (
            <Typography variant="body2" color="text.secondary">
              The owner and admins manage the clinic’s plan.
            </Typography>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
