// The Record tab's first render at build time (web/src/app/prerender/prerender-record-styles.tsx), run as the build
// runs it: in Node, through Vite (scripts/prerender-pages.mjs). Its styles go into index.html's head, where the
// app's emotion adopts them instead of compiling and inserting them in the commit that paints the tab; the real
// build's index.html is checked in route-budgets.test.ts, and what Chromium does with it in e2e/first-load.e2e.test.ts.
import { fileURLToPath } from 'node:url';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const web = fileURLToPath(new URL('../../web/', import.meta.url));

interface PrerenderModule {
  prerenderRecordTabStyles: () => string | null;
  widthQueryMatches: (query: string, width: number) => boolean;
}

describe('The Record tab’s styles, rendered at build time', () => {
  let vite: ViteDevServer;
  let prerender: PrerenderModule;
  let rendered: string;

  beforeAll(async () => {
    // The build's mode: its env file gives the Firebase settings the render checks for (config/env.ts).
    vite = await createServer({ configFile: `${web}vite.config.ts`, root: web, mode: 'emulator', logLevel: 'warn', appType: 'custom', server: { middlewareMode: true, hmr: false, ws: false } });
    prerender = (await vite.ssrLoadModule('/src/app/prerender/prerender-record-styles.tsx')) as PrerenderModule;
    rendered = prerender.prerenderRecordTabStyles() ?? '';
  }, 60_000);
  afterAll(async () => vite?.close());

  it('answers the app’s width queries as a browser of that width would', () => {
    const { widthQueryMatches } = prerender;
    expect(widthQueryMatches('(max-width:600px)', 390)).toBe(true);
    expect(widthQueryMatches('(max-width:600px)', 1280)).toBe(false);
    expect(widthQueryMatches('(max-width:599.95px)', 599.95)).toBe(true);
    expect(widthQueryMatches('(min-width:900px)', 1280)).toBe(true);
    expect(widthQueryMatches('(min-width:900px) and (max-width:1199.95px)', 1280)).toBe(false);
    expect(widthQueryMatches('(min-width:900px) and (max-width:1199.95px)', 1000)).toBe(true);
    // Anything else is not a width: it does not match, as in Node before.
    expect(widthQueryMatches('(prefers-color-scheme: dark)', 390)).toBe(false);
  });

  it('renders the shell and the Record tab at a phone’s width and at a laptop’s', () => {
    const [phone = '', laptop = ''] = rendered.split('data-testid="app-under-lock"').slice(1);
    for (const layout of [phone, laptop]) expect(layout).toContain('Patient and template');
    // The compact layout's bottom navigation, and the wide one's side navigation with the legal links below the page.
    expect(phone).toContain('MuiBottomNavigation-root');
    expect(laptop).not.toContain('MuiBottomNavigation-root');
    expect(laptop).toContain('<nav class="MuiBox-root');
  });

  it('has a style for every class the markup uses: what the app’s first render would otherwise insert', () => {
    const styled = new Set([...rendered.matchAll(/<style data-emotion="css ([^"]+)">/g)].flatMap((match) => (match[1] ?? '').split(' ')));
    const classes = [...rendered.matchAll(/ class="([^"]*)"/g)].flatMap((match) => (match[1] ?? '').split(' '));
    // emotion's class names: `css-<id>` (with the component's label in a development render, as here).
    const used = new Set(classes.filter((name) => name.startsWith('css-')).map((name) => name.slice('css-'.length)));
    expect(used.size).toBeGreaterThan(50);
    // css-0 is the class of no styles at all.
    expect([...used].filter((id) => id !== '0' && !styled.has(id))).toEqual([]);
    // The theme's global styles, both schemes' variables among them.
    expect(rendered).toMatch(/<style data-emotion="css-global [^"]+">[^<]*--mui-palette-primary-main:#1f6e78/);
  });
});
