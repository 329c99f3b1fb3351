import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { preloadConfirmDialog } from '@/components/feedback/ConfirmDialog';
import { preloadDialog } from '@/components/feedback/LazyDialog';
import { preloadSnackbar } from '@/components/feedback/notifications';
import { staticMediaQueryList } from './viewport';

// jsdom has no matchMedia; MUI's useMediaQuery and color-scheme code need one. Nothing matches by default
// (a wide screen, light scheme); tests that care replace it.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string) => staticMediaQueryList(query, false),
});

// A page's dialogs come after its first paint (components/feedback/LazyDialog.tsx); a component test renders the
// moment after, when Dialog's code is in, so a dialog rendered open is there at once. LazyDialog.test.tsx
// covers the moment before. The same for the confirm dialog's parts and the snackbar (notifications.tsx).
await Promise.all([preloadDialog(), preloadConfirmDialog(), preloadSnackbar()]);

// findBy* and waitFor give up after 1 s by default: a debounced search and its answer, on a 2-core machine
// shared with emulators, can take longer (the Activity page's search failed so under load). A wrong answer
// still fails; it only fails after 5 s.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllEnvs();
  localStorage.clear();
});
