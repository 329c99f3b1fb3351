import type { Session } from '@charta/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { formatResetDate, planAllowance, rememberSessionToDocument, usePlanUsage } from '@/data/billing';

interface PlanLimitHeldProps {
  session: Session;
  documenting: boolean;
  /** POST /session/process: documents it, once the limit no longer holds it. */
  onDocument: () => void;
}

/**
 * A session the free plan's monthly limit stopped at its transcript. Not a failure: nothing is lost, and it is
 * documented after an upgrade (or when the count restarts). While the limit holds, the action is the upgrade;
 * once it does not (Pro, or a new month), the action documents it.
 */
export function PlanLimitHeld({ session, documenting, onDocument }: PlanLimitHeldProps) {
  const { data } = usePlanUsage();
  const limited = data ? planAllowance(data.usage).kind === 'reached' : null;

  const upgrade = (
    <Button
      component={RouterLink}
      to={paths.billing.getHref()}
      onClick={() => rememberSessionToDocument(session.id)}
      color="inherit"
      size="small"
      variant="outlined"
      sx={{ whiteSpace: 'nowrap' }}
    >
      Upgrade to document it
    </Button>
  );
  const documentNow = (
    <Button
      color="inherit"
      size="small"
      variant={limited === false ? 'outlined' : 'text'}
      onClick={onDocument}
      loading={documenting}
      sx={{ whiteSpace: 'nowrap' }}
    >
      Document it
    </Button>
  );

  return (
    // The actions sit under the words, not in the Alert's action slot: beside a long sentence on a phone they
    // squeezed it into a column one word wide (seen in the e2e screenshot at 390 px).
    <Alert severity="info">
      <AlertTitle>{limited === false ? 'Ready to be documented' : 'Kept until you upgrade'}</AlertTitle>
      {data && limited
        ? `It was recorded after this month’s ${data.usage.monthlyLimit} free documentations were used. Its audio and transcript are kept: nothing is lost. It is documented as soon as you upgrade, or from ${formatResetDate(data.usage.resetsAt)}.`
        : limited === false
          ? 'The free plan’s monthly limit held this session, and it no longer applies. Its audio and transcript are kept.'
          : // Usage unknown: the server's own words (the limit, the reset, how to upgrade).
            (session.error?.message ?? 'The free plan’s monthly limit held this session. Its audio and transcript are kept.')}
      {/* Usage unknown (its read failed): both, and the server decides. */}
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap' }}>
        {limited !== false && upgrade}
        {limited !== true && documentNow}
      </Stack>
    </Alert>
  );
}
