import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useNavigationActions, useNavigationState } from '@/components/layout/navigation-state';
import { paths } from '@/config/paths';
import { signOutUser } from '@/features/auth';
import { useRecordingsOnDevice, type KeptRecording } from '@/features/record';
import { legalLinks } from './LegalLinks';
import { KeptRecordingsDialog } from './KeptRecordingsDialog';

export function AccountMenu() {
  const { user, isMobileLayout, disabled } = useNavigationState();
  const { notifyDisabled } = useNavigationActions();
  const recordings = useRecordingsOnDevice();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [keeping, setKeeping] = useState<KeptRecording[] | null>(null);
  const [signingOut, setSigningOut] = useState(false);
  const navigate = useNavigate();
  const close = () => setAnchor(null);

  // Recordings and sign-out live in two features; signing out is where they meet, so the app composes them.
  const signOut = async () => {
    setSigningOut(true);
    try {
      // Stops every upload in this tab and deletes from this device what the server has in full.
      if (user) await recordings.signOut(user.uid).catch(() => undefined);
      await signOutUser();
    } finally {
      setSigningOut(false);
      setKeeping(null);
    }
  };

  const askThenSignOut = async () => {
    // IndexedDB unavailable (some private windows): this device could not have kept anything.
    const kept = user ? await recordings.keptAtSignOut(user.uid).catch(() => []) : [];
    if (kept.length > 0) setKeeping(kept);
    else await signOut();
  };

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
        {/* Clinic settings beside the account: no room for a sixth tab on a phone (docs/clinics.md "Screens"). */}
        <MenuItem
          onClick={() => {
            close();
            if (disabled) notifyDisabled();
            else void navigate(paths.clinicSettings.getHref());
          }}
        >
          Clinic
        </MenuItem>
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            // Signing out mid-recording would lose the recording: it is disabled like navigation.
            if (disabled) notifyDisabled();
            else void askThenSignOut();
          }}
        >
          Sign out
        </MenuItem>
      </Menu>
      <KeptRecordingsDialog
        kept={keeping}
        email={user?.email ?? null}
        busy={signingOut}
        onConfirm={() => void signOut()}
        onClose={() => setKeeping(null)}
      />
    </>
  );
}
