import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { appTheme, COLOR_MODE_STORAGE_KEY } from './theme';

/** Follows the system scheme until the user picks one; MUI stores that choice in localStorage. */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={appTheme()} defaultMode="system" modeStorageKey={COLOR_MODE_STORAGE_KEY} disableTransitionOnChange>
      <CssBaseline enableColorScheme />
      {children}
    </ThemeProvider>
  );
}
