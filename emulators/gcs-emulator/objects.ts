/**
 * The JSON API's object methods the audio store uses, as Cloud Storage answers them: get (metadata, or the
 * bytes with `alt=media`, whole or one byte range), patch, delete, list (prefix, delimiter, pages) and
 * compose (at most 32 sources, joined in the order given).
 */
import { createReadStream } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readRequestBody } from '../http-helpers.ts';
import { MAX_COMPOSE_SOURCES, type ObjectStore } from './object-store.ts';
import {
  checkPreconditions,
  etagOf,
  GcsError,
  invalid,
  objectResource,
  preconditionFailed,
  preconditionsFrom,
  writableMetadataFrom,
  xGoogHash,
  type StoredObject,
} from './wire.ts';

/** What a JSON body of patch or compose may weigh (compose's 32 names are far smaller). */
const MAX_JSON_BODY = 1024 * 1024;

export async function readJson(req: IncomingMessage): Promise<unknown> {
  const text = (await readRequestBody(req, MAX_JSON_BODY, () => invalid('The request body is too large.'))).toString('utf8');
  if (!text.trim()) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new GcsError(400, 'parseError', 'Parse Error');
  }
}

export function getMetadata(store: ObjectStore, bucket: string, name: string, query: URLSearchParams, base: string): Record<string, unknown> {
  const object = store.get(bucket, name, query.get('generation'));
  checkPreconditions(object, preconditionsFrom(query), 'read');
  return objectResource(object, base);
}

type ByteRange = { start: number; end: number } | 'unsatisfiable' | null;

/**
 * One `bytes=` range (first-last, first-, or -suffix) against the object's size; anything else (several
 * ranges, malformed) is ignored and the whole object served, as HTTP allows.
 */
