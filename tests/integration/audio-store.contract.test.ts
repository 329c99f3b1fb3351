import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { getStorage } from 'firebase-admin/storage';
import { describe, expect, it } from 'vitest';
import type { AudioStore } from '../../functions/src/storage/audio-store.js';
import { cloudAudioStore } from '../../functions/src/storage/cloud-audio-store.js';
import { localAudioStore } from '../../functions/src/storage/local-audio-store.js';
import { adminApp } from '../support/api-app.js';

/**
 * One contract for every AudioStore adapter. The Cloud Storage adapter, the one production runs, runs against
 * the local Cloud Storage emulator (emulators/gcs-emulator, which the README commands start): its create-only
 * writes and its compose are answered by Cloud Storage's own rules there (generation preconditions, 412; the
 * 32-source limit), so these tests fail if the emulator ignored them.
 */
const adapters: [string, () => AudioStore][] = [
  ['local', () => localAudioStore(mkdtempSync(join(tmpdir(), 'charta-store-')))],
  ['cloud-storage', () => cloudAudioStore(getStorage(adminApp()).bucket())],
];

const bytes = (text: string) => new TextEncoder().encode(text);

describe.each(adapters)('AudioStore contract: %s', (_name, make) => {
  const base = `contract/${randomUUID()}`;

  it('save, size, readRange, openRead', async () => {
    const store = make();
    await store.save(`${base}/a`, bytes('hello world'), 'audio/webm');
    expect(await store.size(`${base}/a`)).toBe(11);
    expect((await store.readRange(`${base}/a`, 6, 11)).toString()).toBe('world');
    expect((await store.readRange(`${base}/a`, 6, 999)).toString()).toBe('world');
    const parts: Buffer[] = [];
    for await (const chunk of store.openRead(`${base}/a`)) parts.push(chunk as Buffer);
    expect(Buffer.concat(parts).toString()).toBe('hello world');
    expect(await store.size(`${base}/missing`)).toBeNull();
  });

  it('saveStream writes a stream whole; a stream that fails leaves no object', async () => {
    const store = make();
    const chunks = Array.from({ length: 40 }, (_, i) => Buffer.alloc(64 * 1024, i));
    await store.saveStream(`${base}/streamed.zip`, Readable.from(chunks), 'application/zip');
    expect(await store.size(`${base}/streamed.zip`)).toBe(40 * 64 * 1024);
    expect((await store.readRange(`${base}/streamed.zip`, 39 * 64 * 1024, 39 * 64 * 1024 + 3))).toEqual(Buffer.alloc(3, 39));
    // A source failing while the write gets going, and one failing at once (before the adapter has piped it:
    // its error must reach this call, not end the process as an error nobody listens to).
    for (const failSoon of [(fail: () => void) => setImmediate(fail), (fail: () => void) => fail()]) {
      const broken = new Readable({ read() {} });
      broken.push(Buffer.alloc(1000));
      const saving = store.saveStream(`${base}/broken.zip`, broken, 'application/zip');
      failSoon(() => broken.destroy(new Error('source failed')));
      await expect(saving).rejects.toThrow();
      expect(await store.size(`${base}/broken.zip`)).toBeNull();
    }
  });

  it('save overwrites', async () => {
    const store = make();
    await store.save(`${base}/o`, bytes('first'), 'audio/webm');
    await store.save(`${base}/o`, bytes('second!'), 'audio/webm');
    expect((await store.readRange(`${base}/o`, 0, 100)).toString()).toBe('second!');
  });

  it('save with ifAbsent: of writes racing for one name, exactly one is stored, whole, and kept', async () => {
    const store = make();
    const bodies = Array.from({ length: 8 }, (_, i) => bytes(`body-${i}-`.repeat(20_000 + i)));
    const created = await Promise.all(bodies.map((body) => store.save(`${base}/once`, body, 'application/octet-stream', { ifAbsent: true })));
    expect(created.filter(Boolean)).toHaveLength(1);
    const winner = bodies[created.indexOf(true)]!;
    expect((await store.readRange(`${base}/once`, 0, 10_000_000)).equals(Buffer.from(winner))).toBe(true);
    expect(await store.save(`${base}/once`, bytes('late'), 'application/octet-stream', { ifAbsent: true })).toBe(false);
    expect(await store.size(`${base}/once`)).toBe(winner.length);
  });

  it('concat joins in the given order, also past 32 sources', async () => {
    const store = make();
    const sources = Array.from({ length: 70 }, (_, i) => `${base}/parts/p-${String(i).padStart(3, '0')}`);
    await Promise.all(sources.map((s, i) => store.save(s, bytes(`${i},`), 'application/octet-stream')));
    await store.concat([...sources].reverse(), `${base}/joined`, 'audio/webm');
    const expected = Array.from({ length: 70 }, (_, i) => `${69 - i},`).join('');
    expect((await store.readRange(`${base}/joined`, 0, 10_000)).toString()).toBe(expected);
  });

  it('delete is idempotent; deletePrefix counts and removes', async () => {
    const store = make();
    await store.save(`${base}/d/1`, bytes('1'), 'audio/webm');
    await store.save(`${base}/d/sub/2`, bytes('2'), 'audio/webm');
    await store.delete(`${base}/d/1`);
    await store.delete(`${base}/d/1`);
    expect(await store.size(`${base}/d/1`)).toBeNull();
    await store.save(`${base}/d/3`, bytes('3'), 'audio/webm');
    expect(await store.deletePrefix(`${base}/d/`)).toBe(2);
    expect(await store.size(`${base}/d/sub/2`)).toBeNull();
    expect(await store.deletePrefix(`${base}/nothing-here/`)).toBe(0);
  });

  it('URIs round-trip; foreign and unsafe ones are refused', async () => {
    const store = make();
    const uri = store.uriFor('users/u1/audio/x.webm');
    expect(store.pathFromUri(uri)).toBe('users/u1/audio/x.webm');
    expect(store.pathFromUri('https://example.com/x.webm')).toBeNull();
    expect(store.pathFromUri(uri.replace('users/u1', 'users/../u2'))).toBeNull();
    await expect(store.save('../escape', bytes('x'), 'audio/webm')).rejects.toThrow(/unsafe object path/);
  });
});
