import Stack from '@mui/material/Stack';
import { useShellPage } from '@/components/layout/use-shell-page';
import { ProfileSection } from './ProfileSection';
import { SubscriptionCard } from './SubscriptionCard';

export function SettingsPage() {
  useShellPage('settings', 'Settings');
  return (
    <Stack spacing={3} sx={{ maxWidth: 640 }}>
      <ProfileSection />
      <SubscriptionCard />
    </Stack>
  );
}
