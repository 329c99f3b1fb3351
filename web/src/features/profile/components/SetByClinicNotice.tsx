import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';

/**
 * Above a setting the clinician's clinic sets for every member (docs/clinics.md "Policies"): the values shown are
 * the clinic's, in force, and only its admins change them. The clinician's own come back if the clinic lifts
 * the policy or they leave.
 */
export function SetByClinicNotice({ clinicName }: { clinicName: string }) {
  return (
    <Alert severity="info">
      Set by your clinic, {clinicName}: its admins change it on the{' '}
      <Link component={RouterLink} to={paths.clinicSettings.getHref()}>
        Clinic
      </Link>{' '}
      page. Your own setting comes back if the clinic stops setting it, or if you leave.
    </Alert>
  );
}
