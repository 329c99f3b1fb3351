import type { PlanUsage } from '@charta/contract';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { formatResetDate, planAllowance } from '@/data/billing';

const plural = (count: number) => (count === 1 ? 'documentation' : 'documentations');

/**
 * This month's documentations against the plan's limit. A meter (role="meter", ARIA 1.2) rather than MUI's
 * progressbar role: it is an amount within a range, not a task under way, and screen readers say it so.
 */
export function UsageMeter({ usage }: { usage: PlanUsage }) {
  const labelId = useId();
  const allowance = planAllowance(usage);
  const used = usage.documentationsThisMonth;
  const resets = formatResetDate(usage.resetsAt);

  if (allowance.kind === 'unlimited') {
    return (
      <Typography>
        {used} {plural(used)} this month. Your plan has no monthly limit.
      </Typography>
    );
  }

  const limit = usage.monthlyLimit ?? 0;
  const valueText = `${used} of ${limit} ${plural(limit)} used this month`;
  const color = allowance.kind === 'reached' ? 'error' : allowance.kind === 'nearly' ? 'warning' : 'primary';
  return (
    <Stack spacing={1}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', columnGap: 2 }}>
        <Typography id={labelId} sx={{ fontWeight: 600 }}>
          Documentations this month
        </Typography>
        <Typography>
          {used} of {limit}
        </Typography>
      </Stack>
      <LinearProgress
        variant="determinate"
        color={color}
        value={limit > 0 ? Math.min(100, (used / limit) * 100) : 100}
        role="meter"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={limit}
        aria-valuenow={Math.min(used, limit)}
        aria-valuetext={valueText}
        sx={{ height: 10, borderRadius: 5 }}
      />
      <Typography variant="body2" color="text.secondary">
        {allowance.kind === 'reached'
          ? `You have used all ${limit} for this month. New recordings are kept with their transcripts and documented once you upgrade, or when the count starts again on ${resets}.`
          : `${allowance.left} left. The count starts again on ${resets}.`}
      </Typography>
    </Stack>
  );
}
