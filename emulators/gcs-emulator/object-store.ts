/**
 * The emulator's buckets and objects. Bytes live in files under a data folder (one folder per bucket, one
 * file per object generation), so long recordings do not sit in memory and `CHARTA_PERSIST=1 npm start`
 * keeps audio beside the other emulators' data; the index of live objects is in memory and written through
 * to one small JSON file per object.
 *
 * Every write is staged first (its bytes written to a file of their own, checksummed) and then committed in
 * one synchronous step that checks the preconditions against the live object and replaces it: Node runs one
 * commit at a time, so of writes racing for one name with `ifGenerationMatch=0` exactly one is committed and
 * the others get 412, as on Cloud Storage, whatever order their bytes arrived in.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { once } from 'node:events';
import { Checksums, checksumsOf } from './checksums.ts';
import { checkPreconditions, invalid, mergeCustomMetadata, noSuchBucket, noSuchObject, type Preconditions, type StoredObject, type WritableMetadata } from './wire.ts';

/** Bytes written to a file of their own, not yet any object's. */
export interface Staged {
  bucket: string;
  file: string;
  size: number;
  crc32c: string;
  md5Hash: string | null;
}

/** Cloud Storage's limit on the sources of one compose request. */
export const MAX_COMPOSE_SOURCES = 32;

export interface ListOptions {
  prefix: string;
  delimiter: string | null;
  startOffset: string | null;
  endOffset: string | null;
  /** The last name of the previous page (from the page token): this page starts after it. */
  after: string | null;
  maxResults: number;
}

export class ObjectStore {
  private readonly buckets = new Map<string, Map<string, StoredObject>>();
  private lastGeneration = 0;
  private readonly dataDir: string;

  constructor(dataDir: string, bucketNames: readonly string[]) {
    this.dataDir = dataDir;
    for (const bucket of bucketNames) {
      if (!/^[a-z0-9][a-z0-9._-]{1,220}[a-z0-9]$/.test(bucket)) throw new Error(`not a Cloud Storage bucket name: ${bucket}`);
      const dir = join(dataDir, bucket);
      mkdirSync(dir, { recursive: true });
      this.buckets.set(bucket, this.load(bucket, dir));
    }
  }

  /** Objects kept from an earlier run (a persisted data folder); staged files no object names are removed. */
  private load(bucket: string, dir: string): Map<string, StoredObject> {
    const objects = new Map<string, StoredObject>();
    for (const entry of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
      const object = JSON.parse(readFileSync(join(dir, entry), 'utf8')) as StoredObject;
      if (object.bucket === bucket && existsSync(join(dir, object.file))) {
        objects.set(object.name, object);
        this.lastGeneration = Math.max(this.lastGeneration, Number(object.generation));
      }
    }
    const named = new Set([...objects.values()].map((o) => o.file));
    for (const entry of readdirSync(dir).filter((f) => f.endsWith('.bin') && !named.has(f))) rmSync(join(dir, entry), { force: true });
    return objects;
  }

  bucketNames(): string[] {
    return [...this.buckets.keys()];
  }

  private objectsOf(bucket: string): Map<string, StoredObject> {
    const objects = this.buckets.get(bucket);
    if (!objects) throw noSuchBucket();
    return objects;
  }

  requireBucket(bucket: string): void {
    this.objectsOf(bucket);
  }

  find(bucket: string, name: string): StoredObject | undefined {
    return this.objectsOf(bucket).get(name);
  }

  /** The live object, or 404 as Cloud Storage words it; `generation` (a query parameter) must be the live one. */
  get(bucket: string, name: string, generation?: string | null): StoredObject {
    const object = this.find(bucket, name);
    if (!object || (generation && generation !== object.generation)) throw noSuchObject(bucket, name);
    return object;
  }

  pathOf(object: StoredObject): string {
    return join(this.dataDir, object.bucket, object.file);
  }

  /** Writes bytes to a new file of the bucket's folder, with their checksums. */
  async stage(bucket: string, bytes: Buffer): Promise<Staged> {
    this.objectsOf(bucket);
    const file = `${randomUUID()}.bin`;
    await writeFile(join(this.dataDir, bucket, file), bytes);
    return { bucket, file, size: bytes.length, ...checksumsOf(bytes) };
  }

  /** Writes the sources' bytes, joined in the order given, to a new file (compose). No MD5: composite objects have none. */
  async stageJoined(bucket: string, sources: readonly StoredObject[]): Promise<Staged> {
    const file = `${randomUUID()}.bin`;
    const path = join(this.dataDir, bucket, file);
    const sums = new Checksums();
    const out = createWriteStream(path);
    const failed = new Promise<never>((_, fail) => out.once('error', fail));
    failed.catch(() => {});
    try {
      // Written by hand rather than piped, one source after another into the one file.
      for (const source of sources) {
        for await (const chunk of createReadStream(this.pathOf(source)) as AsyncIterable<Buffer>) {
          sums.update(chunk);
          if (!out.write(chunk)) await Promise.race([once(out, 'drain'), failed]);
        }
      }
      await Promise.race([new Promise<void>((done) => out.end(done)), failed]);
    } catch (err) {
      out.destroy();
      rmSync(path, { force: true });
      // A source replaced or deleted while it was read: its generation is gone, as Cloud Storage would say.
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw noSuchObject(bucket, sources.find((s) => !existsSync(this.pathOf(s)))?.name ?? '');
      throw err;
    }
    return { bucket, file, size: sums.size, crc32c: sums.digest().crc32c, md5Hash: null };
  }

