import { createContext, startTransition, useContext, useLayoutEffect, useState, type ReactNode } from 'react';
import { Router } from 'react-router';
import { createGuardedHistory, type AppHistory, type GuardedHistory, type LocationUpdate } from './guarded-history';

const GuardContext = createContext<GuardedHistory | null>(null);

/**
 * React Router's declarative `<Router>` over `history`, as its BrowserRouter and MemoryRouter are, with pages able
 * to hold a navigation while they have unsaved work (`useLeaveGuard`). Location changes render as transitions:
 * a page whose chunk has not arrived suspends, and the page on screen stays until it has (what the data router's
 * route `lazy` did).
 */
export function GuardedRouter({ history, children }: { history: AppHistory; children: ReactNode }) {
  const [guarded] = useState(() => createGuardedHistory(history));
  const [update, setUpdate] = useState<LocationUpdate>({ action: history.action, location: history.location });
  useLayoutEffect(() => guarded.listen((next) => startTransition(() => setUpdate(next))), [guarded]);
  return (
    <GuardContext value={guarded}>
      <Router location={update.location} navigationType={update.action} navigator={guarded.navigator} useTransitions>
        {children}
      </Router>
    </GuardContext>
  );
}

export function useGuardedHistory(): GuardedHistory {
  const guarded = useContext(GuardContext);
  if (!guarded) throw new Error('useLeaveGuard needs a GuardedRouter above it');
  return guarded;
}
