import { createReadStream } from 'node:fs';
import { link, mkdir, open, readdir, rm, stat, writeFile, rename } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import { assertSafeObjectPath, type AudioStore } from './audio-store.js';

/**
 * Audio on the local disk under one root folder: for machines where the Cloud Storage emulator cannot run.
 * Writes go to a temporary file renamed into place, so a crash never leaves half an object under its name.
 */
export function localAudioStore(rootDir: string): AudioStore {
  const root = resolve(rootDir);
  const fileOf = (path: string) => {
    assertSafeObjectPath(path);
    return join(root, path);
  };

  async function writeAtomically(path: string, write: (tmp: string) => Promise<void>): Promise<void> {
    const file = fileOf(path);
    await mkdir(dirname(file), { recursive: true });
    const tmp = `${file}.${randomUUID()}.partial`;
    try {
      await write(tmp);
      await rename(tmp, file);
    } finally {
      await rm(tmp, { force: true });
    }
  }

  return {
    description: `local ${root}`,

    async save(path, data, _contentType, options) {
      if (!options?.ifAbsent) {
        await writeAtomically(path, (tmp) => writeFile(tmp, data));
        return true;
      }
      const file = fileOf(path);
      await mkdir(dirname(file), { recursive: true });
      const tmp = `${file}.${randomUUID()}.partial`;
      try {
        await writeFile(tmp, data);
        // link() fails if the name exists, atomically, and publishes the whole file at once (an exclusive
        // open, 'wx', would show a half-written file to a racing reader).
        await link(tmp, file);
        return true;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
        throw err;
      } finally {
        await rm(tmp, { force: true });
      }
    },

    async saveStream(path, data) {
      // The folder is made before the stream is piped: a source failing meanwhile would emit 'error' to
      // nobody, which ends the process. Heard here, its failure is still what the pipeline rejects with (it
      // reads a destroyed stream's error).
      data.on('error', () => {});
      await writeAtomically(path, (tmp) => pipeline(data, createWriteStream(tmp)));
    },

    async readRange(path, start, end) {
      const handle = await open(fileOf(path), 'r');
      try {
        const { size } = await handle.stat();
        const last = Math.min(end, size);
        const length = Math.max(0, last - start);
        const buffer = Buffer.alloc(length);
        await handle.read(buffer, 0, length, start);
        return buffer;
      } finally {
        await handle.close();
      }
    },

    openRead(path) {
      return createReadStream(fileOf(path));
    },

    async size(path) {
      try {
        return (await stat(fileOf(path))).size;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },

    async concat(sources, dest) {
      await writeAtomically(dest, async (tmp) => {
        const out = createWriteStream(tmp);
        try {
          for (const source of sources) {
            await pipeline(createReadStream(fileOf(source)), out, { end: false });
          }
        } finally {
          await new Promise<void>((done, fail) => out.end((err?: Error | null) => (err ? fail(err) : done())));
        }
      });
    },

    async delete(path) {
      await rm(fileOf(path), { force: true });
    },

    async deletePrefix(prefix) {
      const dir = join(root, prefix);
      if (!resolve(dir).startsWith(root)) throw new Error('prefix escapes the store root');
      let count = 0;
      async function walk(d: string): Promise<void> {
        let entries;
        try {
          entries = await readdir(d, { withFileTypes: true });
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
          throw err;
        }
        for (const entry of entries) {
          if (entry.isDirectory()) await walk(join(d, entry.name));
          else count++;
        }
      }
      await walk(dir);
      await rm(dir, { recursive: true, force: true });
      return count;
    },

    uriFor(path) {
      assertSafeObjectPath(path);
      return `local://${path}`;
    },

    pathFromUri(uri) {
      if (!uri.startsWith('local://')) return null;
      const path = uri.slice('local://'.length);
      try {
        assertSafeObjectPath(path);
        return path;
      } catch {
        return null;
      }
    },
  };
}
