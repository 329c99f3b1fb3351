// A Vite plugin (web/vite.config.ts): the sign-in page's HTML is written with the page already in it, rendered
// at build time by the app's own components (web/src/app/prerender/prerender-sign-in.tsx), so its first paint
// is the form, not a splash that the form replaces once about 190 KB of JavaScript has arrived and run; and
// index.html with the styles of the Record tab's first render in its head (prerender-record-styles.tsx), which
// the app would otherwise compile and insert itself in the commit that paints the tab.
// Written by hand: the well-kept prerenderers (vite-plugin-ssr/Vike, vite-ssg, react-snap) take over the app's
// routing or drive a headless browser; this is one renderToString of one page into one file.
import { createServer } from 'vite';

/** The app's first render replaces everything inside #root: today a splash, on this page the prerendered form. */
const ROOT_CONTENT = /(<div id="root">)\s*<div class="splash"[^>]*>.*?<\/div>(\s*<\/div>)/s;
const EMOTION_STYLE = /<style data-emotion="[^"]*">[^<]*<\/style>/g;
/**
 * No paint until the whole page is parsed: the browser painted what it had parsed so far (a card a third of its
 * height, centred), then the rest, and the card jumped up by 216 px (a layout shift of 0.18 in Chromium at 4x CPU).
 * Chromium holds rendering until the marked element is parsed; a browser that does not know `rel=expect` ignores it.
 */
const END_MARKER = 'prerendered-page-end';
const EXPECT_WHOLE_PAGE = `<link rel="expect" href="#${END_MARKER}" blocking="render">`;

/**
 * The style elements emotion wrote in `markup`, for the head, as elements emotion adopts: at start-up its cache
 * marks the class styles' ids (`data-emotion="css <ids>"`) as inserted, and a Global, when it mounts, takes the
 * element with its own name (`data-emotion="css-global <name>"`) as its sheet; neither compiles or inserts
 * those rules again. The theme's dark colours apply under `[data-dark]`, which MUI sets on
 * <html> once it runs; until then they follow the system's preference, as the splash does.
 * Each style once: emotion's server render writes one beside every element that uses it.
 * @param {string} markup
 */
function headStyles(markup) {
  const styles = [...new Set(markup.match(EMOTION_STYLE) ?? [])];
  const darkDeclarations = [...styles.join('').matchAll(/(?:^|[}>])\[data-dark\]\{([^}]*)\}/g)].map((match) => match[1]).join('');
  const followSystem = darkDeclarations ? `<style>@media (prefers-color-scheme: dark){:root:not([data-light]){${darkDeclarations}}}</style>` : '';
  return [...styles, followSystem].filter(Boolean);
}

/**
 * `pageHtml` with `elements` at the end of its head.
 * @param {string} pageHtml
 * @param {string[]} elements
 */
function inHead(pageHtml, elements) {
  const head = /\n(\s*)<\/head>/.exec(pageHtml);
  if (!head) throw new Error('Prerendering: the page has no </head>');
  return `${pageHtml.slice(0, head.index)}\n${head[1]}  ${elements.join('')}${pageHtml.slice(head.index)}`;
}

/**
 * The page's HTML with `markup` (renderToString's output: emotion's style elements beside the elements) in it.
 * The styles go to the head (headStyles). The markup is inert (no focus, no typing, no clicks) until the app
 * replaces it with the same page, alive: a field typed into before then would be emptied.
 * @param {string} pageHtml
 * @param {string} markup
 */
export function withPrerenderedPage(pageHtml, markup) {
  if (!ROOT_CONTENT.test(pageHtml)) throw new Error('Prerendering: the page has no #root with the splash in it (web/index.html)');
  const body = markup.replace(EMOTION_STYLE, '');
  const withStyles = inHead(pageHtml, [EXPECT_WHOLE_PAGE, ...headStyles(markup)]);
  return withStyles.replace(ROOT_CONTENT, (_all, open, close) => `${open}<div inert aria-busy="true">${body}<span id="${END_MARKER}"></span></div>${close}`);
}

/**
 * The page's HTML with only the styles of `markup` in its head (headStyles), its #root as it was (the markup is
 * dropped): styles the app's first render would otherwise compile and insert itself, in the commit that paints it.
 * @param {string} pageHtml
 * @param {string} markup
 */
export function withPrerenderedStyles(pageHtml, markup) {
  const styles = headStyles(markup);
  if (styles.length === 0) throw new Error('Prerendering: styles were asked for, and the render wrote none');
  return inHead(pageHtml, styles);
}

/**
 * @param {{ page: string, module: string, render: string, stylesOnly?: boolean }[]} pages the route page
 *   (route-budgets.mjs writes it), the module that renders it (from the web app's root) and that module's function
 *   (its HTML, or null for none); `stylesOnly`: only the render's styles go into the page, not its markup (withPrerenderedStyles)
 */
export function prerenderPages(pages) {
  /** @type {import('vite').ResolvedConfig | undefined} */
  let config;
  return {
    name: 'charta-prerender-pages',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle: {
      // After route-budgets.mjs has written the route pages (plugins of the same order run in turn).
      order: 'post',
      async handler(_options, bundle) {
        const wanted = pages.filter(({ page }) => bundle[page]?.type === 'asset');
        // A build without these pages has nothing to prerender. The extension's side panel (extension/build.mjs)
        // has an index.html but builds without this config file (`configFile: false`): nothing is prerendered there.
        if (wanted.length === 0 || !config?.configFile) return;
        // The app's modules in Node, through Vite (its aliases, its env for this mode), as a server without a port.
        const vite = await createServer({ configFile: config.configFile, root: config.root, mode: config.mode, logLevel: 'warn', appType: 'custom', server: { middlewareMode: true, hmr: false, ws: false } });
        try {
          for (const { page, module, render, stylesOnly } of wanted) {
            const asset = /** @type {{ source: string | Uint8Array }} */ (bundle[page]);
            const rendered = (await vite.ssrLoadModule(module))[render]();
            // Nothing to render (a build without its configuration): the page stays as route-budgets.mjs wrote it.
            if (rendered !== null) asset.source = (stylesOnly ? withPrerenderedStyles : withPrerenderedPage)(String(asset.source), rendered);
          }
        } finally {
          await vite.close();
        }
      },
    },
  };
}
