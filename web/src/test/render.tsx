// Renders a page inside what the app gives it: a data router (pages block navigation with unsaved work),
// SWR with a cache of the test's own and no retries (each test sees exactly the answers it set up; a write
// that misses this cache, like swr's global mutate, shows as a failure), notifications and the navigation
// state. The one harness for every page test.
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { SWRConfig } from 'swr';
import { NotificationsProvider } from '@/components/feedback/notifications';
import { NavigationProvider } from '@/components/layout/navigation-state';
import { api } from '@/lib/api';
import type { SignedInUser } from '@/types/user';

export interface RenderOptions {
  /** The signed-in user the navigation state reports; nobody by default. */
  user?: SignedInUser | null;
}

export function TestProviders({ user = null, children }: RenderOptions & { children: ReactNode }) {
  return (
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false, fetcher: (path: string) => api.get(path) }}>
      <NotificationsProvider>
        <NavigationProvider user={user}>{children}</NavigationProvider>
      </NotificationsProvider>
    </SWRConfig>
  );
}

/** Renders `routes` starting at `initialPath`; returns the router, to see where navigation went. */
export function renderRoutes(routes: RouteObject[], initialPath: string, options: RenderOptions = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  render(
    <TestProviders {...options}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return router;
}

/** Renders one page at '/'; returns the router. */
export function renderPage(page: ReactNode, options: RenderOptions = {}) {
  return renderRoutes([{ path: '/', element: page }], '/', options);
}
