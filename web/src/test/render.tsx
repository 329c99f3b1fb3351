// Renders a page inside what the app gives it: the app's router (pages hold navigation with unsaved work),
// SWR with a cache of the test's own and no retries (each test sees exactly the answers it set up; a write
// that misses this cache, like swr's global mutate, shows as a failure), notifications and the navigation
// state. The one harness for every page test.
import { render } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { UNSAFE_createMemoryHistory, useRoutes, type Location, type RouteObject } from 'react-router';
import { SWRConfig } from 'swr';
import { NotificationsProvider } from '@/components/feedback/notifications';
import { NavigationProvider } from '@/components/layout/navigation-state';
import { api } from '@/lib/api';
import { GuardedRouter } from '@/lib/router/GuardedRouter';
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

/** Where navigation went: `router.state.location`, as React Router's data router spells it. */
export interface RenderedRouter {
  readonly state: { readonly location: Location };
}

/** `routes` at `initialPath` under the app's router (GuardedRouter), and where navigation went. */
export function createTestRouter(routes: RouteObject[], initialPath = '/'): { element: ReactNode; router: RenderedRouter } {
  const history = UNSAFE_createMemoryHistory({ initialEntries: [initialPath], v5Compat: true });
  return {
    element: (
      <GuardedRouter history={history}>
        <Routes routes={routes} />
      </GuardedRouter>
    ),
    router: {
      get state() {
        return { location: history.location };
      },
    },
  };
}

function Routes({ routes }: { routes: RouteObject[] }) {
  return <Suspense fallback={null}>{useRoutes(routes)}</Suspense>;
}

/** Renders `routes` starting at `initialPath`; returns the router, to see where navigation went. */
export function renderRoutes(routes: RouteObject[], initialPath: string, options: RenderOptions = {}): RenderedRouter {
  const { element, router } = createTestRouter(routes, initialPath);
  render(<TestProviders {...options}>{element}</TestProviders>);
  return router;
}

/** Renders one page at '/'; returns the router. */
export function renderPage(page: ReactNode, options: RenderOptions = {}) {
  return renderRoutes([{ path: '/', element: page }], '/', options);
}
