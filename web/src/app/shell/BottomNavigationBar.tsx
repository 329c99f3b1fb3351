import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import Paper from '@mui/material/Paper';
import { Link as RouterLink } from 'react-router';
import { useNavigationState } from '@/components/layout/navigation-state';
import { TABS } from './tabs';
import { disabledNavigationSx, useGuardedNavigation } from './use-guarded-navigation';

export function BottomNavigationBar() {
  const { currentTab } = useNavigationState();
  const { disabled, guard } = useGuardedNavigation();
  return (
    <Paper component="nav" aria-label="Main" square elevation={0} sx={{ position: 'sticky', bottom: 0, zIndex: 'appBar' }}>
      <BottomNavigation showLabels value={currentTab}>
        {TABS.map(({ id, label, href, Icon }) => (
          <BottomNavigationAction
            key={id}
            value={id}
            label={label}
            icon={<Icon />}
            component={RouterLink}
            to={href}
            aria-current={currentTab === id ? 'page' : undefined}
            aria-disabled={disabled || undefined}
            onClick={guard}
            // MUI's 80 px minimum makes five actions 400 px: wider than a 390 px phone, so every page scrolled sideways.
            sx={disabled ? { minWidth: 0, ...disabledNavigationSx } : { minWidth: 0 }}
          />
        ))}
      </BottomNavigation>
    </Paper>
  );
}
