import { NavigationType, parsePath, type Location, type Navigator, type To, type UNSAFE_createBrowserHistory } from 'react-router';

// React Router's declarative router (BrowserRouter, MemoryRouter) takes a history and nothing holds a
// navigation back: `useBlocker` exists only in its data router, which is ~18 KB gzip more on every page before
// its first paint (router.js and its instrumentation; docs/first-load.md "The declarative router"). Holding a
// navigation while a page has unsaved work is all the app used the data router for, so it is done here over
// the same history objects React Router makes (`UNSAFE_createBrowserHistory`/`UNSAFE_createMemoryHistory`, which
// its own BrowserRouter and MemoryRouter use), the way the data router does it: a push or replace is held before
// it happens; a Back or Forward, which the browser has already done when it is heard, is undone with
// `history.go(-delta)` and done again with `history.go(delta)` if the user chooses to leave.

/** A history as React Router creates it, in v5Compat mode (its listeners hear pushes and replaces too). */
export type AppHistory = ReturnType<typeof UNSAFE_createBrowserHistory>;

export interface LocationUpdate {
  action: NavigationType;
  location: Location;
}

/** Whether moving from one page to another must wait for the user (a page with unsaved work answers yes). */
export type LeaveCheck = (move: { currentPathname: string; nextPathname: string }) => boolean;

/** The shape of React Router's `Blocker`, so the pages' confirm dialogs read it as they did. */
export type HeldNavigation =
  | { state: 'unblocked'; proceed?: undefined; reset?: undefined }
  | { state: 'blocked'; proceed: () => void; reset: () => void };

const NOT_HELD: HeldNavigation = { state: 'unblocked' };

export interface GuardedHistory {
  /** What React Router's `<Router navigator>` calls for links and `navigate()`: pushes and replaces, checked. */
  navigator: Navigator;
  /** Hears every location change the app should render (a held or undone one is not heard). */
  listen(listener: (update: LocationUpdate) => void): () => void;
  /** Adds a check consulted before each move to another page; returns its removal. */
  addCheck(check: LeaveCheck): () => void;
  /** The navigation `check` is holding, or `{ state: 'unblocked' }` (the same object while nothing changes). */
  heldFor(check: LeaveCheck): HeldNavigation;
  subscribe: (onChange: () => void) => () => void;
}

export function createGuardedHistory(history: AppHistory): GuardedHistory {
  const checks = new Set<LeaveCheck>();
  const heldListeners = new Set<() => void>();
  let held: { by: LeaveCheck; navigation: HeldNavigation } | null = null;
  // The Back or Forward the guard itself undid, and the one it does again on "leave": neither is checked.
  let undoing = false;
  let redoing = false;

  function setHeld(next: typeof held) {
    held = next;
    for (const onChange of heldListeners) onChange();
  }

  function checkFor(nextPathname: string): LeaveCheck | undefined {
    const currentPathname = history.location.pathname;
    for (const check of checks) if (check({ currentPathname, nextPathname })) return check;
    return undefined;
  }

  function hold(by: LeaveCheck, go: () => void) {
    setHeld({
      by,
      navigation: {
        state: 'blocked',
        proceed: () => {
          setHeld(null);
          go();
        },
        reset: () => setHeld(null),
      },
    });
  }

  function guarded(to: To, go: () => void) {
    const nextPathname = (typeof to === 'string' ? parsePath(to) : to).pathname ?? history.location.pathname;
    const by = checkFor(nextPathname);
    if (by) hold(by, go);
    else go();
  }

  return {
    navigator: {
      createHref: (to) => history.createHref(to),
      createURL: (to) => history.createURL(to),
      encodeLocation: (to) => history.encodeLocation(to),
      go: (delta) => history.go(delta),
      push: (to, state) => guarded(to, () => history.push(to, state)),
      replace: (to, state) => guarded(to, () => history.replace(to, state)),
    },
    listen(listener) {
      let current = history.location;
      return history.listen(({ action, location, delta }) => {
        if (action === NavigationType.Pop) {
          if (undoing) {
            undoing = false;
            return;
          }
          if (redoing) redoing = false;
          else if (delta) {
            // Compared with the page the app shows: history.location is already the one Back went to.
            const currentPathname = current.pathname;
            const by = [...checks].find((check) => check({ currentPathname, nextPathname: location.pathname }));
            if (by) {
              undoing = true;
              history.go(-delta);
              hold(by, () => {
                redoing = true;
                history.go(delta);
              });
              return;
            }
          }
          // delta is null for an entry this history did not make (one from before the app loaded): it cannot be
          // undone, so it goes through, as in React Router's data router.
        }
        current = location;
        listener({ action, location });
      });
    },
    addCheck(check) {
      checks.add(check);
      return () => {
        checks.delete(check);
        if (held?.by === check) setHeld(null);
      };
    },
    heldFor: (check) => (held?.by === check ? held.navigation : NOT_HELD),
    subscribe(onChange) {
      heldListeners.add(onChange);
      return () => heldListeners.delete(onChange);
    },
  };
}
