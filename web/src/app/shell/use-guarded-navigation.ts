import type { MouseEvent } from 'react';
import { useNavigationActions, useNavigationState } from '@/components/layout/navigation-state';

/**
 * While navigation is disabled (e.g. during a recording) a nav control does nothing but show the
 * disable-toast message, so the user learns why instead of losing their work.
 */
export function useGuardedNavigation() {
  const { disabled } = useNavigationState();
  const { notifyDisabled } = useNavigationActions();
  return {
    disabled,
    guard: (event: MouseEvent) => {
      if (!disabled) return;
      event.preventDefault();
      notifyDisabled();
    },
  };
}
