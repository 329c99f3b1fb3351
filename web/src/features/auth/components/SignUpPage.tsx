import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Navigate, Link as RouterLink, useSearchParams } from 'react-router';
import { FullPageLoader } from '@/components/feedback/FullPageLoader';
import { paths, safeRedirectTarget } from '@/config/paths';
import { signUpWithPassword } from '../api/auth';
import { useAuth } from '../hooks/use-auth';
import { AuthLayout } from './AuthLayout';
import { CredentialsForm } from './CredentialsForm';

export function SignUpPage() {
  const { user, loading } = useAuth();
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get('redirect') ?? undefined;

  if (loading) return <FullPageLoader label="Checking your sign-in" />;
  if (user) return <Navigate to={safeRedirectTarget(redirect)} replace />;

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
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        We will email you a link to verify your address.
      </Typography>
      <CredentialsForm mode="sign-up" submitLabel="Create account" onSubmit={signUpWithPassword} />
    </AuthLayout>
  );
}
