/**
 * objects.insert on the upload endpoint (`POST /upload/storage/v1/b/{bucket}/o`), in the two single-request
 * forms: `uploadType=media` (the body is the object; its name in `name`) and `uploadType=multipart`
 * (`multipart/related`: a JSON part with the object's metadata, then the media part), which is what
 * @google-cloud/storage sends for `file.save(data, { resumable: false })`. An `md5Hash` or `crc32c` given in
 * the metadata is checked against the bytes received, and a mismatch stores nothing (400), as on Cloud
 * Storage. Resumable uploads are not emulated: nothing here sends them, and the answer says so.
 */
import type { IncomingMessage } from 'node:http';
import { readRequestBody } from '../http-helpers.ts';
import { checksumsOf } from './checksums.ts';
import type { ObjectStore } from './object-store.ts';
import { GcsError, invalid, preconditionsFrom, writableMetadataFrom, type StoredObject, type WritableMetadata } from './wire.ts';

/** The most one request may carry here (the API sends at most 8 MB per request); past it, 413. */
export const MAX_UPLOAD_BYTES = 64 * 1024 * 1024;

export async function readUploadBody(req: IncomingMessage): Promise<Buffer> {
  return readRequestBody(req, MAX_UPLOAD_BYTES, () => new GcsError(413, 'uploadTooLarge', `The emulator takes at most ${MAX_UPLOAD_BYTES} bytes in one upload request.`));
}

interface Parsed {
  metadata: Record<string, unknown>;
  media: Buffer;
  mediaContentType: string | null;
}

const headerValue = (req: IncomingMessage, name: string): string | null => {
  const value = req.headers[name];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
};

/** Splits a multipart/related body into its JSON metadata part and its media part, byte for byte. */
export function parseMultipartRelated(contentType: string, body: Buffer): Parsed {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  if (!boundary) throw invalid('A multipart upload needs Content-Type: multipart/related with a boundary.');
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const parts: { headers: Record<string, string>; body: Buffer }[] = [];
  let at = body.indexOf(delimiter);
  while (at >= 0) {
    const afterDelimiter = at + delimiter.length;
    if (body.subarray(afterDelimiter, afterDelimiter + 2).toString() === '--') break;
    const headersEnd = body.indexOf('\r\n\r\n', afterDelimiter);
    if (headersEnd < 0) throw invalid('Malformed multipart body: a part has no end of headers.');
    const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), headersEnd + 4);
    if (next < 0) throw invalid('Malformed multipart body: no closing boundary.');
    const headers: Record<string, string> = {};
    for (const line of body.subarray(afterDelimiter, headersEnd).toString('latin1').split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    parts.push({ headers, body: body.subarray(headersEnd + 4, next) });
    at = next + 2;
  }
  if (parts.length !== 2) throw invalid(`A multipart upload has exactly two parts, metadata then media; this one has ${parts.length}.`);
  let metadata: unknown;
  try {
    metadata = JSON.parse(parts[0]!.body.toString('utf8'));
  } catch {
    throw invalid('The metadata part of a multipart upload must be JSON.');
  }
  if (metadata === null || typeof metadata !== 'object' || Array.isArray(metadata)) throw invalid('The metadata part of a multipart upload must be a JSON object.');
  return { metadata: metadata as Record<string, unknown>, media: parts[1]!.body, mediaContentType: parts[1]!.headers['content-type'] ?? null };
}

/** Hashes the client sent in the metadata must be those of the bytes received: else nothing is stored. */
function checkProvidedHashes(metadata: Record<string, unknown>, media: Buffer): void {
  const given = { md5Hash: metadata['md5Hash'], crc32c: metadata['crc32c'] };
  if (given.md5Hash === undefined && given.crc32c === undefined) return;
  const actual = checksumsOf(media);
  const shown = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
  if (given.md5Hash !== undefined && given.md5Hash !== actual.md5Hash) {
    throw invalid(`Provided MD5 hash "${shown(given.md5Hash)}" doesn't match calculated MD5 hash "${actual.md5Hash}".`);
  }
  if (given.crc32c !== undefined && given.crc32c !== actual.crc32c) {
    throw invalid(`Provided CRC32C "${shown(given.crc32c)}" doesn't match calculated CRC32C "${actual.crc32c}".`);
  }
}

/** `seen` receives the metadata the client sent (for the request log). */
export async function insertObject(store: ObjectStore, bucket: string, query: URLSearchParams, req: IncomingMessage, seen: (json: unknown) => void = () => {}): Promise<StoredObject> {
  store.requireBucket(bucket);
  const uploadType = query.get('uploadType');
  const pre = preconditionsFrom(query);
  if (uploadType === 'resumable') {
    throw new GcsError(501, 'notImplemented', 'The Cloud Storage emulator takes uploadType=media and uploadType=multipart only (file.save with resumable: false); resumable uploads are not emulated.');
  }
  if (uploadType !== 'media' && uploadType !== 'multipart') throw invalid(`Invalid value for uploadType: ${uploadType ?? '(none)'}`);
  const body = await readUploadBody(req);
  const contentType = headerValue(req, 'content-type');

  let metadata: Record<string, unknown> = {};
  let media = body;
  let mediaContentType = contentType;
  if (uploadType === 'multipart') {
    if (!contentType || !/^multipart\/related/i.test(contentType)) throw invalid('uploadType=multipart needs Content-Type: multipart/related.');
    ({ metadata, media, mediaContentType } = parseMultipartRelated(contentType, body));
    seen(metadata);
  }
  const name = query.get('name') ?? (typeof metadata['name'] === 'string' ? metadata['name'] : null);
  if (!name) throw new GcsError(400, 'required', 'Required', { locationType: 'parameter', location: 'name' });
  if (Buffer.byteLength(name) > 1024 || /[\r\n]/.test(name)) throw invalid(`Invalid object name: ${JSON.stringify(name.slice(0, 64))}`);
  checkProvidedHashes(metadata, media);
  const attributes: WritableMetadata = writableMetadataFrom(metadata);
  if (!attributes.contentType) attributes.contentType = mediaContentType;
  const staged = await store.stage(bucket, media);
  return store.commit(name, staged, attributes, pre);
}
