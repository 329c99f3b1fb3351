import ContentCopy from '@mui/icons-material/ContentCopy';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ErrorState } from '@/components/feedback/ErrorState';
import { paths } from '@/config/paths';
import { useProfile } from '@/data/profile';
import { describeError } from '@/lib/error-message';
import { useCustomerBalance } from '../api/billing';
import { formatMinorUnits } from '../lib/money';

/** The invitation link a clinician shares: the sign-up page, which remembers the code. */
export function referralLink(origin: string, referralCode: string): string {
  return `${origin}${paths.signUp.getReferralHref(referralCode)}`;
}

function CreditEarned() {
  const { data, error, mutate } = useCustomerBalance();
  if (error) return <ErrorState message={`Your credit could not be loaded. ${describeError(error)}`} onRetry={() => void mutate()} />;
  if (!data) return <Skeleton width={220} role="status" aria-label="Loading your credit" />;
  const { amount, currency } = data.balance;
  return (
    <Typography>
      {amount > 0 ? (
        <>
          Credit earned: <strong>{formatMinorUnits(amount, currency)}</strong>, used on your next invoices.
        </>
      ) : (
        'No credit yet. When a colleague you invited pays for their first month, credit is added here and used on your next invoices.'
      )}
    </Typography>
  );
}

export function ReferralCard() {
  const profile = useProfile();
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const code = profile.data?.profile.referralCode;
  const link = code ? referralLink(window.location.origin, code) : null;

  const copyLink = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      setCopy('copied');
    } catch {
      // Clipboard refused (permissions, an insecure origin): the link is in the field, ready to select.
      setCopy('failed');
    }
  };

  let body;
  if (link) {
    body = (
      <Stack spacing={1.5}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            label="Your invitation link"
            value={link}
            fullWidth
            // Wrapped, not cut: on a phone the link is wider than the field.
            multiline
            size="small"
            onFocus={(event) => event.target.select()}
            slotProps={{ htmlInput: { readOnly: true } }}
          />
          <Button variant="outlined" startIcon={<ContentCopy />} onClick={() => void copyLink()} sx={{ flexShrink: 0, minHeight: 40 }}>
            Copy link
          </Button>
        </Stack>
        <Typography role="status" variant="body2" color={copy === 'failed' ? 'error' : 'text.secondary'}>
          {copy === 'copied' ? 'Link copied.' : copy === 'failed' ? 'Copying was not allowed here: select the link and copy it.' : ''}
        </Typography>
      </Stack>
    );
  } else if (profile.error) {
    body = <ErrorState message={`Your invitation link could not be loaded. ${describeError(profile.error)}`} onRetry={() => void profile.mutate()} />;
  } else {
    body = <Skeleton variant="rounded" height={40} role="status" aria-label="Loading your invitation link" />;
  }

  return (
    <Card component="section" aria-labelledby="referral-heading">
      <CardContent>
        <Stack spacing={2}>
          <Typography id="referral-heading" variant="h2">
            Invite a colleague
          </Typography>
          <Typography color="text.secondary">
            Share your link. Colleagues who sign up with it see that you invited them, and you earn credit when they subscribe.
          </Typography>
          {body}
          <CreditEarned />
        </Stack>
      </CardContent>
    </Card>
  );
}
