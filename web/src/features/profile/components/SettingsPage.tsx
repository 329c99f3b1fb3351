import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useShellPage } from '@/components/layout/use-shell-page';
import { ActivityCard } from './ActivityCard';
import { ProfileSection } from './ProfileSection';
import { SubscriptionCard } from './SubscriptionCard';

interface SettingsPageProps {
  /** What the app puts last, from other features (deleting the account belongs to auth). */
  accountSection?: ReactNode;
}

export function SettingsPage({ accountSection }: SettingsPageProps = {}) {
  useShellPage('settings', 'Settings');
  return (
    <Stack spacing={3} sx={{ maxWidth: 640 }}>
      <ProfileSection />
      <SubscriptionCard />
      <ActivityCard />
      {accountSection}
    </Stack>
  );
}
