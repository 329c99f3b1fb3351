// Run at build time, in Node (scripts/prerender-pages.mjs loads it through Vite): never part of the app's bundle.
import { renderToString } from 'react-dom/server';
import { parseEnv } from '@/config/env';
import { AppThemeProvider } from '@/theme/AppThemeProvider';

/**
 * The theme's global styles, as the app's first render would insert them: the CSS variables of both colour
 * schemes and the baseline (about 23,000 characters of CSS, 40% of what the Record tab's first render inserted).
 * Written into index.html's head at build time, they are parsed by the browser with the page, and emotion,
 * finding them there, does not compile them again in the commit that paints the app (docs/first-load.md
 * "One render at start, and the theme's styles in the page"). Null for a build without its configuration, as prerender-sign-in.tsx.
 */
export function prerenderThemeStyles(): string | null {
  if (!parseEnv(import.meta.env).ok) return null;
  return renderToString(<AppThemeProvider>{null}</AppThemeProvider>);
}
