import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import IconButton from '@mui/material/IconButton';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useNavigationActions, useNavigationState } from '@/components/layout/navigation-state';
import { paths } from '@/config/paths';
import { signOutUser } from '@/features/auth';
import { useRecordingsOnDevice, type KeptRecording } from '@/features/record';
import { moduleAfterPaint } from '@/lib/module-after-paint';

// The popup (MUI's Menu, with Popover and Modal) and the question before signing out come after the first
// paint: the header paints its Account button without them (docs/first-load.md "Dialogs and menus after the paint").
const useAccountMenuPopup = moduleAfterPaint(() => import('./AccountMenuPopup'));

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

  // A click before the popup's code has arrived (or after it failed to) asks for it again; the menu opens
  // as soon as it is here.
  const Popup = useAccountMenuPopup(anchor)?.default;

  return (
    <>
      <IconButton
        aria-label="Account"
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor && Popup ? 'account-menu' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <AccountCircleOutlined />
      </IconButton>
      {Popup && (
        <Popup
          anchor={anchor}
          email={user?.email ?? null}
          withLegalLinks={isMobileLayout}
          onClose={close}
          onClinic={() => {
            if (disabled) notifyDisabled();
            else void navigate(paths.clinicSettings.getHref());
          }}
          onSignOut={() => {
            // Signing out mid-recording would lose the recording: it is disabled like navigation.
            if (disabled) notifyDisabled();
            else void askThenSignOut();
          }}
          keeping={keeping}
          signingOut={signingOut}
          onKeepAndSignOut={() => void signOut()}
          onStaySignedIn={() => setKeeping(null)}
        />
      )}
    </>
  );
}