export function parseRange(header: string | undefined, size: number): ByteRange {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Number(m[2]);
  if (end < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}

/** Media: the headers a client validates and resumes with (`x-goog-hash`, generation, stored encoding) and the bytes. */
export function download(store: ObjectStore, bucket: string, name: string, query: URLSearchParams, req: IncomingMessage, res: ServerResponse): void {
  const object = store.get(bucket, name, query.get('generation'));
  checkPreconditions(object, preconditionsFrom(query), 'read');
  const range = parseRange(req.headers.range, object.size);
  if (range === 'unsatisfiable') {
    const error = new GcsError(416, 'requestedRangeNotSatisfiable', 'Request range not satisfiable');
    res.writeHead(416, { 'content-type': 'application/json; charset=UTF-8', 'content-range': `bytes */${object.size}` });
    res.end(JSON.stringify(error.body()));
    return;
  }
  const headers: Record<string, string | number> = {
    'content-type': object.contentType,
    // The checksums of the whole stored object, also on a range (clients validate only whole downloads).
    'x-goog-hash': xGoogHash(object),
    'x-goog-generation': object.generation,
    'x-goog-metageneration': String(object.metageneration),
    'x-goog-stored-content-encoding': object.contentEncoding ?? 'identity',
    'x-goog-stored-content-length': object.size,
    etag: etagOf(object),
    'last-modified': new Date(object.updated).toUTCString(),
    'accept-ranges': 'bytes',
    'cache-control': 'no-cache, no-store, max-age=0, must-revalidate',
  };
  if (range) {
    headers['content-range'] = `bytes ${range.start}-${range.end}/${object.size}`;
    headers['content-length'] = range.end - range.start + 1;
  } else {
    headers['content-length'] = object.size;
  }
  const stream = object.size === 0 ? null : createReadStream(store.pathOf(object), range ? { start: range.start, end: range.end } : {});
  if (!stream) {
    res.writeHead(200, headers);
    res.end();
    return;
  }
  // The file is opened before answering: a generation replaced in the meantime is then a 404, not a broken body.
  stream.once('error', (err: NodeJS.ErrnoException) => {
    if (res.headersSent) return void res.destroy(err);
    const error = err.code === 'ENOENT' ? new GcsError(404, 'notFound', `No such object: ${bucket}/${name}`) : new GcsError(500, 'backendError', 'Backend Error');
    res.writeHead(error.status, { 'content-type': 'application/json; charset=UTF-8' });
    res.end(JSON.stringify(error.body()));
  });
  stream.once('open', () => {
    res.writeHead(range ? 206 : 200, headers);
    stream.pipe(res);
  });
}

export async function patch(store: ObjectStore, bucket: string, name: string, query: URLSearchParams, req: IncomingMessage, base: string, seen: (json: unknown) => void = () => {}): Promise<Record<string, unknown>> {
  store.get(bucket, name);
  const body = await readJson(req);
  seen(body);
  const change = writableMetadataFrom(body);
  return objectResource(store.patch(bucket, name, change, preconditionsFrom(query)), base);
}

export function remove(store: ObjectStore, bucket: string, name: string, query: URLSearchParams): void {
  store.delete(bucket, name, preconditionsFrom(query), query.get('generation'));
}

/** Cloud Storage's page size when none (or more) is asked for. */
const MAX_LIST_RESULTS = 1000;

export function list(store: ObjectStore, bucket: string, query: URLSearchParams, base: string): Record<string, unknown> {
  const asked = query.get('maxResults');
  if (asked !== null && !/^\d+$/.test(asked)) throw invalid(`Invalid value for maxResults: ${asked}`);
  const maxResults = asked === null || Number(asked) === 0 ? MAX_LIST_RESULTS : Math.min(Number(asked), MAX_LIST_RESULTS);
  const token = query.get('pageToken');
  let after: string | null = null;
  if (token) {
    after = Buffer.from(token, 'base64url').toString('utf8');
    if (!after || Buffer.from(after, 'utf8').toString('base64url') !== token) throw invalid('Invalid pageToken.');
  }
  const page = store.list(bucket, {
    prefix: query.get('prefix') ?? '',
    delimiter: query.get('delimiter') || null,
    startOffset: query.get('startOffset'),
    endOffset: query.get('endOffset'),
    after,
    maxResults,
  });
  return {
    kind: 'storage#objects',
    ...(query.get('delimiter') ? { prefixes: page.prefixes } : {}),
    ...(page.items.length > 0 ? { items: page.items.map((o) => objectResource(o, base)) } : {}),
    ...(page.more && page.last !== null ? { nextPageToken: Buffer.from(page.last, 'utf8').toString('base64url') } : {}),
  };
}

interface SourceObject {
  name: string;
  generation: string | null;
  ifGenerationMatch: string | null;
}

function sourcesFrom(body: Record<string, unknown>): SourceObject[] {
  const sources = body['sourceObjects'];
  if (!Array.isArray(sources) || sources.length === 0) throw new GcsError(400, 'required', 'Required', { locationType: 'parameter', location: 'sourceObjects' });
  if (sources.length > MAX_COMPOSE_SOURCES) {
    throw invalid(`The number of source components provided (${sources.length}) exceeds the maximum (${MAX_COMPOSE_SOURCES})`);
  }
  return sources.map((source: unknown, i) => {
    const entry = (source ?? {}) as Record<string, unknown>;
    if (typeof entry['name'] !== 'string' || !entry['name']) throw new GcsError(400, 'required', 'Required', { locationType: 'parameter', location: `sourceObjects[${i}].name` });
    // Generations travel as decimal strings (int64) or numbers.
    const whole = (value: unknown, field: string) => {
      if (value === undefined || value === null) return null;
      const text = typeof value === 'number' || typeof value === 'string' ? String(value) : '';
      if (!/^\d+$/.test(text)) throw invalid(`Invalid value for sourceObjects[${i}].${field}: ${JSON.stringify(value)}`);
      return BigInt(text).toString();
    };
    const conditions = (entry['objectPreconditions'] ?? {}) as Record<string, unknown>;
    return { name: entry['name'], generation: whole(entry['generation'], 'generation'), ifGenerationMatch: whole(conditions['ifGenerationMatch'], 'objectPreconditions.ifGenerationMatch') };
  });
}

/**
 * objects.compose: the destination becomes the sources' bytes joined in the order given (a source may
 * appear more than once). A composite object has a CRC32C and a component count, and no MD5.
 */
export async function compose(store: ObjectStore, bucket: string, destination: string, query: URLSearchParams, req: IncomingMessage, base: string, seen: (json: unknown) => void = () => {}): Promise<Record<string, unknown>> {
  store.requireBucket(bucket);
  const body = await readJson(req);
  seen(body);
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw invalid('The request body must be a JSON object.');
  const request = body as Record<string, unknown>;
  const pre = preconditionsFrom(query);
  const sources: StoredObject[] = sourcesFrom(request).map((source) => {
    const object = store.get(bucket, source.name, source.generation);
    if (source.ifGenerationMatch !== null && source.ifGenerationMatch !== object.generation) throw preconditionFailed();
    return object;
  });
  const attributes = writableMetadataFrom(request['destination'] ?? {});
  const staged = await store.stageJoined(bucket, sources);
  const componentCount = sources.reduce((sum, s) => sum + (s.componentCount ?? 1), 0);
  return objectResource(store.commit(destination, staged, { ...attributes, componentCount }, pre), base);
}
