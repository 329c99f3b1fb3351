import { describe, expect, it, vi } from 'vitest';
import { ApiError, ApiNetworkError } from '@/lib/api-client';
import type { AudioPart, UploadOptions, UploadReceipt } from '../api/upload-audio';
import { planParts, startFileUpload, type FileUploadProgress } from './file-upload';

const MB = 1024 * 1024;

describe('planParts', () => {
  it('sends a file up to the limit in one part', () => {
    expect(planParts(5 * MB, 7 * MB)).toEqual([{ index: 0, start: 0, end: 5 * MB }]);
    expect(planParts(7 * MB, 7 * MB)).toHaveLength(1);
  });

  it('splits a larger file into parts of at most the limit, covering it exactly', () => {
    const parts = planParts(15 * MB + 3, 7 * MB);
    expect(parts).toEqual([
      { index: 0, start: 0, end: 7 * MB },
      { index: 1, start: 7 * MB, end: 14 * MB },
      { index: 2, start: 14 * MB, end: 15 * MB + 3 },
    ]);
  });
});

function fileOf(size: number) {
  return new File([new Uint8Array(size)], 'visit.mp3', { type: 'audio/mpeg' });
}

describe('startFileUpload', () => {
  it('sends every part with one upload id and the session, the last as final, and reports progress', async () => {
    const calls: AudioPart[] = [];
    const progress: FileUploadProgress[] = [];
    const uploadPart = vi.fn((part: AudioPart, options?: UploadOptions): Promise<UploadReceipt> => {
      calls.push(part);
      const size = part.data.size;
      options?.onProgress?.(size / 2 + 100, size + 200);
      options?.onProgress?.(size + 200, size + 200);
      return Promise.resolve({ audio_uri: part.final ? 'local://a' : null, uploadId: part.uploadId, bytesReceived: 0, complete: part.final });
    });

    const upload = startFileUpload(fileOf(25), { sessionId: 's1', uploadId: 'u1' }, { uploadPart, isOnline: () => true, maxPartBytes: 10, onProgress: (p) => progress.push(p) });
    const state = await upload.settled();

    expect(state.status).toBe('complete');
    expect(calls.map((p) => [p.chunkIndex, p.data.size, p.final, p.uploadId, p.sessionId, p.name])).toEqual([
      [0, 10, false, 'u1', 's1', 'visit.mp3'],
      [1, 10, false, 'u1', 's1', 'visit.mp3'],
      [2, 5, true, 'u1', 's1', 'visit.mp3'],
    ]);
    const sent = progress.map((p) => p.sentBytes);
    expect(sent.every((value, i) => i === 0 || value >= sent[i - 1]!)).toBe(true);
    expect(progress.at(-1)).toMatchObject({ sentBytes: 25, totalBytes: 25 });
    expect(progress.some((p) => p.sentBytes > 0 && p.sentBytes < 10)).toBe(true); // within the first part
  });

  it('retries a part after a network failure', async () => {
    const uploadPart = vi
      .fn<(part: AudioPart) => Promise<UploadReceipt>>()
      .mockRejectedValueOnce(new ApiNetworkError())
      .mockResolvedValue({ audio_uri: 'x', uploadId: 'u1', bytesReceived: 1, complete: true });
    const upload = startFileUpload(fileOf(3), { sessionId: 's1', uploadId: 'u1' }, { uploadPart, isOnline: () => true, queueOptions: { sleep: () => Promise.resolve() } });
    expect((await upload.settled()).status).toBe('complete');
    expect(uploadPart).toHaveBeenCalledTimes(2);
  });

  it('stops on a file the server refuses', async () => {
    const uploadPart = vi.fn(() => Promise.reject(new ApiError({ status: 415, code: 'unsupported_media_type', message: 'not audio' })));
    const upload = startFileUpload(fileOf(3), { sessionId: 's1', uploadId: 'u1' }, { uploadPart, isOnline: () => true });
    const state = await upload.settled();
    expect(state.status).toBe('failed');
    expect(state.error).toBeInstanceOf(ApiError);
    expect(uploadPart).toHaveBeenCalledTimes(1);
  });
});
