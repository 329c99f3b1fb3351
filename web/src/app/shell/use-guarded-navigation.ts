import type { SxProps, Theme } from '@mui/material/styles';
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

/**
 * How a disabled nav control looks: greyed and with a not-allowed pointer, while it stays clickable (not
 * MUI's `disabled`, which drops clicks) so the click can still say why. axe leaves aria-disabled controls
 * out of its contrast check, as WCAG does for inactive components.
 */
export const disabledNavigationSx = {
  cursor: 'not-allowed',
  color: 'text.disabled',
  '& .MuiSvgIcon-root, & .MuiListItemIcon-root': { color: 'text.disabled' },
} satisfies SxProps<Theme>;
