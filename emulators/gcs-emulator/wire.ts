/**
 * Cloud Storage's JSON API as clients read it: the object resource, errors in Google's JSON error shape
 * (`{ error: { code, message, errors: [{ message, domain, reason }] } }`, which @google-cloud/storage turns
 * into an ApiError whose `code` is the status), and the generation and metageneration preconditions.
 */

/** An object as the emulator keeps it (its bytes are in `file`, see object-store.ts). */
export interface StoredObject {
  bucket: string;
  name: string;
  /** Cloud Storage's generation: microseconds since the epoch when this version was written, as a decimal string. */
  generation: string;
  /** Starts at 1 for each generation; every metadata change adds one. */
  metageneration: number;
  contentType: string;
  size: number;
  /** Composite objects (compose) have no MD5, only a CRC32C, as on Cloud Storage. */
  md5Hash: string | null;
  crc32c: string;
  /** Set on composite objects: how many uploaded objects they are made of. */
  componentCount: number | null;
  metadata: Record<string, string> | null;
  cacheControl: string | null;
  contentDisposition: string | null;
  contentEncoding: string | null;
  contentLanguage: string | null;
  timeCreated: string;
  updated: string;
  /** The file name, inside the bucket's folder, of this generation's bytes. */
  file: string;
}

export class GcsError extends Error {
  readonly status: number;
  readonly reason: string;
  readonly location: { locationType: string; location: string } | null;

  constructor(status: number, reason: string, message: string, location: { locationType: string; location: string } | null = null) {
    super(message);
    this.status = status;
    this.reason = reason;
    this.location = location;
  }

  body(): { error: { code: number; message: string; errors: Record<string, string>[] } } {
    return { error: { code: this.status, message: this.message, errors: [{ message: this.message, domain: 'global', reason: this.reason, ...(this.location ?? {}) }] } };
  }
}

export const noSuchObject = (bucket: string, name: string) => new GcsError(404, 'notFound', `No such object: ${bucket}/${name}`);
export const noSuchBucket = () => new GcsError(404, 'notFound', 'The specified bucket does not exist.');
export const invalid = (message: string) => new GcsError(400, 'invalid', message);
export const preconditionFailed = () =>
  new GcsError(412, 'conditionNotMet', 'At least one of the pre-conditions you specified did not hold.', { locationType: 'header', location: 'If-Match' });

/** Answered with 304 and no body: an `if…NotMatch` condition on a read that did not hold (as HTTP's If-None-Match). */
export class NotModified extends Error {}

export interface Preconditions {
  ifGenerationMatch?: string;
  ifGenerationNotMatch?: string;
  ifMetagenerationMatch?: string;
  ifMetagenerationNotMatch?: string;
}

const PRECONDITIONS = ['ifGenerationMatch', 'ifGenerationNotMatch', 'ifMetagenerationMatch', 'ifMetagenerationNotMatch'] as const;

/** The `if…Match` query parameters; a value that is not a whole number is 400 naming it. */
export function preconditionsFrom(query: URLSearchParams): Preconditions {
  const found: Preconditions = {};
  for (const name of PRECONDITIONS) {
    const value = query.get(name);
    if (value === null) continue;
    if (!/^-?\d+$/.test(value)) throw invalid(`Invalid value for ${name}: ${value}`);
    found[name] = BigInt(value).toString();
  }
  return found;
}

/**
 * Checks preconditions against the live object (undefined: none). Generation 0 means "no live object":
 * `ifGenerationMatch=0` holds only while the name is free, which is how a create-only write is asked for.
 * Writes answer a failed condition with 412; reads answer a failed `…NotMatch` with 304, as Cloud Storage does.
 */
export function checkPreconditions(live: StoredObject | undefined, pre: Preconditions, access: 'read' | 'write'): void {
  const generation = live?.generation ?? '0';
  if (pre.ifGenerationMatch !== undefined && pre.ifGenerationMatch !== generation) throw preconditionFailed();
  if (pre.ifMetagenerationMatch !== undefined && (!live || pre.ifMetagenerationMatch !== String(live.metageneration))) throw preconditionFailed();
  const notMatch =
    (pre.ifGenerationNotMatch !== undefined && pre.ifGenerationNotMatch === generation) ||
    (pre.ifMetagenerationNotMatch !== undefined && live !== undefined && pre.ifMetagenerationNotMatch === String(live.metageneration));
  if (notMatch) {
    if (access === 'read') throw new NotModified();
    throw preconditionFailed();
  }
}

