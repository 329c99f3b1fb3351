import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { UNSAFE_createMemoryHistory, useLocation, useRoutes, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from '@/components/errors/RouteErrorPage';
import { GuardedRouter } from '@/lib/router/GuardedRouter';
import { lazyPage, preloadRoutes } from './router';

function SessionsPage() {
  return <p>Sessions page</p>;
}

/** The routes as App.tsx renders them: an error boundary cleared by navigation, a Suspense fallback. */
function renderApp(page: Pick<RouteObject, 'element'>) {
  const history = UNSAFE_createMemoryHistory({ v5Compat: true });
  const routes: RouteObject[] = [
    { path: '/', ...page },
    { path: '/other', element: <p>Other page</p> },
  ];
  function AppRoutes() {
    const { key } = useLocation();
    return (
      <RouteErrorBoundary locationKey={key}>
        <Suspense fallback={<p>Loading</p>}>{useRoutes(routes)}</Suspense>
      </RouteErrorBoundary>
    );
  }
  render(
    <GuardedRouter history={history}>
      <AppRoutes />
    </GuardedRouter>,
  );
  return history;
}

describe('lazyPage', () => {
  it('shows the error once for a chunk that failed, and loads it again on the next visit (React.lazy alone keeps the failure)', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi.fn<() => Promise<() => React.JSX.Element>>().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue(SessionsPage);
    const history = renderApp(lazyPage(load));
    expect(await screen.findByText(/Something went wrong while showing this page/)).toBeInTheDocument();
    // Once: no new request while the error is up (a retry per render would loop while offline).
    expect(load).toHaveBeenCalledTimes(1);

    // The clinician goes elsewhere and opens the page again, the connection back.
    act(() => history.push('/other'));
    expect(await screen.findByText('Other page')).toBeInTheDocument();
    act(() => history.push('/'));
    expect(await screen.findByText('Sessions page')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    consoleError.mockRestore();
  });

  it('renders a page whose chunk is in as itself, without suspending (no fallback over the splash)', async () => {
    const page = lazyPage(() => Promise.resolve(SessionsPage));
    await (page.handle as { preload: () => Promise<unknown> }).preload();
    renderApp(page);
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
    expect(screen.getByText('Sessions page')).toBeInTheDocument();
  });
});

describe('preloadRoutes', () => {
  it('settles even when the address matches nothing', async () => {
    await expect(preloadRoutes('/no/such/page/at/all')).resolves.toBeUndefined();
  });
});
