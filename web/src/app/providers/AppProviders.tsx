import { useEffect, type ReactNode } from 'react';
import { NotificationsProvider } from '@/components/feedback/notifications';
import { AuthProvider, useAuth } from '@/features/auth';
import { useRecordingsOnDevice } from '@/features/record';
import { ANALYTICS_BUILT_IN } from '@/lib/analytics';
import { AppThemeProvider } from '@/theme/AppThemeProvider';
import { Analytics } from './Analytics';

/**
 * Uploads in this tab are the signed-in user's alone: when that changes (signed out here or in another tab,
 * or someone else signed in), every other user's recording stops at once, on whatever page is showing.
 */
function RecordingsFollowSignedInUser() {
  const { user, loading } = useAuth();
  const recordings = useRecordingsOnDevice();
  const uid = user?.uid ?? null;
  useEffect(() => {
    if (!loading) recordings.forgetOthers(uid);
  }, [recordings, uid, loading]);
  return null;
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <AppThemeProvider>
      <NotificationsProvider>
        <AuthProvider>
          <RecordingsFollowSignedInUser />
          {/* A constant: without analytics in the build, <Analytics> and all it loads are left out of the bundle. */}
          {/* The data cache (SWR) is the shell's, one per signed-in user: app/shell/Shell.tsx. */}
          {ANALYTICS_BUILT_IN ? <Analytics>{children}</Analytics> : children}
        </AuthProvider>
      </NotificationsProvider>
    </AppThemeProvider>
  );
}
