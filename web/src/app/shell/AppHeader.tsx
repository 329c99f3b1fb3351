import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useNavigationState } from '@/components/layout/navigation-state';
import { RecordingBar } from '@/features/record/shell';
import { ColorModeToggle } from '@/theme/ColorModeToggle';
import { NO_CAPTURE_CLASS } from '@/lib/analytics';
import { AccountMenu } from './AccountMenu';

export function AppHeader() {
  const { title } = useNavigationState();
  return (
    <AppBar position="sticky">
      <Toolbar sx={{ gap: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          {/* The title names the patient on a session's page. */}
          <Typography variant="h6" component="h1" noWrap className={NO_CAPTURE_CLASS}>
            {title}
          </Typography>
        </Box>
        <ColorModeToggle />
        <AccountMenu />
      </Toolbar>
      {/* Under the title, so it stays in view with the header while the page scrolls. */}
      <RecordingBar />
    </AppBar>
  );
}
