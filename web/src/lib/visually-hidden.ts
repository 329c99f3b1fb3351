/**
 * Read by screen readers, not seen: the usual clipped 1 px box. Pixels written out: in MUI's sx a width
 * of 1 means 100%, which once made such a span as wide as the transcript list and the list scroll sideways
 * on a phone. (MUI's own `visuallyHidden` is in @mui/utils, not a dependency of the web app.)
 */
export const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
