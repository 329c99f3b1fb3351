import type { TooltipProps } from '@mui/material/Tooltip';
import { lazy, Suspense } from 'react';

// MUI's Tooltip brings Popper and popper.js with it (about 11 KB gzip), and the shell's header has one (the
// theme toggle): every signed-in page, the Record tab included, downloaded them before its first paint
// (docs/first-load.md). A control under a tooltip is labelled and works without it, so the tooltip comes in
// a chunk of its own, requested when a control first renders, and wraps the control once it has arrived.
// Every tooltip of the app goes through here: one page importing Tooltip directly would bring it back into
// the chunks other pages share.
const Tooltip = lazy(() => import('@mui/material/Tooltip'));

/** MUI's Tooltip, without holding up the first paint: until its code has loaded, the child alone. */
export function LazyTooltip(props: TooltipProps) {
  return (
    <Suspense fallback={props.children}>
      <Tooltip {...props} />
    </Suspense>
  );
}
