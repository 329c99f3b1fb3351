// The auth screens' calls, with Firebase Auth loaded on demand (firebase-auth.ts holds them): the sign-in
// page paints before the SDK has downloaded, and a call made sooner waits for it. See lib/firebase-on-demand.ts.
import { loadFirebase } from '@/lib/firebase-on-demand';
import type { SignedInUser } from '@/types/user';
import type * as FirebaseAuthModule from './firebase-auth';
import type { ProviderSignInOutcome, ReauthenticationOptions } from './firebase-auth';
import { REDIRECT_PENDING_KEY } from './sign-in-methods';

type FirebaseAuthCalls = typeof FirebaseAuthModule;
export type { ProviderSignInOutcome, ReauthenticationOptions } from './firebase-auth';

let loaded: FirebaseAuthCalls | undefined;
let loading: Promise<FirebaseAuthCalls> | undefined;
// With lib/firebase-on-demand.ts's load too: the rest of the app reads Auth through it synchronously (the
// uploads' current uid, the referral claim's account age) once the user is known, so it must be ready by then.
const calls = () => (loading ??= Promise.all([import('./firebase-auth'), loadFirebase()]).then(([module]) => (loaded = module)));

/** The names of firebase-auth.ts's calls that answer with a promise (the ones that can wait for it to load). */
type AsyncCallName = { [Name in keyof FirebaseAuthCalls]: FirebaseAuthCalls[Name] extends (...args: never[]) => Promise<unknown> ? Name : never }[keyof FirebaseAuthCalls];

/** The call `name` of firebase-auth.ts, once it has loaded. */
function onceLoaded<Name extends AsyncCallName>(name: Name): FirebaseAuthCalls[Name] {
  const call = async (...args: unknown[]) => ((await calls())[name] as (...args: unknown[]) => unknown)(...args);
  return call as FirebaseAuthCalls[Name];
}

/**
 * Runs `task` once the browser is idle: after the page that is loading has rendered and painted. Safari has
 * no requestIdleCallback: the next task.
 */
function whenIdle(task: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 1000 });
  else setTimeout(task, 0);
}

let pageShown: () => void = () => undefined;
const shown = new Promise<void>((resolve) => (pageShown = resolve));

/**
 * Says the signed-in app has rendered its page (RequireAuth, once the router has loaded and shown it): Auth,
 * held back until then on a browser that was signed in last time, may load (see subscribeToSignedInUser).
 */
export function markPageShown(): void {
  pageShown();
}

/** If the page never says it has shown (its chunk failed to load, say), Auth loads anyway after this. */
export const PAGE_SHOWN_TIMEOUT_MS = 5000;

/**
 * When to load Auth: `now`; `idle`, once the browser is idle (the page that is loading has painted); or
 * `afterPage`, once the signed-in app has shown its page (markPageShown) and then the browser is idle.
 */
export type AuthStart = 'now' | 'idle' | 'afterPage';

/**
 * The signed-in user, as firebase-auth.ts tells it, once Auth has loaded; `onUnavailable` if it cannot
 * load (offline on a first visit, or a deploy replaced the chunk), so the app can say so instead of
 * checking the sign-in for ever.
 *
 * `start`: on the pages for signed-out visitors (`idle`), Auth is fetched only once the page has painted,
 * so that its download does not share the link with the page's own chunks before the form shows
 * (measured: FCP 2.9 -> 2.4 s, LCP 3.3 -> 3.0 s on slow 4G). On a browser that was signed in last time
 * (lib/signed-in-hint.ts), the signed-in app shows the shell and the Record tab before Auth answers
 * (`afterPage`): Auth comes after the router's chunks and that paint. Otherwise the app waits for Auth to
 * render anything, and it starts at once.
 */
export function subscribeToSignedInUser(
  listener: (user: SignedInUser | null) => void,
  onUnavailable: (error: unknown) => void,
  { start = 'now' }: { start?: AuthStart } = {},
): () => void {
  let unsubscribe: (() => void) | undefined;
  let stopped = false;
  const subscribe = () => {
    if (stopped) return;
    calls().then(
      (loaded) => {
        if (!stopped) unsubscribe = loaded.subscribeToSignedInUser(listener);
      },
      (error: unknown) => {
        if (!stopped) onUnavailable(error);
      },
    );
  };
  if (start === 'now') subscribe();
  else if (start === 'idle') whenIdle(subscribe);
  else {
    let timer: ReturnType<typeof setTimeout> | undefined;
    void Promise.race([shown, new Promise<void>((resolve) => (timer = setTimeout(resolve, PAGE_SHOWN_TIMEOUT_MS)))]).then(() => {
      clearTimeout(timer);
      whenIdle(subscribe);
    });
  }
  return () => {
    stopped = true;
    unsubscribe?.();
  };
}

export const signInWithPassword = onceLoaded('signInWithPassword');
export const signUpWithPassword = onceLoaded('signUpWithPassword');
export const resendVerificationEmail = onceLoaded('resendVerificationEmail');
export const refreshVerification = onceLoaded('refreshVerification');
export const sendPasswordReset = onceLoaded('sendPasswordReset');
export const signInWithGoogle = onceLoaded('signInWithGoogle');
export const signInWithSso = onceLoaded('signInWithSso');
export const singleSignOnProviderFor = onceLoaded('singleSignOnProviderFor');
/** After coming back from a provider's redirect; without one started here, nothing to load or finish. */
export async function completeProviderRedirect(): Promise<ProviderSignInOutcome | null> {
  if (!sessionStorage.getItem(REDIRECT_PENDING_KEY)) return null;
  return (await calls()).completeProviderRedirect();
}
export const signInWithPasswordAndLink = onceLoaded('signInWithPasswordAndLink');
export const sendSignInCode = onceLoaded('sendSignInCode');
export const signInWithCode = onceLoaded('signInWithCode');
export const reauthenticateWithPassword = onceLoaded('reauthenticateWithPassword');
export const reauthenticateWithProvider = onceLoaded('reauthenticateWithProvider');
export const reauthenticateWithCode = onceLoaded('reauthenticateWithCode');
export const signOutUser = onceLoaded('signOutUser');

/**
 * How the signed-in user can confirm it is them. Asked only when signed in, and the app knows who is
 * signed in only once firebase-auth.ts has loaded, so it has by then; before, there is no one to confirm.
 */
export function reauthenticationOptions(): ReauthenticationOptions {
  return loaded?.reauthenticationOptions() ?? { email: null, password: false, providers: [] };
}
