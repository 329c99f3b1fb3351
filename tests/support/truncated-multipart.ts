import type { Response } from 'supertest';
import { expect } from 'vitest';
import { ERROR_STATUS, isErrorCode } from '@charta/contract';

/**
 * Multipart bodies of the routes that read multipart/form-data, valid whole, for tests that send them cut
 * short at every offset (a body cut short once made busboy emit an error on the file stream that nothing
 * heard: Node ended the process, and every request on that instance with it).
 */
export const MULTIPART_BOUNDARY = 'charta-truncation-XX';

/** The smallest WAV the API accepts as audio: 8 kHz, 8-bit mono, 20 ms of silence (160 bytes of samples). */
export function tinyWav(): Buffer {
  const samples = Buffer.alloc(160, 0x80);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + samples.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(8000, 24); // sample rate
  header.writeUInt32LE(8000, 28); // byte rate
  header.writeUInt16LE(1, 32); // block align
  header.writeUInt16LE(8, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(samples.length, 40);
  return Buffer.concat([header, samples]);
}

function multipartBody(fields: Record<string, string>, file?: { name: string; filename: string; data: Buffer }): Buffer {
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file) {
    parts.push(
      Buffer.from(`--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${MULTIPART_BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

export interface MultipartRouteCase {
  /** The route under /api/v1. */
  path: string;
  /** A body the route accepts whole (201). */
  body: Buffer;
}

/** Every multipart route with a body it accepts whole. */
export function multipartRouteCases(): MultipartRouteCase[] {
  return [
    { path: '/session/upload_audio', body: multipartBody({ name: 'visit.wav' }, { name: 'file', filename: 'a.wav', data: tinyWav() }) },
    { path: '/session/create_session', body: multipartBody({ patientName: 'María García', templateId: 'soap' }) },
  ];
}

export const multipartContentType = `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`;

/**
 * A body cut at `offset` is answered with a 4xx in the contract's shape (or, once it reached its closing
 * boundary, accepted as the whole body).
 */
export function expectCutBodyAnswered(res: Pick<Response, 'status' | 'body' | 'headers' | 'text'>, offset: number, whole: number): void {
  const context = `cut at ${offset} of ${whole}: ${res.status} ${res.text.slice(0, 200)}`;
  if (res.status === 201) {
    // Only the last bytes (the closing boundary's CRLF) may be missing from a body that is accepted.
    expect(offset, context).toBeGreaterThanOrEqual(whole - 2);
    return;
  }
  expect(res.status, context).toBeGreaterThanOrEqual(400);
  expect(res.status, context).toBeLessThan(500);
  expect(res.headers['content-type'], context).toMatch(/^application\/json/);
  const code = (res.body as { error?: { code?: unknown } }).error?.code;
  expect(typeof code === 'string' && isErrorCode(code) ? ERROR_STATUS[code] : undefined, context).toBe(res.status);
}

/**
 * Sends the body cut at every offset (0 to whole, a few requests at a time so the run stays short without
 * crowding the server) and checks each answer with expectCutBodyAnswered.
 */
export async function sendEveryCut(body: Buffer, send: (cut: Buffer) => PromiseLike<Pick<Response, 'status' | 'body' | 'headers' | 'text'>>, inFlight = 6): Promise<void> {
  const offsets = Array.from({ length: body.length + 1 }, (_, offset) => offset);
  for (let i = 0; i < offsets.length; i += inFlight) {
    const batch = offsets.slice(i, i + inFlight);
    const answers = await Promise.all(batch.map((offset) => send(body.subarray(0, offset))));
    answers.forEach((res, j) => expectCutBodyAnswered(res, batch[j]!, body.length));
  }
}
