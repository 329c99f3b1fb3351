import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ErrorState } from '@/components/feedback/ErrorState';
import { useProfile } from '@/data/profile';
import { describeError } from '@/lib/error-message';
import { ConsentSettingsForm } from './ConsentSettingsForm';
import { RetentionSettingsForm } from './RetentionSettingsForm';

function SectionCard({ id, title, intro, children }: { id: string; title: string; intro: string; children: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent>
        <Typography id={id} variant="h2" sx={{ mb: 0.5, scrollMarginTop: 80 }}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {intro}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function FormSkeleton({ label, rows }: { label: string; rows: number }) {
  return (
    <Stack spacing={2} role="status" aria-busy="true" aria-label={label}>
      {Array.from({ length: rows }, (_, row) => (
        <Skeleton key={row} variant="rounded" height={56} />
      ))}
    </Stack>
  );
}

/**
 * Consent and Retention (docs/privacy.md "Consent", "Retention"): the clinician's control over patient data, each in
 * a card of its own. Both read the profile; a failed load offers to try again, and a later failed
 * revalidation leaves the forms as they are.
 */
export function PrivacySections() {
  const { data, error, mutate } = useProfile();
  const profile = data?.profile;
  const { hash } = useLocation();
  const loaded = Boolean(profile);
  // The clinic whose policy sets each (docs/clinics.md "Policies"), or null where the clinician chooses.
  const consentSetter = profile?.setByClinic?.consent ? profile.setByClinic.clinicName : null;
  const retentionSetter = profile?.setByClinic?.retention ? profile.setByClinic.clinicName : null;
  // The Record tab's "Change it in Settings" links to #consent-heading: the router does not scroll to it.
  useEffect(() => {
    if (loaded && hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [loaded, hash]);
  const failed = !profile && error ? <ErrorState message={describeError(error)} onRetry={() => void mutate()} /> : null;
  return (
    <>
      <SectionCard id="consent-heading" title="Consent" intro="Whether the patient agreed to be recorded, asked before every recording.">
        {profile ? (
          <ConsentSettingsForm
            // Remounted when the clinic starts or stops setting it: the form then starts from what is in force.
            key={`${profile.uid}-${consentSetter ?? 'own'}`}
            settings={profile.consent}
            setByClinic={consentSetter}
          />
        ) : (
          (failed ?? <FormSkeleton label="Loading consent settings" rows={2} />)
        )}
      </SectionCard>
      <SectionCard id="retention-heading" title="Retention" intro="How long Charta keeps patient data. The note you put in your EHR is yours to keep there.">
        {profile ? (
          <RetentionSettingsForm
            key={`${profile.uid}-${retentionSetter ?? 'own'}-${JSON.stringify(profile.retention)}`}
            settings={profile.retention}
            setByClinic={retentionSetter}
          />
        ) : (
          (failed ?? <FormSkeleton label="Loading retention settings" rows={3} />)
        )}
      </SectionCard>
    </>
  );
}
