import { createHash } from 'node:crypto';
import type { OpenApiDocument } from './openapi.js';

/**
 * The API's reference as one readable HTML page (served at /api/v1/reference), rendered from the OpenAPI
 * document: each tag's operations, who may call them, what they take (the contract's schemas, as JSON Schema)
 * and what they answer. No script at all and one inline style sheet, allowed by its hash (REFERENCE_PAGE_CSP),
 * so the API's strict CSP otherwise stands; nothing is fetched from anywhere. Rendered by the API rather than
 * the web app so it adds nothing to any page's JavaScript (scripts/route-budgets.mjs).
 */

const STYLE = `
body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;margin:0;background:#fff}
main{max-width:60rem;margin:0 auto;padding:1.5rem 1rem 4rem}
h1{font-size:1.75rem;margin:.5rem 0}h2{font-size:1.35rem;margin:2rem 0 .25rem;border-bottom:1px solid #ddd}
h3{font-size:.95rem;margin:.75rem 0 .25rem}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.85rem}
pre{background:#f4f5f7;padding:.5rem;border-radius:4px;overflow-x:auto;margin:.25rem 0}
details{border:1px solid #ddd;border-radius:6px;padding:.5rem .75rem;margin:.5rem 0}
summary{cursor:pointer}summary code{font-weight:600;word-break:break-all}
.m{display:inline-block;min-width:4.2em;text-align:center;border-radius:4px;padding:0 .3em;margin-right:.4em;font-weight:700;font-size:.8rem;color:#fff}
.get{background:#0b5cad}.post{background:#1b6e20}.put{background:#8a4b00}.delete{background:#b3261e}.patch{background:#5b3d99}
.d{white-space:pre-line}nav ul{columns:2 14rem}a{color:#0b5cad}
`;

/** The Content-Security-Policy the page is sent with: nothing but its own style sheet. */
export const REFERENCE_PAGE_CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const anchorOf = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
/** Descriptions use `backticks` for code, as the document writes them. */
const prose = (text: string) => escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');

interface Operation {
  tags?: string[];
  summary?: string;
  description?: string;
  parameters?: { name: string; in: string; required?: boolean; description?: string; schema?: unknown }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { description?: string }>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

function operationHtml(method: string, path: string, operation: Operation): string {
  const parts: string[] = [];
  if (operation.description) parts.push(`<p class="d">${prose(operation.description)}</p>`);
  if (operation.parameters?.length) {
    const items = operation.parameters.map(
      (p) =>
        `<li><code>${escapeHtml(p.name)}</code> (${escapeHtml(p.in)}${p.required ? ', required' : ''})${p.description ? `: ${prose(p.description)}` : ''}<pre>${escapeHtml(JSON.stringify(p.schema ?? {}, null, 2))}</pre></li>`,
    );
    parts.push(`<h3>Parameters</h3><ul>${items.join('')}</ul>`);
  }
  for (const [type, { schema }] of Object.entries(operation.requestBody?.content ?? {})) {
    parts.push(`<h3>Request body (${escapeHtml(type)})</h3><pre>${escapeHtml(JSON.stringify(schema ?? {}, null, 2))}</pre>`);
  }
  const responses = Object.entries(operation.responses ?? {}).map(([status, response]) => `<li><strong>${escapeHtml(status)}</strong> ${prose(response.description ?? '')}</li>`);
  parts.push(`<h3>Responses</h3><ul>${responses.join('')}</ul>`);
  return `<details id="${anchorOf(`${method} ${path}`)}"><summary><span class="m ${method}">${method.toUpperCase()}</span><code>${escapeHtml(path)}</code> ${escapeHtml(operation.summary ?? '')}</summary>${parts.join('')}</details>`;
}

export function renderReferencePage(document: OpenApiDocument): string {
  const groups = new Map<string, { description: string; items: string[] }>(document.tags.map((tag) => [tag.name, { description: tag.description, items: [] }]));
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method] as Operation | undefined;
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? 'Other';
      if (!groups.has(tag)) groups.set(tag, { description: '', items: [] });
      groups.get(tag)?.items.push(operationHtml(method, path, operation));
    }
  }
  const listed = [...groups].filter(([, group]) => group.items.length > 0);
  const toc = listed.map(([name, group]) => `<li><a href="#${anchorOf(name)}">${escapeHtml(name)}</a> (${group.items.length})</li>`).join('');
  const sections = listed.map(([name, group]) => `<section aria-labelledby="${anchorOf(name)}"><h2 id="${anchorOf(name)}">${escapeHtml(name)}</h2><p>${prose(group.description)}</p>${group.items.join('')}</section>`).join('');
  const server = document.servers[0]?.url ?? '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(document.info.title)} reference</title><style>${STYLE}</style></head>
<body><main><h1>${escapeHtml(`${document.info.title} ${document.info.version}`)}</h1>
<p>${prose(document.info.description)}</p>
<p>Every path is under <code>${escapeHtml(server)}</code>. The same as an OpenAPI 3.1 document: <a href="${escapeHtml(server)}/openapi.json">openapi.json</a>.</p>
<nav aria-label="Sections"><h2>Sections</h2><ul>${toc}</ul></nav>
${sections}
</main></body></html>
`;
}
