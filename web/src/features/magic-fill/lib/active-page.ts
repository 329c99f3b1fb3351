/// <reference types="chrome" />
// The extension's reach into the page the clinician is on: which tab, the permission to read it (asked for
// that page's origin only, at the moment it is needed), and the page script run in each of its frames.
import { fieldPath, fillFrame, snapshotFrame, undoFill, type FieldToFill, type FrameFillResult, type FrameSnapshot } from './page-script';

export class PageAccessError extends Error {}

export interface TargetPage {
  tabId: number;
  title: string;
}

/**
 * The page to fill. In the side panel that is the active tab; when the panel page is itself open as a tab
 * (development, the e2e test), the tab used just before it in the same window.
 */
export async function findTargetPage(): Promise<TargetPage> {
  const self = await chrome.tabs.getCurrent();
  const [active] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
  let tab = active && active.id !== self?.id ? active : undefined;
  if (!tab) {
    const others = (await chrome.tabs.query({ windowId: self?.windowId })).filter((t) => t.id !== self?.id);
    tab = others.sort((a, b) => (b.lastAccessed ?? 0) - (a.lastAccessed ?? 0))[0];
  }
  if (tab?.id === undefined) throw new PageAccessError('Open the EHR page in this window first.');
  return { tabId: tab.id, title: tab.title ?? '' };
}

/**
 * Host access for the page's origin, asked at run time (never `<all_urls>` at install). Called from the
 * click so Chrome can show its prompt. Without the page's address (no access yet), activeTab still lets the
 * scripts run when the clinician opened the panel from the toolbar on that page.
 */
export async function ensurePageAccess(tabId: number): Promise<void> {
  const tab = await chrome.tabs.get(tabId);
  if (!tab.url) return;
  const url = new URL(tab.url);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new PageAccessError('Charta can fill web pages only (this tab shows a browser page).');
  const origins = [`${url.origin}/*`];
  if (await chrome.permissions.contains({ origins })) return;
  if (!(await chrome.permissions.request({ origins }))) throw new PageAccessError(`Charta needs your permission to read and fill ${url.host}. Try again and allow it.`);
}

export interface FrameOnPage extends FrameSnapshot {
  frameId: number;
}

/**
 * A frame of the page Charta could not read, so its fields cannot be filled: no permission for its site
 * (the clinician may grant it, `requestFrameAccess`), or no answer from a site it may read (still loading,
 * or a frame that lets no extension in).
 */
export interface UnreachedFrame {
  title: string;
  origin: string;
  host: string;
  reason: 'no-permission' | 'no-answer';
}

export interface PageFrames {
  /** Frames with fields to fill, with their HTML (same-origin iframes included). */
  frames: FrameOnPage[];
  unreached: UnreachedFrame[];
}

function accessFailure(error: unknown): PageAccessError {
  const detail = error instanceof Error ? error.message : '';
  return new PageAccessError(
    /permission|Cannot access/i.test(detail)
      ? 'Charta cannot see this page yet: click the Charta icon in the toolbar while on the page, then try again.'
      : 'Charta could not read this page. Reload it and try again.',
  );
}

/**
 * Every frame of the page that has fields to fill, and the frames it could not reach. Chrome runs the
 * script in every frame the extension may read and silently leaves out the others (a cross-origin frame
 * without permission), so those are found from their parents' reports: a frame whose origin no frame
 * answered from was not reached. activeTab grants the tab's own origin without `permissions.contains`
 * knowing, which is why reached origins, not granted ones, decide.
 */
export async function readFrames(tabId: number): Promise<PageFrames> {
  let results: { frameId: number; result?: FrameSnapshot | null }[];
  try {
    results = await chrome.scripting.executeScript({ target: { tabId, allFrames: true }, func: snapshotFrame });
  } catch (error) {
    throw accessFailure(error);
  }
  const answered = results.flatMap(({ frameId, result }) => (result ? [{ frameId, ...result }] : []));
  const reached = new Set(answered.map((frame) => frame.origin));
  const unreached: UnreachedFrame[] = [];
  for (const child of answered.flatMap((frame) => frame.childFrames)) {
    const url = new URL(child.url);
    if (reached.has(url.origin)) continue;
    const granted = await chrome.permissions.contains({ origins: [`${url.origin}/*`] });
    unreached.push({ title: child.title, origin: url.origin, host: url.host, reason: granted ? 'no-answer' : 'no-permission' });
  }
  return { frames: answered.filter((frame) => frame.fillableCount > 0), unreached };
}

/** Host access for a frame's site, asked from the clinician's click (Chrome shows its prompt); true when granted. */
export function requestFrameAccess(origin: string): Promise<boolean> {
  return chrome.permissions.request({ origins: [`${origin}/*`] });
}

export async function fillFrameFields(tabId: number, frameId: number, fields: FieldToFill[], overwrite: boolean): Promise<FrameFillResult> {
  try {
    const [first] = await chrome.scripting.executeScript({ target: { tabId, frameIds: [frameId] }, func: fillFrame, args: [fields, overwrite] });
    return first?.result ?? { filled: [], skipped: fields.map((field) => ({ selector: fieldPath(field), reason: 'not-found' as const })) };
  } catch (error) {
    throw accessFailure(error);
  }
}

/** Undo in every frame that was filled; answers how many fields were restored. */
export async function undoFrames(tabId: number, frameIds: number[]): Promise<number> {
  try {
    const results = await chrome.scripting.executeScript({ target: { tabId, frameIds }, func: undoFill });
    return results.reduce((sum, { result }) => sum + (result ?? 0), 0);
  } catch (error) {
    throw accessFailure(error);
  }
}
