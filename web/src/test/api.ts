// Answering the mocked API client (vi.mock('@/lib/api'), see lib/__mocks__/api.ts) by path, as the server
// would: a path without a handler fails the test loudly, and a handler that throws is a failed request.
import { vi } from 'vitest';
import { api } from '@/lib/api';

export type Handler = (body: Record<string, unknown>) => unknown;

/** Answers api.post by path. Returns the mock, to assert on the calls made. */
export function answerPosts(handlers: Record<string, Handler>) {
  const post = vi.mocked(api.post);
  post.mockImplementation((path: string, body?: unknown) => {
    const handler = handlers[path];
    if (!handler) return Promise.reject(new Error(`unexpected POST ${path}`));
    return Promise.resolve().then(() => handler((body ?? {}) as Record<string, unknown>));
  });
  return post;
}

/** Answers api.get by path, likewise. */
export function answerGets(handlers: Record<string, () => unknown>) {
  const get = vi.mocked(api.get);
  get.mockImplementation((path: string) => {
    const handler = handlers[path];
    if (!handler) return Promise.reject(new Error(`unexpected GET ${path}`));
    return Promise.resolve().then(() => handler());
  });
  return get;
}

/** The bodies of the POSTs made to one path, oldest first. */
export function postsTo(path: string): unknown[] {
  return vi
    .mocked(api.post)
    .mock.calls.filter(([p]) => p === path)
    .map(([, body]) => body);
}
