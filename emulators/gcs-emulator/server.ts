/**
 * The local Cloud Storage emulator: speaks the part of Cloud Storage's JSON API and upload API that the
 * audio store's adapter (functions/src/storage/cloud-audio-store.ts, through firebase-admin's bundled
 * @google-cloud/storage) sends, as the SDK sends it, so `npm start` and `npm test` run the production
 * adapter offline (the Firebase Storage emulator needs a rules-runtime download). What the SDK was seen
 * to send, and so what is served, is in the docs/pipeline.md ("The local Cloud Storage emulator").
 *
 * Clients reach it through STORAGE_EMULATOR_HOST=http://127.0.0.1:<port>, which @google-cloud/storage
 * honours (no credentials; paths without /storage/v1, uploads at /upload/storage/v1). Paths with the
 * /storage/v1 and /download/storage/v1 prefixes, as sent to storage.googleapis.com, work too.
 *
 * Run: node emulators/gcs-emulator/server.ts [--port 9190] [--bucket demo-charta.appspot.com]...
 * [--data-dir DIR (kept; default: a temporary folder removed at exit)] [--log-requests]
 */
import { mkdtempSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ObjectStore } from './object-store.ts';
import { compose, download, getMetadata, list, patch, remove } from './objects.ts';
import { insertObject } from './uploads.ts';
import { GcsError, NotModified, objectResource } from './wire.ts';

/** One request as the emulator saw it: how a test (or a person) finds out what the SDK sends. */
export interface LoggedRequest {
  at: string;
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  /** The JSON a request carried: an upload's metadata part, a compose or patch body. Never object bytes. */
  json?: unknown;
  status?: number;
}

const REQUEST_LOG_SIZE = 5000;
// Headers that say how the SDK asked: never Authorization, nor object bytes.
const LOGGED_HEADERS = /^(content-type|content-length|range|accept-encoding|x-goog-(?!api-client|gcs-idempotency-token).*|x-upload-.*)$/;

export interface GcsEmulatorState {
  store: ObjectStore;
  requests: LoggedRequest[];
  logRequests: boolean;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', 'cache-control': 'no-cache, no-store, max-age=0, must-revalidate' });
  res.end(JSON.stringify(body));
}

/** The address the client used, for selfLink and mediaLink. */
const baseOf = (req: IncomingMessage) => `http://${req.headers.host ?? '127.0.0.1'}`;

interface Target {
  api: 'json' | 'upload' | 'download';
  bucket: string;
  /** The object's name, decoded; null for the bucket or its object list. */
  object: string | null;
  objectList: boolean;
  compose: boolean;
}

/** Reads `/[upload|download/][storage/v1/]b/{bucket}[/o[/{object}[/compose]]]`, or null for any other path. */
export function targetOf(pathname: string): Target | null {
  const m = /^\/(?:(upload|download)\/storage\/v1\/|storage\/v1\/)?b\/([^/]+)(?:\/(o)(?:\/([^/]+)(\/compose)?)?)?\/?$/.exec(pathname);
  if (!m) return null;
  try {
    return {
      api: (m[1] as 'upload' | 'download' | undefined) ?? 'json',
      bucket: decodeURIComponent(m[2]!),
      object: m[4] !== undefined ? decodeURIComponent(m[4]) : null,
      objectList: m[3] !== undefined && m[4] === undefined,
      compose: m[5] !== undefined,
    };
  } catch {
    return null;
  }
}

async function serveStorage(state: GcsEmulatorState, req: IncomingMessage, res: ServerResponse, url: URL, entry: LoggedRequest): Promise<void> {
  const method = req.method ?? 'GET';
  const target = targetOf(url.pathname);
  const query = url.searchParams;
  const base = baseOf(req);
  const store = state.store;
  const notFound = () => new GcsError(404, 'notFound', `Not Found: ${method} ${url.pathname}`);
  if (!target) throw notFound();
  const { bucket, object } = target;

  if (target.api === 'upload') {
    if (method !== 'POST' || !target.objectList) throw notFound();
    const inserted = await insertObject(store, bucket, query, req, (json) => (entry.json = json));
    return sendJson(res, 200, objectResource(inserted, base));
  }
  if (target.api === 'download') {
    if (method !== 'GET' || object === null || target.compose) throw notFound();
    return download(store, bucket, object, query, req, res);
  }
  if (object === null && !target.objectList) {
    if (method !== 'GET') throw notFound();
    store.requireBucket(bucket);
    return sendJson(res, 200, { kind: 'storage#bucket', id: bucket, name: bucket, selfLink: `${base}/storage/v1/b/${bucket}`, location: 'US', storageClass: 'STANDARD', metageneration: '1' });
  }
  if (target.objectList) {
    if (method !== 'GET') throw notFound();
    return sendJson(res, 200, list(store, bucket, query, base));
  }
  if (target.compose) {
    if (method !== 'POST') throw notFound();
    return sendJson(res, 200, await compose(store, bucket, object!, query, req, base, (json) => (entry.json = json)));
  }
  switch (method) {
    case 'GET':
      if (query.get('alt') === 'media') return download(store, bucket, object!, query, req, res);
      return sendJson(res, 200, getMetadata(store, bucket, object!, query, base));
    case 'PATCH':
      return sendJson(res, 200, await patch(store, bucket, object!, query, req, base, (json) => (entry.json = json)));
    case 'DELETE':
      remove(store, bucket, object!, query);
      res.writeHead(204);
      res.end();
      return;
    default:
      throw notFound();
  }
}

