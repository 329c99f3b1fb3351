import type { ClinicBilling } from '@charta/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PaymentConfirmingNotice } from '@/components/feedback/PaymentConfirmingNotice';
import { formatDate } from '@/lib/format';
import { leaveAppFor } from '@/lib/leave-app';
import type { CheckoutReturnPhase } from '@/lib/use-checkout-return';
import { useSubmit } from '@/lib/use-submit';
import { clinicCheckoutUrl, clinicPortalUrl } from '../api/clinic';


interface ClinicPlanCardProps {
  billing: ClinicBilling;
  /** Admins and the owner buy and manage the plan; members read it. */
  canManage: boolean;
  checkoutReturn: CheckoutReturnPhase;
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
          {!paid && <PaymentConfirmingNotice phase={checkoutReturn} plan="The clinic’s plan" onCheckAgain={onCheckAgain} />}
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
