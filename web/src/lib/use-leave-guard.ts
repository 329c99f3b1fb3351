import { useBlocker, type Blocker } from 'react-router';
import { useBeforeUnload } from './use-before-unload';

/**
 * Unsaved work is not lost by accident: while `dirty`, moving to another page in the app is held (show a
 * confirm dialog from the returned blocker) and closing or reloading the tab asks first.
 * `leavingOnPurpose` lets a page navigate away itself (after saving or deleting) without being held.
 */
export function useLeaveGuard(dirty: boolean, leavingOnPurpose: () => boolean = () => false): Blocker {
  useBeforeUnload(dirty);
  return useBlocker(({ currentLocation, nextLocation }) => dirty && !leavingOnPurpose() && currentLocation.pathname !== nextLocation.pathname);
}
