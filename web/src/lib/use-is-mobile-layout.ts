import useMediaQuery from '@mui/material/useMediaQuery';
import { getEnv } from '@/config/env';

export const MOBILE_MAX_WIDTH_PX = 600;

/** Compact layout (bottom navigation) on small screens, and always inside the browser extension's narrow panel. */
export function useIsMobileLayout(): boolean {
  // noSsr: read the real viewport on the first render instead of flashing the desktop layout.
  const smallScreen = useMediaQuery(`(max-width:${MOBILE_MAX_WIDTH_PX}px)`, { noSsr: true });
  return smallScreen || getEnv().extensionMode;
}
