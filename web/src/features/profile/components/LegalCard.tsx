import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { LegalLinkList } from '@/components/layout/legal-links';

/** The documents the clinician agreed to at sign-up, where they look for them again. */
export function LegalCard() {
  return (
    <Card component="section" aria-labelledby="legal-heading">
      <CardContent>
        <Typography id="legal-heading" variant="h2" sx={{ mb: 0.5 }}>
          Terms and agreements
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          The terms you use Charta under, how it handles personal data, and the business associate agreement that covers your patients’ data.
        </Typography>
        <LegalLinkList direction="column" />
      </CardContent>
    </Card>
  );
}
