import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { useSignedOutPage } from '../hooks/use-signed-out-page';
import { AuthLayout } from './AuthLayout';
import { SignInMethods } from './SignInMethods';

export function SignInPage() {
  const { redirect, leave } = useSignedOutPage();
  if (leave) return leave;

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
      <SignInMethods />
    </AuthLayout>
  );
}
