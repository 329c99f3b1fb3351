import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';

/** Where the clinician finds their clinic (Settings → Clinic, docs/clinics.md "Screens"). */
export function ClinicCard() {
  return (
    <Card component="section" aria-labelledby="clinic-card-heading">
      <CardContent>
        <Typography id="clinic-card-heading" variant="h2" sx={{ mb: 0.5 }}>
          Clinic
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Share templates with the colleagues in your practice: create a clinic or see the one you are in, its members and invitations. Your
          sessions and patients stay yours.
        </Typography>
        <Button component={RouterLink} to={paths.clinicSettings.getHref()} variant="outlined" startIcon={<GroupsOutlined />}>
          Clinic settings
        </Button>
      </CardContent>
    </Card>
  );
}