const encodeName = (name: string) => encodeURIComponent(name);

/** An opaque entity tag that changes with every generation and metadata change. */
export const etagOf = (object: StoredObject) => Buffer.from(`${object.generation}/${object.metageneration}`).toString('base64');

/** The object resource (storage#object) the JSON API answers with; `base` is the address the client used. */
export function objectResource(object: StoredObject, base: string): Record<string, unknown> {
  const path = `b/${object.bucket}/o/${encodeName(object.name)}`;
  return {
    kind: 'storage#object',
    id: `${object.bucket}/${object.name}/${object.generation}`,
    selfLink: `${base}/storage/v1/${path}`,
    mediaLink: `${base}/download/storage/v1/${path}?generation=${object.generation}&alt=media`,
    name: object.name,
    bucket: object.bucket,
    generation: object.generation,
    metageneration: String(object.metageneration),
    contentType: object.contentType,
    storageClass: 'STANDARD',
    size: String(object.size),
    ...(object.md5Hash ? { md5Hash: object.md5Hash } : {}),
    crc32c: object.crc32c,
    etag: etagOf(object),
    timeCreated: object.timeCreated,
    updated: object.updated,
    timeStorageClassUpdated: object.timeCreated,
    ...(object.componentCount !== null ? { componentCount: object.componentCount } : {}),
    ...(object.metadata ? { metadata: object.metadata } : {}),
    ...(object.cacheControl ? { cacheControl: object.cacheControl } : {}),
    ...(object.contentDisposition ? { contentDisposition: object.contentDisposition } : {}),
    ...(object.contentEncoding ? { contentEncoding: object.contentEncoding } : {}),
    ...(object.contentLanguage ? { contentLanguage: object.contentLanguage } : {}),
  };
}

/** `x-goog-hash` as Cloud Storage sends it with media: `crc32c=…,md5=…` (no md5 for composite objects). */
export const xGoogHash = (object: StoredObject) => [`crc32c=${object.crc32c}`, ...(object.md5Hash ? [`md5=${object.md5Hash}`] : [])].join(',');

/** Metadata fields a client may write (on upload, compose's destination, patch); the rest are the server's. */
export interface WritableMetadata {
  contentType?: string | null;
  metadata?: Record<string, string | null> | null;
  cacheControl?: string | null;
  contentDisposition?: string | null;
  contentEncoding?: string | null;
  contentLanguage?: string | null;
}

const WRITABLE_STRINGS = ['contentType', 'cacheControl', 'contentDisposition', 'contentEncoding', 'contentLanguage'] as const;

/** Reads the writable fields of a JSON object resource; wrong types are 400. Read-only fields are ignored, as Cloud Storage ignores them. */
export function writableMetadataFrom(body: unknown): WritableMetadata {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw invalid('The request body must be a JSON object.');
  const source = body as Record<string, unknown>;
  const found: WritableMetadata = {};
  for (const field of WRITABLE_STRINGS) {
    if (!(field in source)) continue;
    const value = source[field];
    if (value !== null && typeof value !== 'string') throw invalid(`Invalid value for ${field}: ${JSON.stringify(value)}`);
    found[field] = value;
  }
  if ('metadata' in source) {
    const value = source['metadata'];
    if (value !== null && (typeof value !== 'object' || Array.isArray(value))) throw invalid('Invalid value for metadata: it must be an object of strings.');
    if (value) {
      for (const [key, entry] of Object.entries(value as Record<string, unknown>)) {
        if (entry !== null && typeof entry !== 'string') throw invalid(`Invalid value for metadata.${key}: ${JSON.stringify(entry)}`);
      }
    }
    found.metadata = value as Record<string, string | null> | null;
  }
  return found;
}

/** Custom metadata after a change: keys set to null are removed; null or an emptied map is none. */
export function mergeCustomMetadata(current: Record<string, string> | null, change: Record<string, string | null> | null | undefined): Record<string, string> | null {
  if (change === undefined) return current;
  if (change === null) return null;
  const merged: Record<string, string> = { ...(current ?? {}) };
  for (const [key, value] of Object.entries(change)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return Object.keys(merged).length > 0 ? merged : null;
}
