/**
 * The local Cloud Storage emulator, driven by firebase-admin's own @google-cloud/storage (STORAGE_EMULATOR_HOST,
 * as the API reaches it) and, where the SDK sends nothing of the kind, by plain HTTP: uploads with their
 * checksums, generation preconditions answered 412, downloads the SDK validates, byte ranges, listing in
 * pages, compose and its 32-source limit, errors in Cloud Storage's shape; and what the audio store's
 * adapter sends, from the emulator's request log.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startGcsEmulator } from '../../emulators/gcs-emulator/server.ts';
import { cloudAudioStore } from '../../functions/src/storage/cloud-audio-store.js';
import { audioBucket, gcsEmulatorUrl, gcsRequests } from '../support/gcs-emulator.js';

const bucket = audioBucket();
const base = `gcs-emulator/${randomUUID()}`;
const md5 = (data: Buffer | string) => createHash('md5').update(data).digest('base64');
const objectUrl = (name: string, api = '/storage/v1') => `${gcsEmulatorUrl()}${api}/b/${bucket.name}/o/${encodeURIComponent(name)}`;

/** A multipart/related upload as the JSON API takes it, with the metadata given. */
function multipartUpload(name: string, metadata: Record<string, unknown>, data: Buffer, query = '') {
  const boundary = `b-${randomUUID()}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Type: application/json\r\n\r\n${JSON.stringify(metadata)}\r\n--${boundary}\r\nContent-Type: application/octet-stream\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--`),
  ]);
  return fetch(`${gcsEmulatorUrl()}/upload/storage/v1/b/${bucket.name}/o?uploadType=multipart&name=${encodeURIComponent(name)}${query}`, {
    method: 'POST',
    headers: { 'content-type': `multipart/related; boundary=${boundary}` },
    body,
  });
}

describe('uploads', () => {
  it("Multipart (what file.save sends): the object resource with Cloud Storage's checksums", async () => {
    const file = bucket.file(`${base}/checksums`);
    await file.save(Buffer.from('123456789'), { contentType: 'audio/webm', resumable: false });
    const [metadata] = await file.getMetadata();
    // CRC-32C of "123456789" is 0xE3069283, the check value of the Castagnoli polynomial.
    expect(metadata).toMatchObject({ name: `${base}/checksums`, bucket: bucket.name, size: '9', contentType: 'audio/webm', crc32c: '4waSgw==', md5Hash: md5('123456789'), metageneration: '1', storageClass: 'STANDARD' });
    expect(metadata.generation).toMatch(/^\d{16}$/);
  });

  it('Media (uploadType=media): the body is the object, its type the request\'s', async () => {
    const name = `${base}/media`;
    const res = await fetch(`${gcsEmulatorUrl()}/upload/storage/v1/b/${bucket.name}/o?uploadType=media&name=${encodeURIComponent(name)}`, { method: 'POST', headers: { 'content-type': 'audio/ogg' }, body: 'ogg bytes' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ kind: 'storage#object', name, size: '9', contentType: 'audio/ogg', md5Hash: md5('ogg bytes') });
    expect((await bucket.file(name).download())[0].toString()).toBe('ogg bytes');
  });

  it('An md5Hash or crc32c that the bytes do not have: 400, and nothing is stored', async () => {
    const name = `${base}/corrupt`;
    const wrong = bucket.file(name).save(Buffer.from('what arrived'), { resumable: false, metadata: { md5Hash: md5('what was sent') } });
    await expect(wrong).rejects.toMatchObject({ code: 400, message: `Provided MD5 hash "${md5('what was sent')}" doesn't match calculated MD5 hash "${md5('what arrived')}".` });
    const res = await multipartUpload(name, { crc32c: 'AAAAAA==' }, Buffer.from('123456789'));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: { code: 400, message: 'Provided CRC32C "AAAAAA==" doesn\'t match calculated CRC32C "4waSgw==".', errors: [{ message: 'Provided CRC32C "AAAAAA==" doesn\'t match calculated CRC32C "4waSgw==".', domain: 'global', reason: 'invalid' }] },
    });
    expect((await bucket.file(name).exists())[0]).toBe(false);
    expect((await multipartUpload(name, { md5Hash: md5('123456789'), crc32c: '4waSgw==' }, Buffer.from('123456789'))).status).toBe(200);
  });

  it('Resumable uploads are refused with a reason (nothing here sends them)', async () => {
    const res = await fetch(`${gcsEmulatorUrl()}/upload/storage/v1/b/${bucket.name}/o?uploadType=resumable&name=x`, { method: 'POST' });
    expect(res.status).toBe(501);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/resumable uploads are not emulated/);
  });
});

