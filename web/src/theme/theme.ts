// One theme for the whole app. Calm and legible: a muted teal for actions, quiet surfaces, generous
// spacing, and no shouting uppercase buttons. Both schemes are emitted as CSS variables, so switching
// light/dark is an attribute change rather than a re-render of every styled component.
import { createTheme, type Theme, type ThemeOptions } from '@mui/material/styles';

export const COLOR_MODE_STORAGE_KEY = 'charta-color-mode';

/**
 * A phone (the mobile layout's width, or any touch screen): every control is at least 44×44 px there (WCAG
 * 2.5.5, checked on every page by the accessibility e2e). MUI's defaults are sized for a pointer: icon
 * buttons 40 px, small buttons 30 px, checkboxes 42 px, switches 38 px.
 */
const TOUCH = '@media (max-width: 600px), (pointer: coarse)';
const TAP = 44;

/**
 * The theme, made on first use rather than when this module is evaluated: createTheme builds both colour schemes'
 * variables (about 150 ms at 4x CPU), and web/src/main.tsx gives that a task of its own, apart from evaluating
 * MUI's styling code (docs/first-load.md "The app evaluated in stages").
 */
export function appTheme(): Theme {
  return (made ??= createTheme(THEME_OPTIONS));
}
let made: Theme | undefined;

const THEME_OPTIONS: ThemeOptions = {
  cssVariables: { colorSchemeSelector: 'data' },
  colorSchemes: {
    light: {
      palette: {
        primary: { main: '#1f6e78', contrastText: '#ffffff' },
        secondary: { main: '#5b6b8c' },
        // Darker than MUI's orange (#ed6c02, 3.1:1 under white text): warning chips ("Payment overdue",
        // "Waiting for upgrade") read at 4.7:1, as WCAG AA asks; axe-core caught it in the billing e2e.
        warning: { main: '#b35c00' },
        // Toasts are filled Alerts: white on MUI's info blue (#0288d1) is 3.9:1; its next shade reads at 4.8:1.
        Alert: { infoFilledBg: '#0277bd' },
        background: { default: '#f5f7f8', paper: '#ffffff' },
        text: { primary: '#1c2a30', secondary: '#52636b' },
        divider: 'rgba(28, 42, 48, 0.12)',
      },
    },
    dark: {
      palette: {
        primary: { main: '#7cc4cc', contrastText: '#0c1a1d' },
        secondary: { main: '#a6b4d4' },
        // MUI's dark red (#f44336) keeps white labels at 3.7:1: the Stop button read under AA while recording
        // (axe-core in the live transcript e2e). Dark text on it reads at 4.8:1, and red text on the dark
        // paper keeps MUI's shade.
        error: { main: '#f44336', contrastText: '#0c1a1d' },
        // Dark toasts sit on each colour's dark shade, where white read at 4.1:1 (success, #388e3c) and 3.9:1
        // (info, #0288d1), under the 4.5:1 axe-core asks; the next shades read at 5.1:1 and 4.8:1 (theme.test.ts).
        Alert: { successFilledBg: '#2e7d32', infoFilledBg: '#0277bd' },
        background: { default: '#0f1518', paper: '#161e22' },
        text: { primary: '#e3ecef', secondary: '#9fb1b8' },
        divider: 'rgba(227, 236, 239, 0.12)',
      },
    },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '1.75rem', fontWeight: 600 },
    h2: { fontSize: '1.375rem', fontWeight: 600 },
    h3: { fontSize: '1.125rem', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { [TOUCH]: { minHeight: TAP } } },
    },
    MuiIconButton: {
      styleOverrides: { root: { [TOUCH]: { minWidth: TAP, minHeight: TAP } } },
    },
    MuiToggleButton: {
      styleOverrides: { root: { [TOUCH]: { minHeight: TAP } } },
    },
    // 24 px icons with 10 px around them.
    MuiCheckbox: {
      styleOverrides: { root: { [TOUCH]: { padding: 10 } } },
    },
    MuiRadio: {
      styleOverrides: { root: { [TOUCH]: { padding: 10 } } },
    },
    // The thumb's tap area (its padded base) grows from 38 to 44 px; the track stays as drawn.
    MuiSwitch: {
      styleOverrides: {
        root: { [TOUCH]: { width: 64, height: TAP, padding: 15 } },
        switchBase: { [TOUCH]: { padding: 12 } },
      },
    },
    MuiChip: {
      styleOverrides: { clickable: { [TOUCH]: { minHeight: TAP, minWidth: TAP } }, deletable: { [TOUCH]: { minHeight: TAP } } },
    },
    MuiInputBase: {
      styleOverrides: { root: { [TOUCH]: { minHeight: TAP } } },
    },
    MuiAppBar: {
      defaultProps: { elevation: 0, color: 'inherit' },
      styleOverrides: {
        root: ({ theme }) => ({
          backgroundColor: theme.vars.palette.background.paper,
          borderBottom: `1px solid ${theme.vars.palette.divider}`,
        }),
      },
    },
    MuiCard: {
      defaultProps: { variant: 'outlined' },
    },
    MuiTextField: {
      defaultProps: { fullWidth: true },
    },
    MuiBottomNavigation: {
      styleOverrides: {
        root: ({ theme }) => ({ borderTop: `1px solid ${theme.vars.palette.divider}` }),
      },
    },
    MuiListItemButton: {
      styleOverrides: {
        root: ({ theme }) => ({
          borderRadius: theme.shape.borderRadius,
          '&.Mui-selected': {
            color: theme.vars.palette.primary.main,
          },
        }),
      },
    },
    MuiSnackbar: {
      defaultProps: { anchorOrigin: { vertical: 'bottom', horizontal: 'center' } },
    },
  },
};
