import { useLayoutEffect, useState, type RefObject } from 'react';

/** MUI's BottomNavigation is 56 px tall (the shell's bottom navigation on a phone), and a gap above it. */
const BOTTOM_NAV_PX = 56;
const GAP_PX = 16;

/**
 * The height that takes an element from where it starts on the page (scrolled to the top) down to just above
 * the phone's bottom navigation, at least `minPx`: a chat given it has its input above the navigation when
 * its tab opens, not under it until scrolled (issue 23). Measured again when the window or the page resizes
 * (what is above it can grow: an alert, the header's facts). Null while `enabled` is false.
 */
export function useHeightAboveBottomNav(ref: RefObject<HTMLElement | null>, enabled: boolean, minPx = 360): number | null {
  const [height, setHeight] = useState<number | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!enabled || !element) return;
    const measure = () => {
      const top = element.getBoundingClientRect().top + window.scrollY;
      setHeight(Math.max(minPx, Math.floor(window.innerHeight - top - BOTTOM_NAV_PX - GAP_PX)));
    };
    measure();
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(document.body);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [enabled, minPx, ref]);
  return enabled ? height : null;
}
