// What `vi.mock('@/lib/api')` (no factory) puts in place of the app's API client in a test: every method a
// mock, so a test answers calls at the module boundary (see @/test/api for answering them by path).
import { vi } from 'vitest';
import type { ApiClient } from '../api-client';

export const api = {
  request: vi.fn(),
  get: vi.fn(),
  post: vi.fn(),
  put: vi.fn(),
  delete: vi.fn(),
  getBlob: vi.fn(),
  upload: vi.fn(),
} satisfies Record<keyof ApiClient, unknown>;
