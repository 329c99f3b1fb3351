import { afterEach, describe, expect, it, vi } from 'vitest';
import { ensurePageAccess, findTargetPage, PageAccessError, readFrames, requestFrameAccess } from './active-page';
import type { FrameSnapshot } from './page-script';

interface FakeTab {
  id: number;
  windowId: number;
  url?: string;
  title?: string;
  active?: boolean;
  lastAccessed?: number;
}

/** Just the chrome.* calls active-page makes, over a list of tabs and a set of granted origins. */
function fakeChrome(tabs: FakeTab[], self: FakeTab | undefined, granted: string[], allow: boolean, frames: { frameId: number; result?: FrameSnapshot }[] = []) {
  const request = vi.fn((perm: { origins: string[] }) => Promise.resolve(allow && perm.origins.length === 1));
  const fake = {
    tabs: {
      getCurrent: () => Promise.resolve(self),
      query: (q: { active?: boolean; windowId?: number }) => Promise.resolve(tabs.filter((t) => (q.active === undefined || t.active === q.active) && (q.windowId === undefined || t.windowId === q.windowId))),
      get: (id: number) => Promise.resolve(tabs.find((t) => t.id === id)),
    },
    permissions: {
      contains: (perm: { origins: string[] }) => Promise.resolve(perm.origins.every((o) => granted.includes(o))),
      request,
    },
    scripting: { executeScript: () => Promise.resolve(frames) },
  };
  vi.stubGlobal('chrome', fake);
  return { request };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the page the panel fills', () => {
  it('is the active tab in the side panel, and the tab used just before it when the panel is a tab itself', async () => {
    const ehr = { id: 2, windowId: 1, url: 'https://ehr.example.org/visit', title: 'Visit', lastAccessed: 50 };
    const other = { id: 3, windowId: 1, url: 'https://news.example.org/', lastAccessed: 10 };
    fakeChrome([{ ...ehr, active: true }, other], undefined, [], true);
    expect(await findTargetPage()).toEqual({ tabId: 2, title: 'Visit' });

    const panelTab = { id: 9, windowId: 1, active: true, lastAccessed: 99 };
    fakeChrome([panelTab, other, ehr], panelTab, [], true);
    expect(await findTargetPage()).toEqual({ tabId: 2, title: 'Visit' });
  });

  it("asks for the page's origin only, once, and says what to do when refused", async () => {
    const tabs = [{ id: 2, windowId: 1, url: 'https://ehr.example.org:8443/visit?id=1' }];
    const { request } = fakeChrome(tabs, undefined, [], true);
    await ensurePageAccess(2);
    expect(request).toHaveBeenCalledWith({ origins: ['https://ehr.example.org:8443/*'] });

    const granted = fakeChrome(tabs, undefined, ['https://ehr.example.org:8443/*'], true);
    await ensurePageAccess(2);
    expect(granted.request).not.toHaveBeenCalled();

    fakeChrome(tabs, undefined, [], false);
    await expect(ensurePageAccess(2)).rejects.toThrow(new PageAccessError('Charta needs your permission to read and fill ehr.example.org:8443. Try again and allow it.'));

    fakeChrome([{ id: 2, windowId: 1, url: 'chrome://settings' }], undefined, [], true);
    await expect(ensurePageAccess(2)).rejects.toThrow(/web pages only/);
  });

  it('names the frames it could not reach and why: no permission for their site, or no answer from one it may read', async () => {
    const frame = (origin: string, fillableCount: number, childFrames: FrameSnapshot['childFrames'] = []): FrameSnapshot => ({ html: '<input>', fillableCount, origin, childFrames });
    const { request } = fakeChrome([], undefined, ['https://ehr.example.org/*', 'https://pacs.example.org/*'], true, [
      {
        frameId: 0,
        result: frame('https://ehr.example.org', 3, [
          { url: 'https://ehr.example.org/vitals', title: 'Vitals' },
          { url: 'https://labs.example.net/orders?id=1', title: 'Lab orders' },
          { url: 'https://labs.example.net/results', title: '' },
          { url: 'https://pacs.example.org/viewer', title: 'Images' },
        ]),
      },
      { frameId: 4, result: frame('https://ehr.example.org', 0, [{ url: 'https://ehr.example.org/empty', title: 'Nested' }]) },
      { frameId: 5, result: frame('https://ehr.example.org', 1) },
      { frameId: 6 },
    ]);
    const page = await readFrames(1);
    // Frames of a site it reached are its own; only frames with fields are sent.
    expect(page.frames.map((f) => f.frameId)).toEqual([0, 5]);
    expect(page.unreached).toEqual([
      { title: 'Lab orders', origin: 'https://labs.example.net', host: 'labs.example.net', reason: 'no-permission' },
      { title: '', origin: 'https://labs.example.net', host: 'labs.example.net', reason: 'no-permission' },
      { title: 'Images', origin: 'https://pacs.example.org', host: 'pacs.example.org', reason: 'no-answer' },
    ]);

    expect(await requestFrameAccess('https://labs.example.net')).toBe(true);
    expect(request).toHaveBeenCalledWith({ origins: ['https://labs.example.net/*'] });
  });
});
