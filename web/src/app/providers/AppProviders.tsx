import type { ReactNode } from 'react';
import { NotificationsProvider } from '@/components/feedback/notifications';
import { AuthProvider, useAuth } from '@/features/auth';
import { AppThemeProvider } from '@/theme/AppThemeProvider';
import { SwrProvider } from './swr/SwrProvider';

/** A fresh data cache per signed-in user: one clinician's patients never show up in another's session. */
function CachePerUser({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  return <SwrProvider key={user?.uid ?? 'signed-out'}>{children}</SwrProvider>;
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <AppThemeProvider>
      <NotificationsProvider>
        <AuthProvider>
          <CachePerUser>{children}</CachePerUser>
        </AuthProvider>
      </NotificationsProvider>
    </AppThemeProvider>
  );
}
