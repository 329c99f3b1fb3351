import { lazy, Suspense } from 'react';
import { useLocation, useRoutes } from 'react-router';
import { RouteErrorBoundary } from '@/components/errors/RouteErrorPage';
import { FullPageLoader } from '@/components/feedback/FullPageLoader';
import { SessionToolsSlot, type SessionTool } from '@/components/layout/session-tools-slot';
import { getEnv } from '@/config/env';
import type { AppHistory } from '@/lib/router/guarded-history';
import { GuardedRouter } from '@/lib/router/GuardedRouter';
import { AppProviders } from './providers/AppProviders';
import { preloadRoutes, routes } from './router';

// Extension builds only: the web build never loads magic fill's code (its own chunk, never fetched there).
const MagicFillPanel = lazy(() => import('@/features/magic-fill').then((m) => ({ default: m.MagicFillPanel })));
function MagicFillTool(props: SessionTool) {
  return (
    <Suspense fallback={null}>
      <MagicFillPanel {...props} />
    </Suspense>
  );
}

function AppRoutes() {
  const { pathname, key } = useLocation();
  // Before the routes render: a layout and its page are requested together (idempotent, so safe in render).
  void preloadRoutes(pathname);
  const page = useRoutes(routes);
  return (
    <RouteErrorBoundary locationKey={key}>
      {/* Shown while the first page's chunks load; a later navigation is a transition and keeps the page on screen. */}
      <Suspense fallback={<FullPageLoader label="Opening Charta" />}>{page}</Suspense>
    </RouteErrorBoundary>
  );
}

/** `history`: created once by start-app.tsx, it outlives every re-render of the app (the shell remounts its data cache per user). */
export function App({ history }: { history: AppHistory }) {
  return (
    <AppProviders>
      <SessionToolsSlot value={getEnv().extensionMode ? MagicFillTool : null}>
        <GuardedRouter history={history}>
          <AppRoutes />
        </GuardedRouter>
      </SessionToolsSlot>
    </AppProviders>
  );
}