const safeDecode = (path: string) => {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
};

function serveControl(state: GcsEmulatorState, req: IncomingMessage, res: ServerResponse, url: URL): void {
  if (url.pathname === '/emulator/v1/requests' && req.method === 'GET') {
    // `match`: only requests whose path or query mentions it (a test's own object names).
    const match = url.searchParams.get('match');
    const mentions = (r: LoggedRequest, text: string) => safeDecode(r.path).includes(text) || Object.values(r.query).some((v) => v.includes(text)) || JSON.stringify(r.json ?? null).includes(text);
    const requests = match ? state.requests.filter((r) => mentions(r, match)) : state.requests;
    return sendJson(res, 200, { requests });
  }
  sendJson(res, 404, new GcsError(404, 'notFound', `The Cloud Storage emulator has no control endpoint ${req.method} ${url.pathname}.`).body());
}

function logEntry(req: IncomingMessage, url: URL): LoggedRequest {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (LOGGED_HEADERS.test(name) && value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return { at: new Date().toISOString(), method: req.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams), headers };
}

async function route(state: GcsEmulatorState, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://emulator');
  if (req.method === 'GET' && url.pathname === '/health') return sendJson(res, 200, { status: 'ok', buckets: state.store.bucketNames() });
  if (url.pathname.startsWith('/emulator/v1/')) return serveControl(state, req, res, url);
  const entry = logEntry(req, url);
  state.requests.push(entry);
  if (state.requests.length > REQUEST_LOG_SIZE) state.requests.splice(0, state.requests.length - REQUEST_LOG_SIZE);
  res.once('finish', () => {
    entry.status = res.statusCode;
    if (state.logRequests) {
      const query = url.search ? url.search : '';
      console.log(`gcs-emulator: ${entry.method} ${entry.path}${query} ${JSON.stringify(entry.headers)}${entry.json !== undefined ? ` ${JSON.stringify(entry.json)}` : ''} -> ${entry.status}`);
    }
  });
  try {
    await serveStorage(state, req, res, url, entry);
  } catch (err) {
    if (err instanceof NotModified) {
      res.writeHead(304);
      res.end();
      return;
    }
    if (!(err instanceof GcsError)) throw err;
    if (res.headersSent) return void res.destroy(err);
    // The client may still be sending (a refused upload): answer now and drop the rest.
    sendJson(res, err.status, err.body());
    if (!req.complete) req.resume();
  }
}

export interface GcsEmulatorOptions {
  port: number;
  host?: string;
  buckets: readonly string[];
  /** Where objects are kept; default a temporary folder, removed when the server closes. */
  dataDir?: string;
  logRequests?: boolean;
}

export async function startGcsEmulator(opts: GcsEmulatorOptions): Promise<{ server: Server; state: GcsEmulatorState; url: string; close: () => Promise<void> }> {
  const temporary = opts.dataDir === undefined;
  const dataDir = opts.dataDir ? resolve(opts.dataDir) : mkdtempSync(join(tmpdir(), 'charta-gcs-'));
  const state: GcsEmulatorState = { store: new ObjectStore(dataDir, opts.buckets), requests: [], logRequests: opts.logRequests ?? false };
  const server = createServer((req, res) => {
    route(state, req, res).catch((err: unknown) => {
      console.error('gcs-emulator: request failed', err);
      if (!res.headersSent) sendJson(res, 500, new GcsError(500, 'backendError', 'Backend Error').body());
      else res.destroy();
    });
  });
  // Node closes an idle keep-alive connection after 5 s; a client that picks that connection for its next
  // request at that moment writes into a closed socket (EPIPE), seen as 500s when 200 chunks were stored at
  // once. Cloud Storage keeps idle connections far longer; so does the emulator, longer than the SDK's agent.
  server.keepAliveTimeout = 120_000;
  server.headersTimeout = 121_000;
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(opts.port, opts.host ?? '127.0.0.1', () => done());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  const close = () =>
    new Promise<void>((done) => {
      server.close(() => {
        if (temporary) ObjectStore.removeFolder(dataDir);
        done();
      });
      server.closeAllConnections();
    });
  return { server, state, url: `http://127.0.0.1:${port}`, close };
}

function flags(name: string): string[] {
  const found: string[] = [];
  process.argv.forEach((arg, i) => {
    if (arg === `--${name}` && process.argv[i + 1] !== undefined) found.push(process.argv[i + 1]!);
  });
  return found;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(flags('port')[0] ?? process.env['GCS_EMULATOR_PORT'] ?? 9190);
  const buckets = flags('bucket');
  if (buckets.length === 0) buckets.push('demo-charta.appspot.com');
  const dataDir = flags('data-dir')[0];
  const { url, close } = await startGcsEmulator({ port, buckets, ...(dataDir ? { dataDir } : {}), logRequests: process.argv.includes('--log-requests') });
  console.log(`gcs-emulator: Cloud Storage JSON API emulated at ${url} (buckets ${buckets.join(', ')}; objects ${dataDir ? `kept in ${dataDir}` : 'in a temporary folder'})`);
  const stop = () => void close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
