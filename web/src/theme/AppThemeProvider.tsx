import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { appTheme, COLOR_MODE_STORAGE_KEY } from './theme';

/**
 * Follows the system scheme until the user picks one; MUI stores that choice in localStorage.
 *
 * `noSsr`: the first render already reads the stored mode and the system's. Without it MUI renders once without
 * them (what a server-rendered page would have had) and again right after mounting, and that second render,
 * outside a transition, was one long task as the app opened (docs/first-load.md): React walked the tree from the
 * provider, and MUI serialised and hashed the theme's 23,000-character variables sheet again. Nothing
 * here is hydrated: the prerendered sign-in page is replaced by the client's render, not hydrated.
 */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={appTheme()} defaultMode="system" modeStorageKey={COLOR_MODE_STORAGE_KEY} disableTransitionOnChange noSsr>
      <CssBaseline enableColorScheme />
      {children}
    </ThemeProvider>
  );
}
