import { render } from '@testing-library/react';
import { useColorScheme } from '@mui/material/styles';
import { useLayoutEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { AppThemeProvider } from './AppThemeProvider';
import { ColorModeToggle } from './ColorModeToggle';
import { COLOR_MODE_STORAGE_KEY } from './theme';

describe('AppThemeProvider', () => {
  it('renders once as the app opens, not again after mounting (that second render was one long task as the app opened)', () => {
    let renders = 0;
    // Reads the colour scheme, as the header's toggle does: MUI's "mounted" state changed what it reads.
    function CountsRenders() {
      useColorScheme();
      renders += 1;
      return null;
    }
    render(
      <AppThemeProvider>
        <CountsRenders />
      </AppThemeProvider>,
    );
    // render() flushes the effects, where MUI would have set its "mounted" state and rendered everything again.
    expect(renders).toBe(1);
  });

  it('knows the stored mode in its first render: the toggle offers the other one at once', () => {
    window.localStorage.setItem(COLOR_MODE_STORAGE_KEY, 'dark');
    try {
      // What the toggle said when the app first reached the screen (the first commit), not after a later render.
      let firstLabel: string | null | undefined;
      function RecordsFirstLabel() {
        useLayoutEffect(() => {
          firstLabel = document.querySelector('button')?.getAttribute('aria-label');
        }, []);
        return null;
      }
      render(
        <AppThemeProvider>
          <ColorModeToggle />
          <RecordsFirstLabel />
        </AppThemeProvider>,
      );
      expect(firstLabel).toBe('Use light theme');
    } finally {
      window.localStorage.removeItem(COLOR_MODE_STORAGE_KEY);
    }
  });
});
