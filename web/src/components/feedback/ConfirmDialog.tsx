import { moduleAfterPaint } from '@/lib/module-after-paint';
import type { ConfirmDialogProps } from './ConfirmDialogBody';

// The dialog's title, text and actions (MUI's DialogTitle, DialogContent, DialogContentText, DialogActions:
// 1.6 KB gzip) load once a page has painted, with Dialog itself (LazyDialog): the shell's sign-out question and
// the Record tab's are never open at the first paint. A question asked before they arrive shows when they do.
const useConfirmDialogModule = moduleAfterPaint(() => import('./ConfirmDialogBody'));

/** Asks before something that cannot be undone. Cancel has the focus, so Enter never destroys by accident. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const ConfirmDialogBody = useConfirmDialogModule(props.open)?.ConfirmDialogBody;
  return ConfirmDialogBody ? <ConfirmDialogBody {...props} /> : null;
}

/** Loads its code now: a question asked after that shows at once (the web tests' setup calls it). */
export const preloadConfirmDialog = () => useConfirmDialogModule.preload();
