// Uploads go through the app's one API client (lib/api.ts), so an expired session met during an upload
// signs the user out exactly as any other call does. The transport (XMLHttpRequest) is faked; everything
// between uploadAudioPart and it is the real code.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signOutQuietly } from '@/lib/firebase';
import { fakeXhrFactory } from '@/test/fake-xhr';
import { uploadAudioPart, type AudioPart } from './upload-audio';

vi.mock('@/lib/firebase', () => ({
  getCurrentIdToken: vi.fn(() => Promise.resolve('id-token')),
  signOutQuietly: vi.fn(() => Promise.resolve()),
}));
vi.mock('@/config/env', () => ({ getEnv: () => ({ apiBaseUrl: 'https://api.example' }) }));

const part: AudioPart = { data: new Blob(['audio']), name: 'recording.webm', uploadId: 'up-1', chunkIndex: 0, final: true, sessionId: 's1' };
let xhrs: ReturnType<typeof fakeXhrFactory>;

beforeEach(() => {
  xhrs = fakeXhrFactory();
  // A plain function used with `new` returns the object it returns: each upload gets the next fake.
  vi.stubGlobal('XMLHttpRequest', function XMLHttpRequest() {
    return xhrs.createXhr();
  });
  vi.mocked(signOutQuietly).mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('uploadAudioPart', () => {
  it('signs the user out when the API answers 401', async () => {
    const result = uploadAudioPart(part);
    (await xhrs.sent()).respond(401, { error: { code: 'unauthenticated', message: 'Your session has expired.' } });

    await expect(result).rejects.toMatchObject({ status: 401, code: 'unauthenticated' });
    expect(signOutQuietly).toHaveBeenCalledTimes(1);
  });

  it('sends the part as the contract names its fields, with the user’s token', async () => {
    const onProgress = vi.fn();
    const result = uploadAudioPart(part, { onProgress });
    const xhr = await xhrs.sent();
    xhr.upload.emit('progress', { loaded: 3, total: 5 });
    xhr.respond(201, { audio_uri: 'local://a.webm', uploadId: 'up-1', bytesReceived: 5, complete: true });

    await expect(result).resolves.toMatchObject({ uploadId: 'up-1', complete: true });
    expect(xhr.url).toBe('https://api.example/api/v1/session/upload_audio');
    expect(xhr.headers['Authorization']).toBe('Bearer id-token');
    const form = xhr.body as FormData;
    expect(Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string'))).toEqual({
      name: 'recording.webm',
      uploadId: 'up-1',
      chunkIndex: '0',
      final: 'true',
      sessionId: 's1',
    });
    expect(form.get('file')).toBeInstanceOf(Blob);
    expect(onProgress).toHaveBeenCalledWith(3, 5);
    expect(signOutQuietly).not.toHaveBeenCalled();
  });

  it('sends a picked file’s checksum with its part, before the file', async () => {
    const sha256 = '5bc7676c6c3928add53ccaab3783ad5f32fba6470bc622c24fc150608aa1868b';
    const result = uploadAudioPart({ ...part, sha256 });
    const xhr = await xhrs.sent();
    xhr.respond(201, { audio_uri: null, uploadId: 'up-1', bytesReceived: 5, complete: false });
    await result;
    const names = [...(xhr.body as FormData).keys()];
    expect((xhr.body as FormData).get('sha256')).toBe(sha256);
    expect(names.indexOf('sha256')).toBeLessThan(names.indexOf('file'));
  });
});
