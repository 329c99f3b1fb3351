import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useNavigationState } from '@/components/layout/navigation-state';
import { ColorModeToggle } from '@/theme/ColorModeToggle';
import { AccountMenu } from './AccountMenu';
import { MIDDLE_COMPONENTS } from './middle-components';

export function AppHeader() {
  const { title, customHeader, middleComponentKey } = useNavigationState();
  const Middle = middleComponentKey ? MIDDLE_COMPONENTS[middleComponentKey] : undefined;
  return (
    <AppBar position="sticky">
      <Toolbar sx={{ gap: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          {customHeader ?? (
            <Typography variant="h6" component="h1" noWrap>
              {title}
            </Typography>
          )}
        </Box>
        {Middle && <Middle />}
        <ColorModeToggle />
        <AccountMenu />
      </Toolbar>
    </AppBar>
  );
}
