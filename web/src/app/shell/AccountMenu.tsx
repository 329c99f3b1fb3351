import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useNavigationActions, useNavigationState } from '@/components/layout/navigation-state';
import { signOutUser } from '@/features/auth';
import { legalLinks } from './LegalLinks';

export function AccountMenu() {
  const { user, isMobileLayout, disabled } = useNavigationState();
  const { notifyDisabled } = useNavigationActions();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);

  return (
    <>
      <IconButton
        aria-label="Account"
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'account-menu' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <AccountCircleOutlined />
      </IconButton>
      <Menu id="account-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
        {user?.email && (
          <MenuItem disabled>
            <ListItemText primary="Signed in as" secondary={user.email} />
          </MenuItem>
        )}
        {user?.email && <Divider />}
        {/* On wide screens these live in the footer; the compact layout has no room for one. */}
        {isMobileLayout &&
          legalLinks().map(({ label, href }) => (
            <MenuItem key={label} component="a" href={href} target="_blank" rel="noopener noreferrer" onClick={close}>
              {label}
            </MenuItem>
          ))}
        {isMobileLayout && <Divider />}
        <MenuItem
          onClick={() => {
            close();
            // Signing out mid-recording would lose the recording: it is disabled like navigation.
            if (disabled) notifyDisabled();
            else void signOutUser();
          }}
        >
          Sign out
        </MenuItem>
      </Menu>
    </>
  );
}
