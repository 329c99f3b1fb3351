// The signed-in app's frame: header, navigation (side on wide screens, bottom in the compact layout),
// and the current page in the main area.
import Box from '@mui/material/Box';
import { Outlet } from 'react-router';
import { NavigationProvider, useNavigationState } from '@/components/layout/navigation-state';
import { useAuth, VerifyEmailBanner } from '@/features/auth';
import { AppLock } from '@/features/auth/shell';
import { ReferralClaim } from '@/features/billing';
import { RecorderProvider } from '@/features/record/shell';
import { SwrProvider } from '../providers/swr/SwrProvider';
import { AppHeader } from './AppHeader';
import { BottomNavigationBar } from './BottomNavigationBar';
import { LegalFooter } from './LegalLinks';
import { SideNavigation } from './SideNavigation';
import { UpdatePrompt } from './UpdatePrompt';

function ShellLayout() {
  const { isMobileLayout } = useNavigationState();
  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
      {!isMobileLayout && <SideNavigation />}
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <AppHeader />
        <Box component="main" sx={{ flex: 1, p: isMobileLayout ? 2 : 3 }}>
          <Box sx={{ mb: 2, display: 'grid', gap: 2, '&:empty': { display: 'none' } }}>
            <UpdatePrompt />
            <VerifyEmailBanner />
          </Box>
          <Outlet />
        </Box>
        {isMobileLayout ? <BottomNavigationBar /> : <LegalFooter />}
      </Box>
    </Box>
  );
}

export function Shell() {
  const { user } = useAuth();
  return (
    // A fresh data cache per signed-in user: one clinician's patients never show up in another's session.
    // Here rather than around the whole app, so the signed-out pages (which read no API data through it)
    // do not download SWR (scripts/route-budgets.mjs).
    <SwrProvider key={user?.uid ?? 'signed-out'}>
      <NavigationProvider user={user}>
        {/* The automatic lock covers the pages without unmounting them: a recording under it goes on. */}
        <AppLock user={user}>
          {/* Around every page: a recording goes on while the clinician moves between them. */}
          <RecorderProvider>
            <ShellLayout />
          </RecorderProvider>
          <ReferralClaim />
        </AppLock>
      </NavigationProvider>
    </SwrProvider>
  );
}
