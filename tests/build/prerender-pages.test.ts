// The sign-in page's first render, and the Record tab's styles in index.html, written into the pages at build time
// (scripts/prerender-pages.mjs, a Vite plugin in web/vite.config.ts). How the page is put together is tested on
// a made-up page; the real build's pages in route-budgets.test.ts, and what Chromium does with them in
// e2e/first-load.e2e.test.ts.
import { describe, expect, it } from 'vitest';
import { withPrerenderedPage, withPrerenderedStyles } from '../../scripts/prerender-pages.mjs';

const page = [
  '<!doctype html>',
  '<html lang="en">',
  '  <head>',
  '    <style>.splash { display: grid; }</style>',
  '    <script type="module" crossorigin src="/assets/index.js"></script>',
  '  </head>',
  '  <body>',
  '    <div id="root">',
  '      <div class="splash" role="status"><span class="splash-name">Charta</span><span>Opening…</span></div>',
  '    </div>',
  '  </body>',
  '</html>',
].join('\n');

const markup =
  '<style data-emotion="css-global 1a">:root,[data-light]{--mui-bg:#fff;}[data-dark]{--mui-bg:#000;}</style>' +
  '<style data-emotion="css 2b">.css-2b{display:grid;}</style><main class="css-2b">' +
  '<style data-emotion="css 3c">.css-3c{margin:0;}[data-dark] .css-3c{color:#fff;}</style><h1 class="css-3c">Sign in</h1></main>';

describe('withPrerenderedPage', () => {
  const written = withPrerenderedPage(page, markup);
  const [head = '', body = ''] = written.split('</head>');

  it('puts the page’s markup in #root instead of the splash, inert until the app replaces it', () => {
    expect(body).toContain('<div id="root"><div inert aria-busy="true"><main class="css-2b"><h1 class="css-3c">Sign in</h1></main><span id="prerendered-page-end"></span></div>');
    expect(written).not.toContain('Opening…');
  });

  it('moves every style emotion wrote into the head, as elements emotion adopts (their data-emotion kept)', () => {
    expect(body).not.toContain('<style');
    for (const style of markup.match(/<style[^>]*>[^<]*<\/style>/g) ?? []) expect(head).toContain(style);
  });

  it('holds the first paint until the whole page is parsed (a half-parsed card, centred, jumped as the rest arrived)', () => {
    expect(head).toContain('<link rel="expect" href="#prerendered-page-end" blocking="render">');
  });

  it('follows the system’s dark preference before MUI has marked <html> with the chosen scheme', () => {
    expect(head).toContain('<style>@media (prefers-color-scheme: dark){:root:not([data-light]){--mui-bg:#000;}}</style>');
  });

  it('keeps the rest of the page as it was', () => {
    for (const line of page.split('\n').filter((line) => !line.includes('splash'))) expect(written).toContain(line);
  });

  it('refuses a page whose #root has no splash to replace (index.html changed shape)', () => {
    expect(() => withPrerenderedPage(page.replace(/<div class="splash".*<\/div>/, ''), markup)).toThrow(/splash/);
  });
});

describe('withPrerenderedStyles', () => {
  const themeStyles = '<style data-emotion="css-global 1a">:root,[data-light]{--mui-bg:#fff;}[data-dark]{--mui-bg:#000;}</style><style data-emotion="css-global 4d">body{margin:0;}</style>';
  const classStyle = '<style data-emotion="css 2b">.css-2b{display:grid;}</style>';
  // Two renders (a phone's and a laptop's), each writing a style beside every element that uses it.
  const render = `${themeStyles}<main class="css-2b">${classStyle}<h1>Record</h1></main>${classStyle}<nav class="css-2b"></nav>`;
  const written = withPrerenderedStyles(page, `${render}${render}`);
  const [head = '', body = ''] = written.split('</head>');

  it('puts the styles in the head, as elements emotion adopts, and leaves #root and its splash as they were', () => {
    for (const style of render.match(/<style[^>]*>[^<]*<\/style>/g) ?? []) expect(head).toContain(style);
    expect(body).toBe(page.split('</head>')[1]);
    expect(written).not.toContain('Record');
  });

  it('writes each style once, however many times the renders wrote it', () => {
    expect(head.split(classStyle)).toHaveLength(2);
    expect(head.split('<style data-emotion="css-global 1a">')).toHaveLength(2);
  });

  it('follows the system’s dark preference before MUI has marked <html>, and holds no paint back (there is no page to wait for)', () => {
    expect(head).toContain('<style>@media (prefers-color-scheme: dark){:root:not([data-light]){--mui-bg:#000;}}</style>');
    expect(written).not.toContain('rel="expect"');
  });

  it('refuses a render that wrote no styles (the app no longer renders through emotion there)', () => {
    expect(() => withPrerenderedStyles(page, '<main>Record</main>')).toThrow(/wrote none/);
  });
});
