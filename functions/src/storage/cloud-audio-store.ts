import { createHash } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { Storage } from 'firebase-admin/storage';
import { assertSafeObjectPath, type AudioStore } from './audio-store.js';

/** firebase-admin's bucket type (the Storage SDK it bundles). */
type Bucket = ReturnType<Storage['bucket']>;

// Cloud Storage composes at most 32 objects per request.
const MAX_COMPOSE_SOURCES = 32;

/** Audio in Cloud Storage (firebase-admin's bucket; honours FIREBASE_STORAGE_EMULATOR_HOST). */
export function cloudAudioStore(bucket: Bucket): AudioStore {
  const file = (path: string) => {
    assertSafeObjectPath(path);
    return bucket.file(path);
  };

  async function sizeOf(path: string): Promise<number | null> {
    const [exists] = await file(path).exists();
    if (!exists) return null;
    const [metadata] = await file(path).getMetadata();
    return Number(metadata.size ?? 0);
  }

  return {
    description: `cloud-storage gs://${bucket.name}`,

    async save(path, data, contentType, options) {
      try {
        const bytes = Buffer.from(data);
        // resumable: false: chunks are small, and a single request is cheaper and retried by the client.
        // md5Hash in the metadata: Cloud Storage checks the bytes it received against it and stores nothing
        // on a mismatch (400), where the SDK's own check ('md5') only compares afterwards, then deletes.
        // ifGenerationMatch 0 means "no live object": Cloud Storage itself refuses the losers of a race (412).
        await file(path).save(bytes, {
          contentType,
          metadata: { md5Hash: createHash('md5').update(bytes).digest('base64') },
          resumable: false,
          validation: 'md5',
          ...(options?.ifAbsent ? { preconditionOpts: { ifGenerationMatch: 0 } } : {}),
        });
        return true;
      } catch (err) {
        if (options?.ifAbsent && (err as { code?: unknown }).code === 412) return false;
        throw err;
      }
    },

    async saveStream(path, data, contentType) {
      // One multipart upload whose body is the stream (the SDK pipes it; nothing is buffered whole). The object
      // exists only once the request completes, and the SDK checks the CRC32C it computed against the one
      // stored. Not resumable: the local Cloud Storage emulator speaks only simple uploads, and a broken export
      // is built again rather than resumed.
      await pipeline(data, file(path).createWriteStream({ contentType, resumable: false, validation: 'crc32c' }));
    },

    async readRange(path, start, end) {
      const size = await sizeOf(path);
      if (size === null) throw Object.assign(new Error('no such object'), { code: 404 });
      const last = Math.min(end, size);
      if (last <= start) return Buffer.alloc(0);
      const [data] = await file(path).download({ start, end: last - 1 });
      return data;
    },

    openRead(path) {
      return file(path).createReadStream();
    },

    size: sizeOf,

    async concat(sources, dest, contentType) {
      // Compose server-side, in rounds of 32, so hour-long recordings never pass through the function.
      let round = [...sources];
      let generation = 0;
      const intermediates: string[] = [];
      while (round.length > MAX_COMPOSE_SOURCES) {
        const next: string[] = [];
        for (let i = 0; i < round.length; i += MAX_COMPOSE_SOURCES) {
          const part = `${dest}.compose-${generation}-${i / MAX_COMPOSE_SOURCES}`;
          await bucket.combine(round.slice(i, i + MAX_COMPOSE_SOURCES).map(file), file(part));
          next.push(part);
          intermediates.push(part);
        }
        round = next;
        generation++;
      }
      await bucket.combine(round.map(file), file(dest));
      await file(dest).setMetadata({ contentType });
      await Promise.all(intermediates.map((p) => file(p).delete({ ignoreNotFound: true })));
    },

    async delete(path) {
      await file(path).delete({ ignoreNotFound: true });
    },

    async deletePrefix(prefix) {
      const [files] = await bucket.getFiles({ prefix });
      await Promise.all(files.map((f) => f.delete({ ignoreNotFound: true })));
      return files.length;
    },

    uriFor(path) {
      assertSafeObjectPath(path);
      return `gs://${bucket.name}/${path}`;
    },

    pathFromUri(uri) {
      const prefix = `gs://${bucket.name}/`;
      if (!uri.startsWith(prefix)) return null;
      const path = uri.slice(prefix.length);
      try {
        assertSafeObjectPath(path);
        return path;
      } catch {
        return null;
      }
    },
  };
}
