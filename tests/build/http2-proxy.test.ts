// The HTTP/2 front `npm run lighthouse` puts before the Hosting emulator with CHARTA_LIGHTHOUSE_HTTP2=1
// (scripts/lib/http2-proxy.mjs): what the browser gets over HTTP/2 must be what the emulator answered.
import { once } from 'node:events';
import http, { type IncomingHttpHeaders } from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttp2Proxy, type Http2Proxy } from '../../scripts/lib/http2-proxy.mjs';

let upstream: http.Server;
let proxy: Http2Proxy;
const seen: { method: string; url: string; headers: IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  upstream = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (part: string) => (body += part));
    request.on('end', () => {
      seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      if (request.url === '/missing') {
        response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not here');
        return;
      }
      response.writeHead(200, { 'Content-Type': 'text/html', 'Cache-Control': 'no-cache', Connection: 'keep-alive' }).end(`<p>${request.method} ${request.url}</p>`);
    });
  });
  upstream.listen(0, '127.0.0.1');
  await once(upstream, 'listening');
  proxy = await startHttp2Proxy(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`);
});

afterAll(async () => {
  await proxy.close();
  upstream.close();
});

/** One request over HTTP/2, accepting the proxy's self-signed certificate as the audit's Chromium does. */
async function request(path: string, method = 'GET', body?: string) {
  const session = http2.connect(proxy.url, { rejectUnauthorized: false });
  try {
    const stream = session.request({ ':method': method, ':path': path, 'x-charta-test': 'kept' });
    if (body !== undefined) stream.end(body);
    else stream.end();
    const [headers] = (await once(stream, 'response')) as [http2.IncomingHttpHeaders];
    let text = '';
    stream.setEncoding('utf8');
    for await (const part of stream) text += part as string;
    return { status: headers[':status'], headers, text, protocol: session.alpnProtocol };
  } finally {
    session.close();
  }
}

describe('http2-proxy', () => {
  it('Answers over HTTP/2 with what the upstream answered, its status, headers and body', async () => {
    const answer = await request('/sign-in?redirect=%2F');
    expect(answer.protocol).toBe('h2');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html');
    expect(answer.headers['cache-control']).toBe('no-cache');
    // HTTP/2 forbids connection-specific headers: they stay behind.
    expect(answer.headers['connection']).toBeUndefined();
    expect(answer.text).toBe('<p>GET /sign-in?redirect=%2F</p>');
    expect((await request('/missing')).status).toBe(404);
  });

  it('Passes the method, path, headers and body on to the upstream, with its own host', async () => {
    await request('/api/v1/sessions', 'POST', '{"patientName":"x"}');
    const last = seen.at(-1);
    expect(last).toMatchObject({ method: 'POST', url: '/api/v1/sessions', body: '{"patientName":"x"}' });
    expect(last?.headers['x-charta-test']).toBe('kept');
    expect(last?.headers.host).toBe(new URL(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`).host);
  });
});
