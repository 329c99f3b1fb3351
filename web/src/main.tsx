import { parseEnv } from './config/env';
import { showStartFailure } from './app/start-failure';
import { registerServiceWorker } from './lib/service-worker';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The configuration is checked before anything uses it, so a broken build explains itself on screen.
const envResult = parseEnv(import.meta.env);

/** A task boundary: what follows runs in a task of its own, after the browser has had its turn. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The app's code is evaluated in stages, each in a task of its own, rather than all of it in one long task the
 * page cannot answer a tap during (docs/first-load.md "The app evaluated in stages"): React and the router,
 * then MUI's styling code with the theme's module, then the theme (createTheme builds both colour schemes'
 * variables), then the app. Nothing here imports them statically, so nothing of them runs with this module;
 * index.html preloads their chunks all the same (scripts/route-budgets.mjs BOOT_MODULES).
 */
const BOOT_STAGES: (() => Promise<unknown>)[] = [
  () => import('react-dom/client'),
  () => import('./theme/theme'),
  async () => (await import('./theme/theme')).appTheme(),
];

async function start(root: HTMLElement) {
  if (!envResult.ok) {
    const { startEnvErrorPage } = await import('./app/start-app');
    startEnvErrorPage(root, envResult.problems);
    return;
  }
  for (const stage of BOOT_STAGES) {
    await stage();
    await nextTask();
  }
  const { startApp } = await import('./app/start-app');
  await nextTask();
  await startApp(root);
}

start(container).catch((error: unknown) => {
  // A chunk that did not arrive: its address, nothing of the user's.
  console.error('Charta could not start', error);
  showStartFailure(container);
});

// After the load event, from a chunk of its own: the app shell and route chunks for the next visit, and for
// one with no connection (docs/decisions.md "Installable, and working through a dropped connection").
if (envResult.ok && !envResult.env.extensionMode) registerServiceWorker();
