import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ErrorState } from '@/components/feedback/ErrorState';
import { describeError } from '@/lib/error-message';
import { useProfile } from '@/data/profile';
import { ProfileForm } from './ProfileForm';

function ProfileSkeleton() {
  return (
    <Stack spacing={2} role="status" aria-busy="true" aria-label="Loading profile">
      {[0, 1, 2, 3].map((row) => (
        <Skeleton key={row} variant="rounded" height={56} />
      ))}
      <Skeleton variant="rounded" width={88} height={36} />
    </Stack>
  );
}

export function ProfileSection() {
  const { data, error, mutate } = useProfile();

  // Data wins over a later failed revalidation: the form stays usable and the snackbar reports the failure.
  const content = data ? (
    <ProfileForm key={data.profile.uid} profile={data.profile} />
  ) : error ? (
    <ErrorState message={describeError(error)} onRetry={() => void mutate()} />
  ) : (
    <ProfileSkeleton />
  );

  return (
    <Card component="section" aria-labelledby="profile-heading">
      <CardContent>
        <Typography id="profile-heading" variant="h2" sx={{ mb: 0.5 }}>
          Profile
        </Typography>
        {data?.profile.email && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Signed in as {data.profile.email}
          </Typography>
        )}
        {content}
      </CardContent>
    </Card>
  );
}
