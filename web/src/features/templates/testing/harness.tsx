// Renders a templates page inside what the app gives it: a data router (the editor blocks navigation with
// unsaved changes), SWR with a fresh cache, notifications and the navigation state.
import type { Template } from '@charta/contract';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SWRConfig } from 'swr';
import { vi } from 'vitest';
import { NotificationsProvider } from '@/components/feedback/notifications';
import { NavigationProvider } from '@/components/layout/navigation-state';
import { api } from '@/lib/api';

export type Handler = (body: Record<string, unknown>) => unknown;

/** Answers api.post by path; a path without a handler fails the test loudly. */
export function answerPosts(handlers: Record<string, Handler>) {
  const post = vi.mocked(api.post);
  post.mockImplementation((path: string, body?: unknown) => {
    const handler = handlers[path];
    if (!handler) return Promise.reject(new Error(`unexpected POST ${path}`));
    return Promise.resolve().then(() => handler((body ?? {}) as Record<string, unknown>));
  });
  return post;
}

export function renderRoutes(routes: { path: string; element: ReactNode }[], initialPath: string) {
  const router = createMemoryRouter(
    routes.map((r) => ({ ...r })),
    { initialEntries: [initialPath] },
  );
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      <NotificationsProvider>
        <NavigationProvider user={null}>
          <RouterProvider router={router} />
        </NavigationProvider>
      </NotificationsProvider>
    </SWRConfig>,
  );
  return router;
}

export function template(overrides: Partial<Template> = {}): Template {
  return {
    id: 't1',
    name: 'Knee review',
    description: 'Orthopaedic follow-up',
    category: 'specialty',
    source: 'own',
    published: false,
    publishedTemplateId: null,
    createdAt: '2026-11-21T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
    sections: [
      { id: 'history', title: 'History', instructions: 'Onset and course.', format: 'paragraph' },
      { id: 'plan', title: 'Plan', instructions: 'What was agreed.', format: 'bullets' },
    ],
    ...overrides,
  };
}

export const soap = template({ id: 'soap', name: 'SOAP note', source: 'builtin', category: 'general', description: 'The classic' });
