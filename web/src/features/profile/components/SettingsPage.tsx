import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useShellPage } from '@/components/layout/use-shell-page';
import { ActivityCard } from './ActivityCard';
import { ClinicCard } from './ClinicCard';
import { DataExportCard } from './DataExportCard';
import { LegalCard } from './LegalCard';
import { PrivacySections } from './PrivacySections';
import { ProfileSection } from './ProfileSection';
import { SubscriptionCard } from './SubscriptionCard';

interface SettingsPageProps {
  /** The automatic lock's idle time (the lock belongs to auth). */
  lockSection?: ReactNode;
  /** What the app puts last, from other features (deleting the account belongs to auth). */
  accountSection?: ReactNode;
}

export function SettingsPage({ lockSection, accountSection }: SettingsPageProps = {}) {
  useShellPage('settings', 'Settings');
  return (
    <Stack spacing={3} sx={{ maxWidth: 640 }}>
      <ProfileSection />
      <PrivacySections />
      <SubscriptionCard />
      <ClinicCard />
      <ActivityCard />
      <DataExportCard />
      {lockSection}
      <LegalCard />
      {accountSection}
    </Stack>
  );
}
