import type { Readable } from 'node:stream';

/**
 * Where audio bytes live. Two adapters pass one contract suite (audio-store.contract.ts):
 * Cloud Storage through firebase-admin (deployments, and the Storage emulator where it runs) and the local
 * file system (machines where the Storage emulator cannot run). Paths are relative object names such as
 * `users/{uid}/audio/{uploadId}.webm`; `audio_uri` is the adapter's URI for a path.
 */
export interface AudioStore {
  /** For logs and the contract suite's output: "cloud-storage gs://bucket" or "local /dir". */
  readonly description: string;
  /**
   * Writes (or overwrites) a whole object; true once written. With `ifAbsent` it writes only if no object
   * has that name, else answers false and writes nothing: of saves racing for one name exactly one wins.
   */
  save(path: string, data: Uint8Array, contentType: string, options?: SaveOptions): Promise<boolean>;
  /**
   * Writes (or overwrites) a whole object from a stream, never holding it in memory (a data export can be
   * gigabytes). The object appears under its name only once complete; a failed stream leaves none.
   */
  saveStream(path: string, data: Readable, contentType: string): Promise<void>;
  /** Bytes [start, end) of an object (end is clamped to its size). */
  readRange(path: string, start: number, end: number): Promise<Buffer>;
  /** The whole object as a stream, for hashing and probing without holding it in memory. */
  openRead(path: string): Readable;
  /** Size in bytes, or null when there is no such object. */
  size(path: string): Promise<number | null>;
  /** Writes `dest` as the sources joined in the given order (server-side where the store can). */
  concat(sources: readonly string[], dest: string, contentType: string): Promise<void>;
  /** Deletes one object; a missing one is not an error. */
  delete(path: string): Promise<void>;
  /** Deletes every object under a prefix ("users/abc/"); returns how many went. */
  deletePrefix(prefix: string): Promise<number>;
  /** The URI clients see as `audio_uri`. */
  uriFor(path: string): string;
  /** The path inside this store of a URI it issued, or null for any other URI. */
  pathFromUri(uri: string): string | null;
}

export interface SaveOptions {
  /** Create-only: keep an existing object (a chunk's first stored bytes win over a racing retry's). */
  ifAbsent?: boolean;
}

/** Object names are built by us from ids; this keeps a bug from ever escaping the store's root. */
export function assertSafeObjectPath(path: string): void {
  if (!/^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(path) || path.split('/').some((part) => part === '..' || part === '.' || part === '')) {
    throw new Error(`unsafe object path: ${JSON.stringify(path)}`);
  }
}
