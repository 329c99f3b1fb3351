import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { emulatorApi } from '../support/api-app.js';
import { fixtureBytes, measuredDurationSec } from '../support/audio-fixtures.js';
import { createTestUser, type TestUser } from '../support/auth-users.js';
import { bearer, createSession, uploadAudio } from '../support/sessions.js';

/**
 * Playback (GET /session/audio/:sessionId): a browser's WebM recording has no Duration in its header, so
 * an <audio> element shows "Infinity" and cannot seek. The API serves it with the duration it measured
 * written into the header, and answers byte ranges of that same file.
 */
const { app } = emulatorApi();
let owner: TestUser;
let stranger: TestUser;
beforeAll(async () => {
  [owner, stranger] = await Promise.all([createTestUser(), createTestUser()]);
}, 60_000);

const get = (user: TestUser, sessionId: string, range?: string) => {
  let req = request(app).get(`/api/v1/session/audio/${sessionId}`).set(bearer(user));
  if (range) req = req.set('Range', range);
  return req.buffer(true).parse((res, done) => {
    const parts: Buffer[] = [];
    res.on('data', (part: Buffer) => parts.push(part));
    res.on('end', () => done(null, Buffer.concat(parts)));
  });
};

async function sessionWith(name: 'dialogue.webm' | 'dialogue.mp3') {
  const upload = await uploadAudio(app, owner, fixtureBytes(name), name).expect(201);
  return createSession(app, owner, { audio_uri: upload.body.audio_uri as string });
}

/** What ffprobe, which reads a file as a player does, finds as its duration (throws when it finds none). */
function probedDurationSec(data: Buffer): number {
  const dir = mkdtempSync(join(tmpdir(), 'charta-playback-'));
  try {
    const path = join(dir, 'served.webm');
    writeFileSync(path, data);
    return measuredDurationSec(path);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('A browser recording (WebM without a duration)', () => {
  it('Is served with its measured duration in the header, every frame still there', async () => {
    expect(() => probedDurationSec(fixtureBytes('dialogue.webm'))).toThrow(/no duration/);
    const session = await sessionWith('dialogue.webm');
    const res = await get(owner, session.id).expect(200);
    expect(res.headers['content-type']).toBe('audio/webm');
    expect(res.headers['accept-ranges']).toBe('bytes');
    const served = res.body as Buffer;
    expect(Number(res.headers['content-length'])).toBe(served.length);
    expect(probedDurationSec(served)).toBeCloseTo(session['audioDurationSec'] as number, 2);
    // The same audio: decoding the served file gives the same samples as decoding the upload.
    const decode = (data: Buffer) => {
      const dir = mkdtempSync(join(tmpdir(), 'charta-playback-'));
      try {
        writeFileSync(join(dir, 'a.webm'), data);
        return execFileSync('ffmpeg', ['-loglevel', 'error', '-i', join(dir, 'a.webm'), '-f', 's16le', 'pipe:1'], { maxBuffer: 64 * 1024 * 1024 });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    };
    expect(Buffer.compare(decode(served), decode(fixtureBytes('dialogue.webm')))).toBe(0);
  });

  it('Answers byte ranges of that same file: 206 with Content-Range', async () => {
    const session = await sessionWith('dialogue.webm');
    const whole = (await get(owner, session.id).expect(200)).body as Buffer;
    const total = whole.length;
    const cases: Array<[string, number, number]> = [
      ['bytes=0-99', 0, 99],
      // Across the end of the rewritten header, into the stored bytes.
      ['bytes=150-5000', 150, 5000],
      ['bytes=1000-', 1000, total - 1],
      ['bytes=-64', total - 64, total - 1],
      // An end past the file is cut at its last byte.
      [`bytes=${total - 10}-${total + 1000}`, total - 10, total - 1],
    ];
    for (const [range, start, end] of cases) {
      const res = await get(owner, session.id, range).expect(206);
      expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${total}`);
      expect(Number(res.headers['content-length'])).toBe(end - start + 1);
      expect(Buffer.compare(res.body as Buffer, whole.subarray(start, end + 1))).toBe(0);
    }
  });
});

describe('Ranges', () => {
  it('Other audio is served as stored, in ranges too', async () => {
    const session = await sessionWith('dialogue.mp3');
    const stored = fixtureBytes('dialogue.mp3');
    expect(Buffer.compare((await get(owner, session.id).expect(200)).body as Buffer, stored)).toBe(0);
    const res = await get(owner, session.id, 'bytes=10-19').expect(206);
    expect(res.headers['content-range']).toBe(`bytes 10-19/${stored.length}`);
    expect(Buffer.compare(res.body as Buffer, stored.subarray(10, 20))).toBe(0);
  });

  it('A range past the end: 416 with the size, in the contract error shape', async () => {
    const session = await sessionWith('dialogue.mp3');
    const size = fixtureBytes('dialogue.mp3').length;
    const res = await request(app).get(`/api/v1/session/audio/${session.id}`).set(bearer(owner)).set('Range', `bytes=${size}-`).expect(416);
    expect(res.headers['content-range']).toBe(`bytes */${size}`);
    expect(res.body.error).toMatchObject({ code: 'range_not_satisfiable' });
    expect(typeof res.body.error.message).toBe('string');
  });

  it('A Range header that is not a byte range, or several ranges: the whole file (200), as HTTP allows', async () => {
    const session = await sessionWith('dialogue.mp3');
    const size = fixtureBytes('dialogue.mp3').length;
    for (const range of ['bytes=abc', 'items=0-5', 'bytes=0-9,100-109']) {
      const res = await get(owner, session.id, range).expect(200);
      expect((res.body as Buffer).length).toBe(size);
    }
  });

  it("Another user's session, with a Range, is 404 like a missing one; a draft has no audio (404)", async () => {
    const session = await sessionWith('dialogue.webm');
    const res = await request(app).get(`/api/v1/session/audio/${session.id}`).set(bearer(stranger)).set('Range', 'bytes=0-99').expect(404);
    expect(res.body.error.code).toBe('not_found');
    expect(res.headers['content-range']).toBeUndefined();
    const draft = await createSession(app, owner);
    await request(app).get(`/api/v1/session/audio/${draft.id}`).set(bearer(owner)).set('Range', 'bytes=0-99').expect(404);
  });
});
