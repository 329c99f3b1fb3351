import { expect, it } from 'vitest';
import { axeViolations, launchBrowser } from '../support/browser.js';

/**
 * The helper every screen's accessibility check goes through runs axe in the page and gathers only violations
 * (for speed): it must still find them, on the whole page and within a scope.
 */
it('axeViolations finds what axe-core finds, on the whole page and within a scope', async () => {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    await page.setContent(
      '<html lang="en"><head><title>Check</title></head><body><main><h1>Heading</h1><img src="a.png">' +
        '<p style="color:#777;background:#888">Text without contrast</p><div id="scope"><button></button></div></main></body></html>',
    );
    expect((await axeViolations(page)).map((v) => v.id).sort()).toEqual(['button-name', 'color-contrast', 'image-alt']);
    expect((await axeViolations(page, '#scope')).map((v) => v.id)).toEqual(['button-name']);
  } finally {
    await browser.close();
  }
}, 60_000);