describe('generation preconditions', () => {
  it('ifGenerationMatch 0 writes only while the name is free; other generations must be the live one; failures are 412 in Cloud Storage\'s shape', async () => {
    const file = bucket.file(`${base}/generations`);
    await file.save(Buffer.from('first'), { resumable: false, preconditionOpts: { ifGenerationMatch: 0 } });
    const [first] = await file.getMetadata();
    const refused = file.save(Buffer.from('second'), { resumable: false, preconditionOpts: { ifGenerationMatch: 0 } });
    await expect(refused).rejects.toMatchObject({ code: 412, message: 'At least one of the pre-conditions you specified did not hold.', errors: [expect.objectContaining({ reason: 'conditionNotMet', domain: 'global' })] });
    expect((await file.download())[0].toString()).toBe('first');

    await file.save(Buffer.from('second'), { resumable: false, preconditionOpts: { ifGenerationMatch: Number(first.generation) } });
    const [second] = await file.getMetadata();
    expect(BigInt(second.generation!)).toBeGreaterThan(BigInt(first.generation!));
    await expect(file.save(Buffer.from('third'), { resumable: false, preconditionOpts: { ifGenerationMatch: Number(first.generation) } })).rejects.toMatchObject({ code: 412 });
    await expect(file.delete({ ifGenerationMatch: Number(first.generation) })).rejects.toMatchObject({ code: 412 });
    await expect(file.setMetadata({ contentType: 'audio/ogg' }, { ifMetagenerationMatch: 7 })).rejects.toMatchObject({ code: 412 });
    expect((await file.download())[0].toString()).toBe('second');

    // Reads: a generation that is not the live one is 404; ifGenerationNotMatch on the live one is 304.
    expect((await fetch(`${objectUrl(`${base}/generations`)}?alt=media&generation=${first.generation}`)).status).toBe(404);
    expect((await fetch(`${objectUrl(`${base}/generations`)}?ifGenerationNotMatch=${second.generation}`)).status).toBe(304);
    const garbled = await fetch(`${objectUrl(`${base}/generations`)}?ifGenerationMatch=abc`);
    expect(garbled.status).toBe(400);
  });

  it('Of writers racing for one name with ifGenerationMatch 0, exactly one is stored, whole', async () => {
    const file = bucket.file(`${base}/race`);
    const bodies = Array.from({ length: 12 }, (_, i) => Buffer.from(`writer-${i}-`.repeat(50_000)));
    const outcomes = await Promise.allSettled(bodies.map((body) => file.save(body, { resumable: false, preconditionOpts: { ifGenerationMatch: 0 } })));
    const won = outcomes.map((o, i) => (o.status === 'fulfilled' ? i : -1)).filter((i) => i >= 0);
    expect(won).toHaveLength(1);
    for (const lost of outcomes) if (lost.status === 'rejected') expect(lost.reason).toMatchObject({ code: 412 });
    expect((await file.download())[0].equals(bodies[won[0]!]!)).toBe(true);
  });
});

