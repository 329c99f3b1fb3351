import { useEffect, type ReactNode } from 'react';
import { NotificationsProvider } from '@/components/feedback/notifications';
import { AuthProvider, useAuth } from '@/features/auth';
import { useRecordingsOnDevice } from '@/features/record';
import { ANALYTICS_BUILT_IN } from '@/lib/analytics';
import { AppThemeProvider } from '@/theme/AppThemeProvider';
import { Analytics } from './Analytics';
import { SwrProvider } from './swr/SwrProvider';

/** A fresh data cache per signed-in user: one clinician's patients never show up in another's session. */
function CachePerUser({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  return <SwrProvider key={user?.uid ?? 'signed-out'}>{children}</SwrProvider>;
}

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
          {ANALYTICS_BUILT_IN ? (
            <Analytics>
              <CachePerUser>{children}</CachePerUser>
            </Analytics>
          ) : (
            <CachePerUser>{children}</CachePerUser>
          )}
        </AuthProvider>
      </NotificationsProvider>
    </AppThemeProvider>
  );
}
