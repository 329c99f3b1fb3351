import type { Subscription } from '@charta/contract';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { ErrorState } from '@/components/feedback/ErrorState';
import { paths } from '@/config/paths';
import { useSubscription } from '@/data/billing';
import { describeError } from '@/lib/error-message';
import { planTitle, statusChip } from '@/lib/subscription';

function periodNote(subscription: Subscription): string | null {
  if (!subscription.currentPeriodEnd || subscription.status === 'none' || subscription.status === 'canceled') return null;
  const date = new Date(subscription.currentPeriodEnd);
  if (Number.isNaN(date.getTime())) return null;
  const formatted = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(date);
  return subscription.cancelAtPeriodEnd ? `Ends on ${formatted}` : `Renews on ${formatted}`;
}

function SubscriptionSummary({ subscription }: { subscription: Subscription }) {
  const status = statusChip(subscription.status);
  const note = periodNote(subscription);
  return (
    <Stack spacing={0.5}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="h3" component="p">
          {planTitle(subscription.plan)}
        </Typography>
        {status && <Chip size="small" label={status.label} color={status.color} />}
      </Stack>
      {note && (
        <Typography variant="body2" color="text.secondary">
          {note}
        </Typography>
      )}
    </Stack>
  );
}

export function SubscriptionCard() {
  const { data, error, mutate } = useSubscription();
  return (
    <Card component="section" aria-labelledby="subscription-heading">
      <CardContent>
        <Typography id="subscription-heading" variant="h2" sx={{ mb: 2 }}>
          Subscription
        </Typography>
        {data ? (
          <SubscriptionSummary subscription={data.subscription} />
        ) : error ? (
          <ErrorState message={describeError(error)} onRetry={() => void mutate()} />
        ) : (
          <Skeleton variant="text" width={160} height={32} role="status" aria-label="Loading subscription" />
        )}
      </CardContent>
      {/* Usage, upgrading, billing and referrals have their own page; Settings only says where the plan stands. */}
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button component={RouterLink} to={paths.billing.getHref()}>
          Plan and billing
        </Button>
      </CardActions>
    </Card>
  );
}