describe('downloads', () => {
  it('x-goog-hash, generation and stored encoding, which the SDK validates the bytes against', async () => {
    const file = bucket.file(`${base}/download`);
    await file.save(Buffer.from('hello world'), { contentType: 'audio/webm', resumable: false });
    const res = await fetch(`${objectUrl(`${base}/download`, '/download/storage/v1')}?alt=media`);
    expect(res.status).toBe(200);
    const [metadata] = await file.getMetadata();
    expect(res.headers.get('x-goog-hash')).toBe(`crc32c=${metadata.crc32c},md5=${md5('hello world')}`);
    expect(res.headers.get('x-goog-generation')).toBe(metadata.generation);
    expect(res.headers.get('x-goog-stored-content-encoding')).toBe('identity');
    expect(res.headers.get('content-type')).toBe('audio/webm');
    expect(await res.text()).toBe('hello world');
    // The SDK checks both hashes of what it received (CRC32C by default, MD5 when asked).
    expect((await file.download())[0].toString()).toBe('hello world');
    expect((await file.download({ validation: 'md5' }))[0].toString()).toBe('hello world');
  });

  it('One byte range: 206 with Content-Range; a range past the end: 416', async () => {
    await bucket.file(`${base}/range`).save(Buffer.from('0123456789abcdef'), { resumable: false });
    expect((await bucket.file(`${base}/range`).download({ start: 4, end: 7 }))[0].toString()).toBe('4567');
    const url = `${objectUrl(`${base}/range`)}?alt=media`;
    const partial = await fetch(url, { headers: { range: 'bytes=4-7' } });
    expect(partial.status).toBe(206);
    expect(partial.headers.get('content-range')).toBe('bytes 4-7/16');
    expect(await partial.text()).toBe('4567');
    const tail = await fetch(url, { headers: { range: 'bytes=-3' } });
    expect([tail.status, await tail.text()]).toEqual([206, 'def']);
    const open = await fetch(url, { headers: { range: 'bytes=10-999' } });
    expect([open.status, open.headers.get('content-range'), await open.text()]).toEqual([206, 'bytes 10-15/16', 'abcdef']);
    const past = await fetch(url, { headers: { range: 'bytes=16-20' } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe('bytes */16');
    expect(await past.json()).toMatchObject({ error: { code: 416, errors: [{ reason: 'requestedRangeNotSatisfiable' }] } });
  });

  it("Missing objects and buckets: 404 as Cloud Storage words it; exists() is false", async () => {
    const name = `${base}/missing`;
    expect((await bucket.file(name).exists())[0]).toBe(false);
    await expect(bucket.file(name).download()).rejects.toMatchObject({ code: 404 });
    const res = await fetch(objectUrl(name));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 404, message: `No such object: ${bucket.name}/${name}`, errors: [{ message: `No such object: ${bucket.name}/${name}`, domain: 'global', reason: 'notFound' }] } });
    const elsewhere = await fetch(`${gcsEmulatorUrl()}/storage/v1/b/no-such-bucket/o/x`);
    expect(elsewhere.status).toBe(404);
    expect(((await elsewhere.json()) as { error: { message: string } }).error.message).toBe('The specified bucket does not exist.');
    await expect(bucket.file(name).delete()).rejects.toMatchObject({ code: 404 });
    await bucket.file(name).delete({ ignoreNotFound: true });
  });
});

