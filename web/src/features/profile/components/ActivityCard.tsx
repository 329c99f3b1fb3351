import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';

/** Where the clinician finds their audit trail (Settings → Activity). */
export function ActivityCard() {
  return (
    <Card component="section" aria-labelledby="activity-heading">
      <CardContent>
        <Typography id="activity-heading" variant="h2" sx={{ mb: 0.5 }}>
          Activity
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Who viewed, changed, copied or shared your patients’ data, and when: every access is recorded, and you can download it.
        </Typography>
        <Button component={RouterLink} to={paths.activity.getHref()} variant="outlined" startIcon={<HistoryOutlined />}>
          View activity
        </Button>
      </CardContent>
    </Card>
  );
}
