import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Navigate, Link as RouterLink, useSearchParams } from 'react-router';
import { FullPageLoader } from '@/components/feedback/FullPageLoader';
import { paths, safeRedirectTarget } from '@/config/paths';
import { signInWithPassword } from '../api/auth';
import { useAuth } from '../hooks/use-auth';
import { AuthLayout } from './AuthLayout';
import { CredentialsForm } from './CredentialsForm';

export function SignInPage() {
  const { user, loading } = useAuth();
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get('redirect') ?? undefined;

  if (loading) return <FullPageLoader label="Checking your sign-in" />;
  // Signing in changes the auth state; this is what then takes the user back to where they were.
  if (user) return <Navigate to={safeRedirectTarget(redirect)} replace />;

  return (
    <AuthLayout
      title="Sign in"
      footer={
        <Typography variant="body2">
          New to Charta?{' '}
          <Link component={RouterLink} to={paths.signUp.getHref(redirect)}>
            Sign up
          </Link>
        </Typography>
      }
    >
      <CredentialsForm mode="sign-in" submitLabel="Sign in" onSubmit={signInWithPassword} />
    </AuthLayout>
  );
}
