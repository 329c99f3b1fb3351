import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { paths } from '@/config/paths';

/**
 * The invitation link opened signed out. Who invites, and to which clinic, is shown only after sign-in (the
 * link alone reveals nothing); sign-in and sign-up both bring the clinician back to this page.
 */
export function InvitationSignedOut() {
  const { pathname } = useLocation();
  return (
    <Box component="main" sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Card sx={{ width: '100%', maxWidth: 460 }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Typography variant="overline" component="p" color="primary" sx={{ fontWeight: 700, letterSpacing: 2 }}>
            Charta
          </Typography>
          <Typography variant="h1" sx={{ mb: 2 }}>
            You are invited to a clinic
          </Typography>
          <Stack spacing={2}>
            <Typography>
              Sign in to see who invited you and to which clinic, and to accept. Use the email address the invitation was sent to.
            </Typography>
            <Typography color="text.secondary">
              New to Charta? Create an account with that address and verify it; you come back here afterwards.
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Members of a clinic share templates. Your sessions, notes and patients stay yours: nobody in the clinic sees them.
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
              <Button component={RouterLink} to={paths.signIn.getHref(pathname)} variant="contained">
                Sign in
              </Button>
              <Button component={RouterLink} to={paths.signUp.getHref(pathname)} variant="outlined">
                Create an account
              </Button>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
