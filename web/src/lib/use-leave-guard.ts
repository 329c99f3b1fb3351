import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useGuardedHistory } from './router/GuardedRouter';
import type { HeldNavigation, LeaveCheck } from './router/guarded-history';
import { useBeforeUnload } from './use-before-unload';

/**
 * Unsaved work is not lost by accident: while `dirty`, moving to another page in the app is held (show a
 * confirm dialog from the returned navigation: `proceed` leaves, `reset` stays) and closing or reloading the tab
 * asks first. `leavingOnPurpose` lets a page navigate away itself (after saving or deleting) without being held.
 */
export function useLeaveGuard(dirty: boolean, leavingOnPurpose: () => boolean = () => false): HeldNavigation {
  useBeforeUnload(dirty);
  const guarded = useGuardedHistory();
  const latest = useRef({ dirty, leavingOnPurpose });
  useEffect(() => {
    latest.current = { dirty, leavingOnPurpose };
  });
  // One check for the component's life, reading the latest props: the guard keeps it by identity.
  const [check] = useState(() => {
    const leaveCheck: LeaveCheck = ({ currentPathname, nextPathname }) =>
      latest.current.dirty && !latest.current.leavingOnPurpose() && currentPathname !== nextPathname;
    return leaveCheck;
  });
  useEffect(() => guarded.addCheck(check), [guarded, check]);
  // The same in a render without a browser: the build renders the Record tab for its styles (app/prerender).
  const held = () => guarded.heldFor(check);
  return useSyncExternalStore(guarded.subscribe, held, held);
}
