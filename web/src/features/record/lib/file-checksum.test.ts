import '@/test/blob-reading';
import { describe, expect, it } from 'vitest';
import { describeUploadTime, sha256Hex } from './file-checksum';

describe('sha256Hex', () => {
  it('is the SHA-256 of the bytes in lowercase hexadecimal, as the server measures them', async () => {
    // printf 'ID3 audio bytes' | sha256sum
    expect(await sha256Hex(new Blob(['ID3 audio bytes']))).toBe('5bc7676c6c3928add53ccaab3783ad5f32fba6470bc622c24fc150608aa1868b');
  });
});

describe('describeUploadTime', () => {
  const now = new Date(2026, 10, 28, 9, 30);
  const time = (date: Date) => date.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });

  it('says today or yesterday, with the time', () => {
    const earlier = new Date(2026, 10, 28, 8, 5);
    const lastNight = new Date(2026, 10, 27, 22, 40);
    expect(describeUploadTime(earlier.toISOString(), now)).toBe(`today at ${time(earlier)}`);
    expect(describeUploadTime(lastNight.toISOString(), now)).toBe(`yesterday at ${time(lastNight)}`);
  });

  it('says "earlier" for a time it cannot read', () => {
    expect(describeUploadTime('not a time', now)).toBe('earlier');
  });
});