describe('metadata and listing', () => {
  it('patch changes metadata (a new metageneration of the same generation)', async () => {
    const file = bucket.file(`${base}/patched`);
    await file.save(Buffer.from('x'), { contentType: 'application/octet-stream', resumable: false });
    const [before] = await file.getMetadata();
    const [after] = await file.setMetadata({ contentType: 'audio/webm', metadata: { purpose: 'test' } });
    expect(after).toMatchObject({ contentType: 'audio/webm', metadata: { purpose: 'test' }, generation: before.generation, metageneration: '2' });
  });

  it('Lists by prefix in name order, in pages, with prefixes rolled up by a delimiter', async () => {
    const prefix = `${base}/list/`;
    const names = ['b', 'a', 'd/1', 'c', 'd/2', 'e'].map((n) => `${prefix}${n}`);
    await Promise.all(names.map((n) => bucket.file(n).save(Buffer.from(n), { resumable: false })));
    await bucket.file(`${base}/listed-not`).save(Buffer.from('x'), { resumable: false });

    const [all] = await bucket.getFiles({ prefix });
    expect(all.map((f) => f.name)).toEqual([...names].sort());
    const [first, next] = await bucket.getFiles({ prefix, maxResults: 4, autoPaginate: false });
    expect(first.map((f) => f.name)).toEqual(['a', 'b', 'c', 'd/1'].map((n) => `${prefix}${n}`));
    expect(next).toMatchObject({ pageToken: expect.any(String) });
    const [rest, after] = await bucket.getFiles({ ...next, autoPaginate: false });
    expect(rest.map((f) => f.name)).toEqual(['d/2', 'e'].map((n) => `${prefix}${n}`));
    expect(after).toBeNull();

    const res = await fetch(`${gcsEmulatorUrl()}/storage/v1/b/${bucket.name}/o?prefix=${encodeURIComponent(prefix)}&delimiter=/&maxResults=4`);
    const page = (await res.json()) as { items: { name: string }[]; prefixes: string[]; nextPageToken?: string };
    expect(page.items.map((i) => i.name)).toEqual(['a', 'b', 'c'].map((n) => `${prefix}${n}`));
    expect(page.prefixes).toEqual([`${prefix}d/`]);
    const second = (await (await fetch(`${gcsEmulatorUrl()}/storage/v1/b/${bucket.name}/o?prefix=${encodeURIComponent(prefix)}&delimiter=/&maxResults=4&pageToken=${page.nextPageToken}`)).json()) as { items: { name: string }[]; prefixes: string[] };
    expect([second.items.map((i) => i.name), second.prefixes]).toEqual([[`${prefix}e`], []]);
    expect(await (await fetch(`${gcsEmulatorUrl()}/storage/v1/b/${bucket.name}/o?prefix=${encodeURIComponent(`${base}/nothing/`)}`)).json()).toEqual({ kind: 'storage#objects' });
  });
});

describe('compose', () => {
  it('Joins the sources in the order given (one may repeat); a composite has a CRC32C and no MD5', async () => {
    const parts = ['one,', 'two,', 'three,'].map((text, i) => ({ file: bucket.file(`${base}/compose/${i}`), text }));
    await Promise.all(parts.map((p) => p.file.save(Buffer.from(p.text), { resumable: false })));
    const destination = bucket.file(`${base}/compose/joined`);
    await bucket.combine([parts[2]!.file, parts[0]!.file, parts[1]!.file, parts[0]!.file], destination);
    const [metadata] = await destination.getMetadata();
    expect(metadata).toMatchObject({ size: String('three,one,two,one,'.length), componentCount: 4 });
    expect(metadata.md5Hash).toBeUndefined();
    // Downloaded and checked against the CRC32C the emulator computed while joining.
    expect((await destination.download())[0].toString()).toBe('three,one,two,one,');
    await expect(destination.download({ validation: 'md5' })).rejects.toMatchObject({ code: 'MD5_NOT_AVAILABLE' });
  });

  it('At most 32 sources a request (400 in Cloud Storage\'s words); a missing source 404; the destination\'s preconditions hold', async () => {
    const source = bucket.file(`${base}/compose-limit/part`);
    await source.save(Buffer.from('x'), { resumable: false });
    const destination = bucket.file(`${base}/compose-limit/joined`);
    await bucket.combine(Array.from({ length: 32 }, () => source), destination);
    expect((await destination.download())[0].toString()).toBe('x'.repeat(32));
    await expect(bucket.combine(Array.from({ length: 33 }, () => source), bucket.file(`${base}/compose-limit/too-many`))).rejects.toMatchObject({
      code: 400,
      message: 'The number of source components provided (33) exceeds the maximum (32)',
    });
    await expect(bucket.combine([source, bucket.file(`${base}/compose-limit/absent`)], bucket.file(`${base}/compose-limit/broken`))).rejects.toMatchObject({ code: 404 });
    expect((await bucket.file(`${base}/compose-limit/broken`).exists())[0]).toBe(false);
    await expect(bucket.combine([source], destination, { ifGenerationMatch: 0 })).rejects.toMatchObject({ code: 412 });
  });
});

