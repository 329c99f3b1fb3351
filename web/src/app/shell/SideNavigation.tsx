import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { Link as RouterLink } from 'react-router';
import { useNavigationState } from '@/components/layout/navigation-state';
import { TABS } from './tabs';
import { disabledNavigationSx, useGuardedNavigation } from './use-guarded-navigation';

export const SIDE_NAVIGATION_WIDTH = 224;

export function SideNavigation() {
  const { currentTab } = useNavigationState();
  const { disabled, guard } = useGuardedNavigation();
  return (
    <Box
      component="nav"
      aria-label="Main"
      sx={{
        width: SIDE_NAVIGATION_WIDTH,
        flexShrink: 0,
        borderRight: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        p: 2,
        // In view however long the page: as tall as the window, held at its top while the page scrolls.
        position: 'sticky',
        top: 0,
        alignSelf: 'flex-start',
        height: '100dvh',
        overflowY: 'auto',
      }}
    >
      <Typography variant="h6" component="p" color="primary" sx={{ fontWeight: 700, px: 1.5, mb: 2 }}>
        Charta
      </Typography>
      <List disablePadding>
        {/* Each link in its own list item: a list holds only items (axe's "list" rule; screen readers count them). */}
        {TABS.map(({ id, label, href, Icon }) => (
          <ListItem key={id} disablePadding sx={{ mb: 0.5 }}>
            <ListItemButton
              component={RouterLink}
              to={href}
              selected={currentTab === id}
              aria-current={currentTab === id ? 'page' : undefined}
              aria-disabled={disabled || undefined}
              onClick={guard}
              sx={disabled ? disabledNavigationSx : undefined}
            >
              <ListItemIcon sx={{ minWidth: 36 }}>
                <Icon />
              </ListItemIcon>
              <ListItemText primary={label} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
