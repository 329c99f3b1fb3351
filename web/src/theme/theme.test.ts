import type * as Styles from '@mui/material/styles';
import { createTheme, getContrastRatio } from '@mui/material/styles';
import { describe, expect, it, vi } from 'vitest';
import { appTheme } from './theme';

vi.mock('@mui/material/styles', async (importOriginal) => {
  const styles = await importOriginal<typeof Styles>();
  return { ...styles, createTheme: vi.fn(styles.createTheme) };
});

describe('appTheme', () => {
  it('is made on first use, once: loading the module makes none (web/src/main.tsx gives it a task of its own)', () => {
    // Before any test here has asked for it (vitest runs a file's tests in order, this describe first).
    expect(createTheme).not.toHaveBeenCalled();
    const first = appTheme();
    expect(appTheme()).toBe(first);
    expect(createTheme).toHaveBeenCalledTimes(1);
  });
});

type Scheme = 'light' | 'dark';
type Palette = Record<string, unknown>;

/** A palette value, following MUI's `var(--mui-palette-success-dark, …)` references back to the palette. */
function resolve(palette: Palette, value: unknown): string {
  const text = String(value);
  const reference = /^var\(--mui-palette-([A-Za-z]+)-([A-Za-z]+)/.exec(text);
  if (!reference) return text;
  const [, group = '', key = ''] = reference;
  return resolve(palette, (palette[group] as Record<string, unknown>)[key]);
}

const SEVERITIES = ['success', 'info', 'warning', 'error'] as const;

describe('the theme’s toasts (filled Alerts in the Snackbar, components/feedback/notifications.tsx)', () => {
  for (const scheme of ['light', 'dark'] as Scheme[]) {
    for (const severity of SEVERITIES) {
      // WCAG AA for normal text (the message is 14 px, medium weight): what axe-core's color-contrast checks.
      it(`reads at 4.5:1 or more in the ${scheme} theme (${severity})`, () => {
        // The resolved palettes of both schemes (createTheme with cssVariables keeps them; the Theme type omits them).
        const { colorSchemes } = appTheme() as unknown as { colorSchemes: Record<Scheme, { palette: Palette }> };
        const palette = colorSchemes[scheme].palette;
        const alert = palette['Alert'] as Record<string, string>;
        const background = resolve(palette, alert[`${severity}FilledBg`]);
        const text = resolve(palette, alert[`${severity}FilledColor`]);
        expect(getContrastRatio(text, background), `${text} on ${background}`).toBeGreaterThanOrEqual(4.5);
      });
    }
  }
});

describe('the theme’s contained buttons (Start recording, Stop, a destructive confirmation)', () => {
  for (const scheme of ['light', 'dark'] as Scheme[]) {
    for (const color of ['primary', 'error'] as const) {
      // The label is 15 px, semibold: normal text for WCAG, 4.5:1 (axe-core's color-contrast).
      it(`reads at 4.5:1 or more in the ${scheme} theme (${color})`, () => {
        const { colorSchemes } = appTheme() as unknown as { colorSchemes: Record<Scheme, { palette: Palette }> };
        const palette = colorSchemes[scheme].palette;
        const { main, contrastText } = palette[color] as { main: string; contrastText: string };
        expect(getContrastRatio(resolve(palette, contrastText), resolve(palette, main)), `${contrastText} on ${main}`).toBeGreaterThanOrEqual(4.5);
      });
    }
  }
});
