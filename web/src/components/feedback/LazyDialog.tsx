import type { DialogProps } from '@mui/material/Dialog';
import { moduleAfterPaint } from '@/lib/module-after-paint';

// MUI's Dialog brings Modal, Backdrop, Fade and focus trapping (about 6 KB gzip), and the Record tab alone
// holds five dialogs (the consent step, paste notes, a duplicate upload, discarding a recording, recovering
// one): they were part of every first paint though none is open when a page paints (docs/first-load.md
// "Dialogs and menus after the paint"). Dialog's code is fetched once a page has rendered, or when one asks
// to open (its `open` retries a load that failed); until it has arrived nothing is drawn, as for a closed
// dialog. Every dialog of the app goes through here (ESLint's no-restricted-imports says so): one page
// importing Dialog directly would bring it back into the chunks other pages share.
const useDialogModule = moduleAfterPaint(() => import('@mui/material/Dialog'));

/** MUI's Dialog, without holding up the first paint. */
export function LazyDialog(props: DialogProps) {
  const Dialog = useDialogModule(props.open)?.default;
  return Dialog ? <Dialog {...props} /> : null;
}

/** Loads Dialog's code now: dialogs rendered after that open at once (the web tests' setup calls it). */
export const preloadDialog = () => useDialogModule.preload();
