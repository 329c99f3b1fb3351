import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { ErrorState } from '@/components/feedback/ErrorState';
import { paths } from '@/config/paths';
import { LOAD_FAILURE_MESSAGE } from '@/lib/load-failure';
import { rememberSignedIn, signedInHint } from '@/lib/signed-in-hint';
import type { SignedInUser } from '@/types/user';
import { subscribeToSignedInUser, type AuthStart } from '../api/auth';
import { AuthStateProvider, type AuthState } from '../hooks/auth-context';

function sameUser(a: SignedInUser | null, b: SignedInUser | null): boolean {
  if (a === null || b === null) return a === b;
  return a.uid === b.uid && a.email === b.email && a.emailVerified === b.emailVerified;
}

const SIGNED_OUT_PAGES: string[] = [paths.signIn.path, paths.signUp.path];

/**
 * The sign-in and sign-up pages render without Auth (it loads once they have painted); so does the signed-in
 * app on a browser that was signed in last time (RequireAuth shows the shell and the Record tab, and Auth
 * loads once they are up). The other pages (the account emails' page, the signed-in app on a browser nobody
 * signed in on) wait for it, and it starts at once.
 */
function authStart(pathname: string): AuthStart {
  if (SIGNED_OUT_PAGES.includes(pathname)) return 'idle';
  if (pathname === paths.emailAction.path) return 'now';
  return signedInHint() ? 'afterPage' : 'now';
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ user: null, loading: true });
  const [unavailable, setUnavailable] = useState(false);

  // Told on every token change (hourly refreshes too): keep the same state object unless something the app
  // shows changed, so a refresh re-renders nothing.
  useEffect(() => {
    let answered = false;
    return subscribeToSignedInUser(
      (user) => {
        // Remembered for the next visit (lib/signed-in-hint.ts): its id only.
        rememberSignedIn(user?.uid ?? null);
        const update = () => setState((previous) => (!previous.loading && sameUser(previous.user, user) ? previous : { user, loading: false }));
        // Auth's first answer re-renders what reads it: the page painted before it (the shell and the Record tab
        // on a browser signed in last time; not the sign-in form, which reads only the user: useSignedInUser) or
        // the one waiting for it. As a transition, React renders it in slices that leave the page answering taps,
        // instead of one long task (docs/first-load.md); what depends on it follows the state (RequireAuth,
        // useSignedOutPage), so it moves on when the render commits. Later answers (signing in or out) apply at once.
        if (answered) update();
        else startTransition(update);
        answered = true;
      },
      (error) => {
        // Only a load failure (the ids, never the user's data, are in it): say so rather than check for ever.
        console.error('Firebase Auth could not load', error);
        setUnavailable(true);
      },
      { start: authStart(window.location.pathname) },
    );
  }, []);

  if (unavailable) {
    return (
      <main>
        <ErrorState message={LOAD_FAILURE_MESSAGE} onRetry={() => window.location.reload()} />
      </main>
    );
  }
  return <AuthStateProvider value={state}>{children}</AuthStateProvider>;
}
