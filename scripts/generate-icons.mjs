// Writes the installed app's icons (web/public/icons/*.png, committed) from Charta's mark, the favicon
// (web/public/favicon.svg), rendered by the Chromium the end-to-end tests use. Run it again when the mark
// changes: `node scripts/generate-icons.mjs`.
//
// - icon-192/512: the favicon as it is (rounded square), for browsers and desktops.
// - icon-maskable-192/512: full-bleed teal, the mark inside the central 80 % circle that every platform's
//   mask keeps (https://www.w3.org/TR/appmanifest/#icon-masks), for Android's home screen.
// - apple-touch-icon (180 px, opaque): iOS ignores the manifest's icons and rounds the corners itself.
/* global URL */
import { Buffer } from 'node:buffer';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = fileURLToPath(new URL('..', import.meta.url));
const favicon = await readFile(`${root}web/public/favicon.svg`, 'utf8');
// The favicon without its rounded corners: the platform's mask shapes it.
const fullBleed = favicon.replace(/\srx="[^"]*"/, '');

const icons = [
  { file: 'icon-192.png', size: 192, svg: favicon, transparent: true },
  { file: 'icon-512.png', size: 512, svg: favicon, transparent: true },
  { file: 'icon-maskable-192.png', size: 192, svg: fullBleed, transparent: false },
  { file: 'icon-maskable-512.png', size: 512, svg: fullBleed, transparent: false },
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed, transparent: false },
];

const browser = await chromium.launch({ executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage();
  for (const { file, size, svg, transparent } of icons) {
    await page.setViewportSize({ width: size, height: size });
    const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    await page.setContent(`<html><body style="margin:0;background:transparent"><img src="${src}" width="${size}" height="${size}" style="display:block"></body></html>`);
    await page.locator('img').evaluate((img) => img.decode());
    await writeFile(`${root}web/public/icons/${file}`, await page.screenshot({ omitBackground: transparent }));
    console.log(`web/public/icons/${file} (${size}x${size})`);
  }
} finally {
  await browser.close();
}
