import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { staticMediaQueryList } from './viewport';

// jsdom has no matchMedia; MUI's useMediaQuery and color-scheme code need one. Nothing matches by default
// (a wide screen, light scheme); tests that care replace it.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string) => staticMediaQueryList(query, false),
});

// findBy* and waitFor give up after 1 s by default: a debounced search and its answer, on a 2-core machine
// shared with emulators, can take longer (the Activity page's search failed so under load). A wrong answer
// still fails; it only fails after 5 s.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllEnvs();
  localStorage.clear();
});
