import type { PlanUsage, Subscription } from '@charta/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ErrorState } from '@/components/feedback/ErrorState';
import { useShellPage } from '@/components/layout/use-shell-page';
import { usePlanUsage } from '@/data/billing';
import { describeError } from '@/lib/error-message';
import { planTitle, statusChip } from '@/lib/subscription';
import { getPortalLink } from '../api/billing';
import { useCheckoutReturn } from '../hooks/use-checkout-return';
import { leaveAppFor } from '@/lib/leave-app';
import { canManageBilling, periodLine, subscriptionWarning } from '../lib/plan';
import { CheckoutReturnNotice } from './CheckoutReturnNotice';
import { ReferralCard } from './ReferralCard';
import { UpgradeCheckout } from './UpgradeCheckout';
import { UsageMeter } from './UsageMeter';

function ManageBillingButton() {
  const [opening, setOpening] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const open = async () => {
    setOpening(true);
    setError(null);
    try {
      leaveAppFor(await getPortalLink());
    } catch (failure) {
      setError(`Billing could not be opened. ${describeError(failure)}`);
      setOpening(false);
    }
  };
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Button variant="outlined" loading={opening} onClick={() => void open()}>
        Manage billing
      </Button>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}

function Usage() {
  const { data, error, mutate } = usePlanUsage();
  if (data) return <UsageMeter usage={data.usage} />;
  if (error) return <ErrorState message={`This month's usage could not be loaded. ${describeError(error)}`} onRetry={() => void mutate()} />;
  return <Skeleton variant="rounded" height={56} role="status" aria-label="Loading this month's usage" />;
}

function PlanSummary({ subscription, throughClinic }: { subscription: Subscription; throughClinic: boolean }) {
  const chip = statusChip(subscription.status);
  const period = periodLine(subscription);
  const warning = subscriptionWarning(subscription);
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h3" component="p" data-testid="current-plan">
          {planTitle(throughClinic ? 'pro' : subscription.plan)}
        </Typography>
        {chip && <Chip size="small" label={chip.label} color={chip.color} />}
      </Stack>
      {throughClinic && <Typography>Your clinic pays for your Pro plan: its owner and admins manage it in Clinic settings.</Typography>}
      {period && <Typography color="text.secondary">{period}</Typography>}
      {warning && (
        <Alert severity="warning" role="alert">
          {warning}
        </Alert>
      )}
    </Stack>
  );
}

function PlanCard({ subscription, throughClinic, loadError, onRetry }: { subscription: Subscription | undefined; throughClinic: boolean; loadError: unknown; onRetry: () => void }) {
  let summary;
  if (subscription) summary = <PlanSummary subscription={subscription} throughClinic={throughClinic} />;
  else if (loadError) summary = <ErrorState message={`Your plan could not be loaded. ${describeError(loadError)}`} onRetry={onRetry} />;
  else summary = <Skeleton width={200} height={36} role="status" aria-label="Loading your plan" />;
  return (
    <Card component="section" aria-labelledby="plan-heading">
      <CardContent>
        <Stack spacing={2.5}>
          <Typography id="plan-heading" variant="h2">
            Your plan
          </Typography>
          {summary}
          <Usage />
          {subscription && canManageBilling(subscription) && (
            <Box>
              <ManageBillingButton />
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                Payment method, invoices, and cancelling, on Stripe&apos;s secure page.
              </Typography>
            </Box>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

function UpgradeCard({ usage }: { usage: PlanUsage | undefined }) {
  return (
    <Card component="section" aria-labelledby="upgrade-heading">
      <CardContent>
        <Stack spacing={2}>
          <Typography id="upgrade-heading" variant="h2">
            Upgrade to Pro
          </Typography>
          <Typography component="ul" sx={{ pl: 2.5, m: 0, '& li': { mb: 0.5 } }}>
            <li>Document every session, with no monthly limit{usage?.monthlyLimit ? ` (the free plan has ${usage.monthlyLimit})` : ''}.</li>
            <li>Sessions held by the free limit are documented as soon as you upgrade.</li>
            <li>Billed monthly; cancel any time in Manage billing. The price is shown at checkout.</li>
          </Typography>
          <UpgradeCheckout plan="pro" label="Upgrade to Pro" />
        </Stack>
      </CardContent>
    </Card>
  );
}

/** Plan and billing: where the plan stands this month, upgrading, managing billing, and inviting colleagues. */
export function BillingPage() {
  useShellPage('billing', 'Plan and billing');
  const { phase, subscription, checkAgain, dismiss } = useCheckoutReturn();
  const usage = usePlanUsage();
  const current = subscription.data?.subscription;
  // Pro without a plan of one's own: a paid clinic's member (docs/clinics.md "Seats and billing"), offered nothing to buy.
  const throughClinic = current?.plan === 'free' && usage.data?.usage.plan === 'pro';
  // While a payment is being confirmed the page does not offer to pay again.
  const offerUpgrade = current?.plan === 'free' && !throughClinic && phase !== 'waiting' && phase !== 'slow';

  return (
    <Stack spacing={3} sx={{ maxWidth: 760 }}>
      <CheckoutReturnNotice phase={phase} onCheckAgain={checkAgain} onDismiss={dismiss} />
      <PlanCard subscription={current} throughClinic={throughClinic} loadError={subscription.error} onRetry={() => void subscription.mutate()} />
      {offerUpgrade && <UpgradeCard usage={usage.data?.usage} />}
      <ReferralCard />
    </Stack>
  );
}
