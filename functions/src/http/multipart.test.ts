import { Readable } from 'node:stream';
import type { Request } from 'express';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.js';
import { readMultipart, type MultipartForm, type MultipartLimits } from './multipart.js';

const BOUNDARY = 'XX';

/** A valid upload_audio body: two text fields, then the file part. */
function validBody(fileBytes = Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt data')): Buffer {
  const part = (headers: string, body: Buffer | string) => Buffer.concat([Buffer.from(`--${BOUNDARY}\r\n${headers}\r\n\r\n`), Buffer.from(body), Buffer.from('\r\n')]);
  return Buffer.concat([
    part('Content-Disposition: form-data; name="uploadId"', 'up-1'),
    part('Content-Disposition: form-data; name="chunkIndex"', '0'),
    part('Content-Disposition: form-data; name="file"; filename="a.wav"\r\nContent-Type: audio/wav', fileBytes),
    Buffer.from(`--${BOUNDARY}--\r\n`),
  ]);
}

/**
 * The request as readMultipart sees it: streamed (Express on its own), or already read into `rawBody` (Cloud
 * Functions and its emulator). Only what the reader uses.
 */
function requestOf(body: Buffer, { raw }: { raw: boolean }): Request {
  const headers = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': String(body.length) };
  const stream = Readable.from([body]);
  return Object.assign(stream, {
    headers,
    rawBody: raw ? body : undefined,
    is: (type: string) => (headers['content-type'].startsWith(type) ? type : false),
    get: (name: string) => headers[name.toLowerCase() as keyof typeof headers],
  }) as unknown as Request;
}

/** Settles the read, reporting an error that reached nothing (what once took the process down) as a failure. */
async function read(req: Request, limits: MultipartLimits): Promise<{ form?: MultipartForm; error?: unknown; stray: unknown[] }> {
  const stray: unknown[] = [];
  const onStray = (err: unknown) => stray.push(err);
  process.on('uncaughtException', onStray);
  try {
    const outcome = await readMultipart(req, limits).then(
      (form): { form?: MultipartForm; error?: unknown } => ({ form }),
      (error: unknown) => ({ error }),
    );
    // An unlistened 'error' event is thrown on a later tick: give it the chance.
    await new Promise((resolve) => setImmediate(resolve));
    return { ...outcome, stray };
  } finally {
    process.off('uncaughtException', onStray);
  }
}

describe('readMultipart, a body cut short', () => {
  it('The issue\'s body (a file part with no closing boundary): a 400 naming the body, nothing thrown elsewhere', async () => {
    const body = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.wav"\r\n\r\nRIFF`);
    for (const raw of [true, false]) {
      const { error, stray } = await read(requestOf(body, { raw }), { maxFileBytes: 1024 });
      expect(stray).toEqual([]);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(400);
      expect((error as ApiError).message).toMatch(/incomplete|malformed/i);
    }
  });

  it('Cut at every offset, streamed or read whole: a 4xx or the whole form, never an error nothing hears', async () => {
    const whole = validBody();
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: whole.length }), fc.boolean(), async (offset, raw) => {
        const { form, error, stray } = await read(requestOf(whole.subarray(0, offset), { raw }), { maxFileBytes: 1024 });
        expect(stray).toEqual([]);
        if (error !== undefined) {
          expect(error).toBeInstanceOf(ApiError);
          expect((error as ApiError).status).toBeGreaterThanOrEqual(400);
          expect((error as ApiError).status).toBeLessThan(500);
        } else {
          // Only a body that reached its closing boundary reads as a form, and then as the whole form.
          expect(offset).toBeGreaterThanOrEqual(whole.length - 4);
          expect(form?.file?.data.toString()).toContain('WAVE');
        }
      }),
      { numRuns: 300, examples: Array.from({ length: whole.length + 1 }, (_, offset) => [offset, true] as [number, boolean]) },
    );
  });
});

describe('readMultipart, what it says', () => {
  it('A route that takes no file says so, not "at most 0 MB"', async () => {
    const { error } = await read(requestOf(validBody(), { raw: true }), { maxFileBytes: 0 });
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).not.toMatch(/0 MB/);
    expect((error as ApiError).field).toBe('file');
  });

  it('A field name outside ASCII comes back as it was sent (UTF-8), not as Latin-1 mojibake', async () => {
    const name = 'Größe_名前';
    const body = Buffer.concat([Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\nx\r\n--${BOUNDARY}--\r\n`, 'utf8')]);
    const { form } = await read(requestOf(body, { raw: true }), { maxFileBytes: 1024 });
    expect(Object.keys(form?.fields ?? {})).toEqual([name]);
  });
});
