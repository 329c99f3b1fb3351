import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { staticMediaQueryList } from './viewport';

// jsdom has no matchMedia; MUI's useMediaQuery and color-scheme code need one. Nothing matches by default
// (a wide screen, light scheme); tests that care replace it.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string) => staticMediaQueryList(query, false),
});

afterEach(() => {
  cleanup();
  vi.unstubAllEnvs();
  localStorage.clear();
});
