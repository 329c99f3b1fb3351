// A local HTTP/2 front for the Hosting emulator, for `npm run lighthouse` (CHARTA_LIGHTHOUSE_HTTP2=1).
// Firebase Hosting serves the app over HTTP/2 (and HTTP/3); the emulator only over HTTP/1.1, and Lighthouse's
// simulated slow 4G models an HTTP/1.1 origin as six connections, so a page of many small chunks (the sign-in
// page has 37) waits on round trips it would not wait on in production (docs/first-load.md). Browsers speak
// HTTP/2 only over TLS: a throwaway self-signed certificate (the machine's openssl) that Chromium is told to
// accept, never a real one. Node's http2 module, streaming each request to the emulator and back unchanged.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { URL } from 'node:url';

/** Headers that belong to one connection, not to the request or response (RFC 9113 §8.2.2). */
const CONNECTION_HEADERS = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'http2-settings', 'host']);

function withoutConnectionHeaders(headers) {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !name.startsWith(':') && !CONNECTION_HEADERS.has(name)));
}

/** Starts the proxy in front of `target` (an http:// URL) on a free port: its https:// URL, and close(). */
export async function startHttp2Proxy(target) {
  const upstream = new URL(target);
  const dir = mkdtempSync(join(tmpdir(), 'charta-http2-'));
  try {
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost'],
      { stdio: 'ignore' },
    );
  } catch (error) {
    throw new Error('CHARTA_LIGHTHOUSE_HTTP2 needs openssl on the PATH (for a throwaway certificate)', { cause: error });
  }
  const server = http2.createSecureServer({ key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')), allowHTTP1: true }, (request, response) => {
    const forwarded = http.request(
      { hostname: upstream.hostname, port: upstream.port, path: request.url, method: request.method, headers: { ...withoutConnectionHeaders(request.headers), host: upstream.host } },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, withoutConnectionHeaders(answer.headers));
        answer.pipe(response);
      },
    );
    forwarded.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(forwarded);
  });
  rmSync(dir, { recursive: true, force: true });
  // A browser keeps its HTTP/2 connection open: close() ends them, or the server would wait for them.
  const sessions = new Set();
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  await new Promise((resolve) => server.listen(0, 'localhost', resolve));
  return {
    url: `https://localhost:${server.address().port}`,
    close: () =>
      new Promise((resolve) => {
        for (const session of sessions) session.destroy();
        server.close(() => resolve());
      }),
  };
}
