/**
 * A sample EHR for developing and testing magic fill and the browser extension: a visit-note form with the
 * kinds of fields EHRs have (see pages.ts), a same-origin iframe, a cross-origin iframe and one React-driven
 * field. Nothing is stored: submitting the form shows what was sent (hidden and password fields included,
 * so a test can see they stayed untouched).
 *
 * The cross-origin frame is this same server under another host name, labs.localhost: browsers resolve
 * every *.localhost name to this machine (RFC 6761), and a different host is a different origin. The
 * extension's emulator build may reach localhost and 127.0.0.1 only, so this is the frame it cannot reach
 * until the clinician allows it.
 *
 * Run: node emulators/sample-ehr/server.ts --port 9450
 *
 *   GET  /                    the visit-note page
 *   GET  /vitals              the vitals panel, framed by the page
 *   GET  /labs                the lab-orders page, framed by the page from http://labs.localhost:<port>
 *   GET  /react-plan-field.js the React field, React bundled in (esbuild, at start)
 *   POST /submit              echoes the submitted form as JSON
 *   GET  /health              { status: "ok" }
 */
import { createServer, type ServerResponse } from 'node:http';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { labsPage, visitNotePage, vitalsPage } from './pages.ts';
import { REACT_PLAN_FIELD_SOURCE } from './react-plan-field.ts';

const { values: args } = parseArgs({ options: { port: { type: 'string', default: '9450' } } });
const port = Number(args.port);

/** Form posts are a few KB; anything far larger is not this page's. */
const MAX_SUBMIT_BYTES = 256 * 1024;

const bundle = await build({
  stdin: { contents: REACT_PLAN_FIELD_SOURCE, resolveDir: dirname(fileURLToPath(import.meta.url)), loader: 'js' },
  bundle: true,
  write: false,
  format: 'esm',
  minify: true,
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'silent',
});
const reactFieldJs = bundle.outputFiles[0]?.text ?? '';

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' });
  res.end(body);
}

const server = createServer((req, res) => {
  const path = new URL(req.url ?? '/', 'http://localhost').pathname;
  if (req.method === 'GET' && (path === '/' || path === '/index.html')) return send(res, 200, 'text/html; charset=utf-8', visitNotePage(`http://labs.localhost:${port}/labs`));
  if (req.method === 'GET' && path === '/vitals') return send(res, 200, 'text/html; charset=utf-8', vitalsPage());
  if (req.method === 'GET' && path === '/labs') return send(res, 200, 'text/html; charset=utf-8', labsPage());
  if (req.method === 'GET' && path === '/react-plan-field.js') return send(res, 200, 'text/javascript; charset=utf-8', reactFieldJs);
  if (req.method === 'GET' && path === '/health') return send(res, 200, 'application/json', JSON.stringify({ status: 'ok' }));
  if (req.method === 'POST' && path === '/submit') {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_SUBMIT_BYTES) return req.destroy();
      chunks.push(chunk);
    });
    req.on('end', () => send(res, 200, 'application/json', JSON.stringify({ submitted: Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))) })));
    return;
  }
  send(res, 404, 'text/plain; charset=utf-8', 'Not found');
});

server.listen(port, '127.0.0.1', () => console.log(`sample EHR on http://127.0.0.1:${port}`));
