// The signed-in app's frame: header, navigation (side on wide screens, bottom in the compact layout),
// and the current page in the main area.
import Box from '@mui/material/Box';
import { Outlet, useMatch } from 'react-router';
import { FullPageLoader } from '@/components/feedback/FullPageLoader';
import { NavigationProvider, useNavigationState } from '@/components/layout/navigation-state';
import { useAuth, VerifyEmailBanner } from '@/features/auth';
import { AppLock } from '@/features/auth/shell';
import { ReferralClaim } from '@/features/billing';
import { RecorderProvider } from '@/features/record/shell';
import { paths } from '@/config/paths';
import { signedInHint } from '@/lib/signed-in-hint';
import { SwrProvider } from '../providers/swr/SwrProvider';
import { AppHeader } from './AppHeader';
import { BottomNavigationBar } from './BottomNavigationBar';
import { LegalFooter } from './LegalLinks';
import { SignInRefusedBanner } from './SignInRefusedBanner';
import { SideNavigation } from './SideNavigation';
import { UpdatePrompt } from './UpdatePrompt';

/**
 * The page, or while Auth has not said who is signed in (the shell paints before it on a browser signed in
 * last time: features/auth/components/RequireAuth.tsx), a loader in its place: only the Record tab renders
 * before (what it reads from the API waits for the user, see SwrProvider; its kept template names may show).
 */
function Page({ userKnown }: { userKnown: boolean }) {
  const onRecordTab = useMatch({ path: paths.record.path, end: true }) !== null;
  return userKnown || onRecordTab ? <Outlet /> : <FullPageLoader label="Checking your sign-in" />;
}

function ShellLayout({ userKnown }: { userKnown: boolean }) {
  const { isMobileLayout } = useNavigationState();
  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
      {!isMobileLayout && <SideNavigation />}
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <AppHeader />
        <Box component="main" sx={{ flex: 1, p: isMobileLayout ? 2 : 3 }}>
          <Box sx={{ mb: 2, display: 'grid', gap: 2, '&:empty': { display: 'none' } }}>
            <UpdatePrompt />
            <SignInRefusedBanner />
            <VerifyEmailBanner />
          </Box>
          <Page userKnown={userKnown} />
        </Box>
        {isMobileLayout ? <BottomNavigationBar /> : <LegalFooter />}
      </Box>
    </Box>
  );
}

export function Shell() {
  const { user, loading } = useAuth();
  // Before Auth answers, the user this browser had last time (lib/signed-in-hint.ts): when Auth confirms
  // them, the key stays and nothing remounts (what was typed on the Record tab stays).
  const expectedUid = user?.uid ?? (loading ? signedInHint() : null);
  return (
    // A fresh data cache per signed-in user: one clinician's patients never show up in another's session.
    // Here rather than around the whole app, so the signed-out pages (which read no API data through it)
    // do not download SWR (scripts/route-budgets.mjs).
    <SwrProvider key={expectedUid ?? 'signed-out'} userKnown={user !== null}>
      <NavigationProvider user={user}>
        {/* The automatic lock covers the pages without unmounting them: a recording under it goes on. */}
        <AppLock user={user} expectedUid={expectedUid}>
          {/* Around every page: a recording goes on while the clinician moves between them. */}
          <RecorderProvider>
            <ShellLayout userKnown={user !== null} />
          </RecorderProvider>
          <ReferralClaim />
        </AppLock>
      </NavigationProvider>
    </SwrProvider>
  );
}
