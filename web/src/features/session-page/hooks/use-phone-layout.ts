import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';

/**
 * Below the `md` breakpoint (a phone, 390 px wide) the session page is its own layout: one of note,
 * transcript and chat at a time, behind tabs, and the note's actions in menus. From `md` up it stays as it was.
 */
export function usePhoneLayout(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
}
