import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from './openapi.js';
import { API_OPERATIONS } from './operations.js';
import { REFERENCE_PAGE_CSP, renderReferencePage } from './reference-page.js';

const page = renderReferencePage(buildOpenApiDocument());

describe('The API reference page', () => {
  it('Lists every operation of the document, each with its method, path and summary', () => {
    for (const [key, operation] of Object.entries(API_OPERATIONS)) {
      const [method = '', path = ''] = key.split(' ');
      expect(page, key).toContain(`<span class="m ${method.toLowerCase()}">${method}</span><code>${path}</code> ${operation.summary.replace(/'/g, '&#39;')}</summary>`);
    }
  });

  it('Shows what an operation takes (its contract schema) and its errors', () => {
    const deleteSession = page.slice(page.indexOf('id="post-session-delete"'));
    expect(deleteSession.slice(0, deleteSession.indexOf('</details>'))).toMatch(/Request body \(application\/json\)<\/h3><pre>\{\n {2}&#34;type&#34;: &#34;object&#34;[\s\S]*sessionId[\s\S]*<strong>404<\/strong> <code>not_found<\/code>/);
  });

  it('Runs no script, loads nothing, and its one style sheet is the one its CSP allows', () => {
    expect(page).not.toMatch(/<script|<link|<img|src=/i);
    const style = /<style>([\s\S]*?)<\/style>/.exec(page)?.[1] ?? '';
    expect(REFERENCE_PAGE_CSP).toContain(`style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'`);
    expect(REFERENCE_PAGE_CSP).toMatch(/^default-src 'none';/);
  });

  it('Escapes what it quotes from the document', () => {
    const document = buildOpenApiDocument({ 'GET /x': { tag: 'Health', summary: '<b>bold</b> & "quoted"', access: 'public', success: { status: 200, description: '<script>alert(1)</script>' } } });
    const html = renderReferencePage(document);
    expect(html).toContain('&#60;b&#62;bold&#60;/b&#62; &#38; &#34;quoted&#34;');
    expect(html).not.toContain('<script>');
  });
});
