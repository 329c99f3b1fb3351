import type { TooltipProps } from '@mui/material/Tooltip';
import { moduleAfterPaint } from '@/lib/module-after-paint';

// MUI's Tooltip brings Popper and popper.js with it (about 9 KB gzip), and the shell's header has one (the
// theme toggle): every signed-in page, the Record tab included, downloaded them before its first paint
// (docs/first-load.md). A control under a tooltip is labelled and works without it, so the tooltip's code
// is fetched once a control has rendered, and wraps it once it has arrived (if it cannot be fetched, the
// control stays as it is). Every tooltip of the app goes through here: one page importing Tooltip directly
// would bring it back into the chunks other pages share.
const useTooltipModule = moduleAfterPaint(() => import('@mui/material/Tooltip'));

/** MUI's Tooltip, without holding up the first paint: until its code has loaded, the child alone. */
export function LazyTooltip(props: TooltipProps) {
  const Tooltip = useTooltipModule()?.default;
  return Tooltip ? <Tooltip {...props} /> : props.children;
}
