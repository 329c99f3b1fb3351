import { DEFAULT_RETENTION_SETTINGS, retentionSummary } from '@charta/contract';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { LegalLinkList } from '@/components/layout/legal-links';
import { paths } from '@/config/paths';
import { signUpWithPassword } from '../api/auth';
import { useSignedOutPage } from '../hooks/use-signed-out-page';
import { AuthLayout } from './AuthLayout';
import { CredentialsForm } from './CredentialsForm';
import { InvitedBy } from './InvitedBy';
import { SignUpAlternatives } from './SignUpAlternatives';

export function SignUpPage() {
  const { redirect, leave } = useSignedOutPage();
  if (leave) return leave;

  return (
    <AuthLayout
      title="Create your account"
      footer={
        <Typography variant="body2">
          Already have an account?{' '}
          <Link component={RouterLink} to={paths.signIn.getHref(redirect)}>
            Sign in
          </Link>
        </Typography>
      }
    >
      <InvitedBy />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        We will email you a link to verify your address.
      </Typography>
      <CredentialsForm mode="sign-up" submitLabel="Create account" onSubmit={signUpWithPassword} />
      <SignUpAlternatives />
      {/* The privacy defaults, said before the first recording (docs/privacy.md "Consent", "Retention"). */}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        Patient data, by default: Charta asks you to confirm the patient’s consent before each recording. {retentionSummary(DEFAULT_RETENTION_SETTINGS)} You can
        change both in Settings.
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        By creating an account you agree to the terms below; the business associate agreement covers your patients’ data.
      </Typography>
      <LegalLinkList sx={{ mt: 1, typography: 'body2' }} />
    </AuthLayout>
  );
}