  /** Drops bytes that never became an object (a failed precondition, a checksum mismatch). */
  discard(staged: Staged): void {
    rmSync(join(this.dataDir, staged.bucket, staged.file), { force: true });
  }

  /**
   * Makes the staged bytes the object `name`, if the preconditions hold against the live object at this
   * moment; else discards them and throws (412). Synchronous from check to replace: nothing runs between.
   */
  commit(name: string, staged: Staged, attributes: WritableMetadata & { componentCount?: number }, pre: Preconditions): StoredObject {
    const objects = this.objectsOf(staged.bucket);
    const live = objects.get(name);
    try {
      checkPreconditions(live, pre, 'write');
    } catch (err) {
      this.discard(staged);
      throw err;
    }
    const now = new Date().toISOString();
    const object: StoredObject = {
      bucket: staged.bucket,
      name,
      generation: this.nextGeneration(),
      metageneration: 1,
      contentType: attributes.contentType || 'application/octet-stream',
      size: staged.size,
      md5Hash: staged.md5Hash,
      crc32c: staged.crc32c,
      componentCount: attributes.componentCount ?? null,
      metadata: mergeCustomMetadata(null, attributes.metadata),
      cacheControl: attributes.cacheControl ?? null,
      contentDisposition: attributes.contentDisposition ?? null,
      contentEncoding: attributes.contentEncoding ?? null,
      contentLanguage: attributes.contentLanguage ?? null,
      timeCreated: now,
      updated: now,
      file: staged.file,
    };
    this.writeIndex(object);
    objects.set(name, object);
    if (live) rmSync(this.pathOf(live), { force: true });
    return object;
  }

  /** Changes metadata (objects.patch): a new metageneration of the same generation. */
  patch(bucket: string, name: string, change: WritableMetadata, pre: Preconditions): StoredObject {
    const live = this.get(bucket, name);
    checkPreconditions(live, pre, 'write');
    if (change.contentType === '') throw invalid('Invalid value for contentType: it must not be empty.');
    const updated: StoredObject = {
      ...live,
      metageneration: live.metageneration + 1,
      updated: new Date().toISOString(),
      ...(change.contentType !== undefined ? { contentType: change.contentType ?? 'application/octet-stream' } : {}),
      metadata: mergeCustomMetadata(live.metadata, change.metadata),
      ...(change.cacheControl !== undefined ? { cacheControl: change.cacheControl } : {}),
      ...(change.contentDisposition !== undefined ? { contentDisposition: change.contentDisposition } : {}),
      ...(change.contentEncoding !== undefined ? { contentEncoding: change.contentEncoding } : {}),
      ...(change.contentLanguage !== undefined ? { contentLanguage: change.contentLanguage } : {}),
    };
    this.writeIndex(updated);
    this.objectsOf(bucket).set(name, updated);
    return updated;
  }

  delete(bucket: string, name: string, pre: Preconditions, generation?: string | null): void {
    const live = this.get(bucket, name, generation);
    checkPreconditions(live, pre, 'write');
    this.objectsOf(bucket).delete(name);
    rmSync(this.indexPath(live), { force: true });
    rmSync(this.pathOf(live), { force: true });
  }

  /**
   * One page of the bucket's objects in name order (Cloud Storage lists lexicographically by UTF-8 bytes,
   * which for the names here is JavaScript's order). With a delimiter, names with it past the prefix are
   * rolled up into `prefixes`, each counted once towards the page.
   */
  list(bucket: string, options: ListOptions): { items: StoredObject[]; prefixes: string[]; last: string | null; more: boolean } {
    const names = [...this.objectsOf(bucket).keys()]
      .filter((n) => n.startsWith(options.prefix))
      .filter((n) => (options.startOffset === null || n >= options.startOffset) && (options.endOffset === null || n < options.endOffset))
      .filter((n) => options.after === null || n > options.after)
      .sort();
    const items: StoredObject[] = [];
    const prefixes: string[] = [];
    let last: string | null = null;
    for (const name of names) {
      const cut = options.delimiter ? name.indexOf(options.delimiter, options.prefix.length) : -1;
      const rolled = cut >= 0 ? name.slice(0, cut + options.delimiter!.length) : null;
      if (rolled !== null && prefixes[prefixes.length - 1] === rolled) continue;
      if (items.length + prefixes.length >= options.maxResults) return { items, prefixes, last, more: true };
      if (rolled !== null) {
        prefixes.push(rolled);
        // The next page starts after every name under this prefix, so it is not listed twice.
        last = `${rolled}\uffff`;
      } else {
        items.push(this.objectsOf(bucket).get(name)!);
        last = name;
      }
    }
    return { items, prefixes, last, more: false };
  }

  private nextGeneration(): string {
    this.lastGeneration = Math.max(Date.now() * 1000, this.lastGeneration + 1);
    return String(this.lastGeneration);
  }

  private indexPath(object: StoredObject): string {
    return join(this.dataDir, object.bucket, `${createHash('sha256').update(object.name).digest('hex')}.json`);
  }

  /** Written through, atomically (a temporary file renamed), so a persisted folder is never half an index. */
  private writeIndex(object: StoredObject): void {
    const path = this.indexPath(object);
    const tmp = `${path}.${randomUUID()}.tmp`;
    writeFileSync(tmp, JSON.stringify(object));
    renameSync(tmp, path);
  }

  /** Removes a data folder the emulator made for itself (no --data-dir). */
  static removeFolder(dir: string): void {
    rmSync(dir, { recursive: true, force: true });
  }
}

