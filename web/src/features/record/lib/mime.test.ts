import { describe, expect, it } from 'vitest';
import { pickRecordingMimeType } from './mime';

describe('pickRecordingMimeType', () => {
  it('prefers WebM/Opus', () => {
    expect(pickRecordingMimeType(() => true)).toBe('audio/webm;codecs=opus');
  });

  it('falls back to what the browser records (Safari: MP4)', () => {
    expect(pickRecordingMimeType((type) => type.startsWith('audio/mp4'))).toBe('audio/mp4;codecs=mp4a.40.2');
  });

  it('lets the browser choose when it supports none of ours, or cannot say', () => {
    expect(pickRecordingMimeType(() => false)).toBe('');
    expect(pickRecordingMimeType(undefined)).toBe('');
  });
});
