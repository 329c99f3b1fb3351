import Divider from '@mui/material/Divider';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { KeptRecording } from '@/features/record';
import { legalLinks } from './LegalLinks';
import { KeptRecordingsDialog } from './KeptRecordingsDialog';

export interface AccountMenuPopupProps {
  anchor: HTMLElement | null;
  email: string | null;
  /** The compact layout has no footer: the legal links go in the menu. */
  withLegalLinks: boolean;
  onClose: () => void;
  onClinic: () => void;
  onSignOut: () => void;
  /** What signing out would leave on this device, while the question is asked. */
  keeping: KeptRecording[] | null;
  signingOut: boolean;
  onKeepAndSignOut: () => void;
  onStaySignedIn: () => void;
}

/**
 * The account menu's popup and the question before signing out with recordings kept: what opens from the
 * header's Account button. A module of its own (AccountMenu loads it after the first paint) because MUI's
 * Menu brings Popover, Modal and focus trapping, which no page needs to paint.
 */
export default function AccountMenuPopup(props: AccountMenuPopupProps) {
  const { anchor, email, withLegalLinks, onClose } = props;
  return (
    <>
      <Menu id="account-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
        {email && (
          <MenuItem disabled>
            <ListItemText primary="Signed in as" secondary={email} />
          </MenuItem>
        )}
        {email && <Divider />}
        {/* On wide screens these live in the footer; the compact layout has no room for one. */}
        {withLegalLinks &&
          legalLinks().map(({ label, href }) => (
            <MenuItem key={label} component="a" href={href} target="_blank" rel="noopener noreferrer" onClick={onClose}>
              {label}
            </MenuItem>
          ))}
        {withLegalLinks && <Divider />}
        {/* Clinic settings beside the account: no room for a sixth tab on a phone (docs/clinics.md "Screens"). */}
        <MenuItem
          onClick={() => {
            onClose();
            props.onClinic();
          }}
        >
          Clinic
        </MenuItem>
        <Divider />
        <MenuItem
          onClick={() => {
            onClose();
            props.onSignOut();
          }}
        >
          Sign out
        </MenuItem>
      </Menu>
      <KeptRecordingsDialog
        kept={props.keeping}
        email={email}
        busy={props.signingOut}
        onConfirm={props.onKeepAndSignOut}
        onClose={props.onStaySignedIn}
      />
    </>
  );
}
