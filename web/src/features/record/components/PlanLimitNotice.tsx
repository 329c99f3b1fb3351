import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { formatResetDate, planAllowance, usePlanUsage } from '@/data/billing';

/**
 * The free plan's monthly limit, said before it is reached and plainly once it is: recording never stops, so
 * a clinician mid-clinic is never turned away, and what is recorded past the limit waits to be documented.
 */
export function PlanLimitNotice() {
  const { data } = usePlanUsage();
  // Usage unknown (loading, or its read failed, which the app's snackbar reports): recording works the same.
  if (!data) return null;
  const allowance = planAllowance(data.usage);
  const upgrade = (
    <Button component={RouterLink} to={paths.billing.getHref()} color="inherit" size="small" variant="outlined" sx={{ whiteSpace: 'nowrap' }}>
      Upgrade
    </Button>
  );

  if (allowance.kind === 'nearly') {
    return (
      <Alert severity="warning" action={upgrade}>
        {allowance.left === 1 ? '1 documentation' : `${allowance.left} documentations`} left this month on the free plan. Pro has no
        monthly limit.
      </Alert>
    );
  }
  if (allowance.kind === 'reached') {
    return (
      <Alert severity="warning" action={upgrade}>
        <AlertTitle>You have used this month’s {allowance.limit} free documentations</AlertTitle>
        You can still record and upload. Each session is kept with its audio and transcript, and documented as soon as you upgrade, or
        when the count starts again on {formatResetDate(data.usage.resetsAt)}.
      </Alert>
    );
  }
  return null;
}
