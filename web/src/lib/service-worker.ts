// The service worker (vite-plugin-pwa's Workbox worker, web/vite.config.ts): registered once the page has
// loaded, and a new version held back until it cannot interrupt anything. Why and what it keeps:
// docs/decisions.md "Installable, and working through a dropped connection".
//
// This module is small and on every page; the registration code (workbox-window) is imported only after
// the load event, so it adds nothing to what a first load must download before it paints.

/** A new version is installed and waiting; `activate` makes it take over (the page then reloads). */
interface WaitingUpdate {
  activate: () => Promise<void>;
}

let waiting: WaitingUpdate | null = null;
/** The new version controls this tab (or is about to): the page reloads when nothing would be lost. */
let reloadNeeded = false;
/** A reload would lose something (a recording, audio still to upload, a typed name): UpdatePrompt says so. */
let busy = false;
const listeners = new Set<() => void>();

function changed() {
  for (const listener of listeners) listener();
}

export function subscribeToUpdate(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a new version of the app is ready (waiting, or already in charge and waiting for a reload). */
export function isUpdateReady(): boolean {
  return waiting !== null || reloadNeeded;
}

/** The signed-in shell says when a reload would lose something; the sign-in pages have nothing to lose. */
export function setUpdateBlocked(blocked: boolean): void {
  busy = blocked;
}

/** The registration saw a new version installed and waiting. */
export function updateWaiting(update: WaitingUpdate): void {
  waiting = update;
  changed();
}

/**
 * The new version controls this tab now (this tab's choice, or another tab's): the page reloads to run it,
 * unless that would cut a recording short, in which case it waits for the clinician's next move.
 */
export function newVersionInControl(reload: () => void = () => window.location.reload()): void {
  if (!busy) return reload();
  reloadNeeded = true;
  changed();
}

/**
 * Moves to the new version now: the waiting worker takes over and the page reloads. Call only when
 * nothing would be lost (UpdatePrompt decides).
 */
export async function applyUpdate(reload: () => void = () => window.location.reload()): Promise<void> {
  if (reloadNeeded || !waiting) {
    if (reloadNeeded) reload();
    return;
  }
  // The worker's "controlling" event follows, and newVersionInControl reloads: this tab is free.
  reloadNeeded = true;
  await waiting.activate();
}

/** Registers the service worker after the page's load event. Not in development, nor in the extension. */
export function registerServiceWorker(): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  const register = () => {
    void import('virtual:pwa-register')
      .then(({ registerSW }) => {
        const activate = registerSW({
          immediate: true,
          onNeedRefresh: () => updateWaiting({ activate: () => activate() }),
          onNeedReload: () => newVersionInControl(),
        });
      })
      // No service worker (a private window may refuse one): the app works as before, from the network.
      .catch(() => undefined);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** For tests: forget any update seen. */
export function resetUpdateState(): void {
  waiting = null;
  reloadNeeded = false;
  busy = false;
  changed();
}
