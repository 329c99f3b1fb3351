import { lazy, Suspense, useState } from 'react';
import { RouterProvider } from 'react-router';
import { SessionToolsSlot, type SessionTool } from '@/components/layout/session-tools-slot';
import { getEnv } from '@/config/env';
import { AppProviders } from './providers/AppProviders';
import { createAppRouter } from './router';

// Extension builds only: the web build never loads magic fill's code (its own chunk, never fetched there).
const MagicFillPanel = lazy(() => import('@/features/magic-fill').then((m) => ({ default: m.MagicFillPanel })));
function MagicFillTool(props: SessionTool) {
  return (
    <Suspense fallback={null}>
      <MagicFillPanel {...props} />
    </Suspense>
  );
}

export function App() {
  // Created once: the history outlives every re-render of the app (the shell remounts its data cache per user).
  const [router] = useState(createAppRouter);
  return (
    <AppProviders>
      <SessionToolsSlot value={getEnv().extensionMode ? MagicFillTool : null}>
        <RouterProvider router={router} />
      </SessionToolsSlot>
    </AppProviders>
  );
}
