import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useShellPage } from '@/components/layout/use-shell-page';

/**
 * The default tab. Recording, the patient name and the template choice arrive with the recording feature;
 * until then this page says so rather than showing controls that do nothing.
 */
export function RecordPage() {
  useShellPage('record', 'Record');
  return (
    <Stack spacing={3} sx={{ maxWidth: 640 }}>
      {/* The header holds the page's h1 ("Record"). */}
      <Typography variant="h1" component="h2">
        Record a session
      </Typography>
      <Card component="section" aria-labelledby="record-setup-heading">
        <CardContent>
          <Typography id="record-setup-heading" variant="h2" component="h3" sx={{ mb: 1 }}>
            Patient and template
          </Typography>
          <Typography color="text.secondary">
            Here you will enter the patient&apos;s name, choose a documentation template and record or upload the
            session. This part of Charta is not available yet.
          </Typography>
        </CardContent>
      </Card>
    </Stack>
  );
}
