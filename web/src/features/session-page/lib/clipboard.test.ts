import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyRichText } from './clipboard';

class FakeClipboardItem {
  constructor(readonly items: Record<string, Blob>) {}
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('copyRichText', () => {
  it('Writes text/plain and text/html in one ClipboardItem', async () => {
    vi.stubGlobal('ClipboardItem', FakeClipboardItem);
    const write = vi.fn().mockResolvedValue(undefined);
    const writeText = vi.fn();
    expect(await copyRichText({ plain: 'Plan\n- Rest', html: '<h3>Plan</h3><ul><li>Rest</li></ul>' }, { write, writeText })).toBe('rich');
    const [[items]] = write.mock.calls as [[FakeClipboardItem[]]];
    expect(Object.keys(items[0]!.items).sort()).toEqual(['text/html', 'text/plain']);
    expect(items[0]!.items['text/html']!.type).toBe('text/html');
    expect(writeText).not.toHaveBeenCalled();
  });

  it('Falls back to plain text when rich text is refused or not there', async () => {
    vi.stubGlobal('ClipboardItem', FakeClipboardItem);
    const writeText = vi.fn().mockResolvedValue(undefined);
    expect(await copyRichText({ plain: 'Plan', html: '<h3>Plan</h3>' }, { write: vi.fn().mockRejectedValue(new Error('NotAllowed')), writeText })).toBe('plain');
    expect(writeText).toHaveBeenCalledWith('Plan');

    vi.stubGlobal('ClipboardItem', undefined);
    expect(await copyRichText({ plain: 'Plan', html: '<h3>Plan</h3>' }, { writeText })).toBe('plain');
  });

  it('A refused plain-text copy is reported, not swallowed', async () => {
    await expect(copyRichText({ plain: 'x', html: 'x' }, { writeText: vi.fn().mockRejectedValue(new Error('Document is not focused.')) })).rejects.toThrow('not focused');
  });
});
