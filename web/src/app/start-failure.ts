import { LOAD_FAILURE_MESSAGE } from '@/lib/load-failure';

/**
 * What the page says when the app's own code could not be loaded as it opens (web/src/main.tsx): a chunk that
 * failed to arrive (a dropped connection on a first visit, before the service worker holds the app; a deploy
 * that replaced the files while the page was loading). Without it the splash said "Opening…" for ever. Plain
 * DOM in the splash's own styles (web/index.html), since React and MUI may be what failed to load.
 */
export function showStartFailure(root: HTMLElement, reload: () => void = () => window.location.reload()): void {
  const box = document.createElement('div');
  box.className = 'splash';
  box.setAttribute('role', 'alert');
  const name = document.createElement('span');
  name.className = 'splash-name';
  name.textContent = 'Charta';
  const message = document.createElement('span');
  message.textContent = LOAD_FAILURE_MESSAGE;
  const retry = document.createElement('button');
  retry.type = 'button';
  retry.textContent = 'Try again';
  retry.addEventListener('click', () => reload());
  box.append(name, message, retry);
  root.replaceChildren(box);
}