describe('what the audio store adapter sends (the emulator\'s request log)', () => {
  it('A create-only chunk: one multipart upload with ifGenerationMatch=0 and its MD5; reads by range; joins by compose in order', async () => {
    const store = cloudAudioStore(bucket);
    const dir = `${base}/adapter-${randomUUID()}`;
    expect(await store.save(`${dir}/chunk-0`, new TextEncoder().encode('chunk zero'), 'application/octet-stream', { ifAbsent: true })).toBe(true);
    expect(await store.save(`${dir}/chunk-0`, new TextEncoder().encode('other bytes'), 'application/octet-stream', { ifAbsent: true })).toBe(false);
    await store.save(`${dir}/chunk-1`, new TextEncoder().encode(' and one'), 'application/octet-stream');
    expect((await store.readRange(`${dir}/chunk-0`, 6, 10)).toString()).toBe('zero');
    await store.concat([`${dir}/chunk-0`, `${dir}/chunk-1`], `${dir}/joined.webm`, 'audio/webm');

    const seen = await gcsRequests(dir);
    const uploads = seen.filter((r) => r.path.startsWith('/upload/'));
    expect(uploads.slice(0, 2).map((r) => [r.method, r.path, r.query, r.json, r.status])).toEqual([
      ['POST', `/upload/storage/v1/b/${bucket.name}/o`, { uploadType: 'multipart', name: `${dir}/chunk-0`, ifGenerationMatch: '0' }, { contentType: 'application/octet-stream', md5Hash: md5('chunk zero') }, 200],
      ['POST', `/upload/storage/v1/b/${bucket.name}/o`, { uploadType: 'multipart', name: `${dir}/chunk-0`, ifGenerationMatch: '0' }, { contentType: 'application/octet-stream', md5Hash: md5('other bytes') }, 412],
    ]);
    expect(seen.find((r) => r.query['alt'] === 'media' && r.path.endsWith(encodeURIComponent(`${dir}/chunk-0`)))?.headers['range']).toBe('bytes=6-9');
    const composed = seen.find((r) => r.path.endsWith('/compose'));
    expect(composed).toMatchObject({ method: 'POST', path: `/b/${bucket.name}/o/${encodeURIComponent(`${dir}/joined.webm`)}/compose`, json: { sourceObjects: [{ name: `${dir}/chunk-0` }, { name: `${dir}/chunk-1` }] }, status: 200 });
    expect(seen.some((r) => r.query['uploadType'] === 'resumable')).toBe(false);
  });
});

describe('a data folder', () => {
  it('Keeps objects across a restart (CHARTA_PERSIST=1 npm start)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'charta-gcs-kept-'));
    try {
      const first = await startGcsEmulator({ port: 0, buckets: ['kept-bucket'], dataDir });
      const put = await fetch(`${first.url}/upload/storage/v1/b/kept-bucket/o?uploadType=media&name=users%2Fu1%2Faudio%2Fa.webm`, { method: 'POST', headers: { 'content-type': 'audio/webm' }, body: 'kept bytes' });
      const stored = (await put.json()) as { generation: string };
      await first.close();
      const second = await startGcsEmulator({ port: 0, buckets: ['kept-bucket'], dataDir });
      const got = await fetch(`${second.url}/storage/v1/b/kept-bucket/o/users%2Fu1%2Faudio%2Fa.webm?alt=media`);
      expect([got.status, got.headers.get('x-goog-generation'), await got.text()]).toEqual([200, stored.generation, 'kept bytes']);
      await second.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
