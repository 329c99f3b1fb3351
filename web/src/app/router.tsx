import { lazy, type ComponentType } from 'react';
import { matchRoutes, UNSAFE_createBrowserHistory, UNSAFE_createMemoryHistory, useLocation, type RouteObject } from 'react-router';
import { NotFoundPage } from '@/components/errors/NotFoundPage';
import { getEnv } from '@/config/env';
import { paths } from '@/config/paths';
import { RequireAuth } from '@/features/auth';
import type { AppHistory } from '@/lib/router/guarded-history';

/** What a route keeps beside its element: how to start loading its page's chunk before React asks for it. */
interface RouteHandle {
  preload: () => Promise<unknown>;
}

/**
 * A page loaded lazily, in a chunk of its own. React.lazy over one kept promise, so `preload` (called for every
 * route the address matches, before they render: see `preloadRoutes`) and the render share one request: the
 * shell and the Record tab are fetched together, not the tab once the shell has rendered. A load that failed
 * (offline, a flaky network) shows the page's error (RouteErrorBoundary); React.lazy keeps a failure for good,
 * so at the next navigation to it the page gets a new one and loads again, as the data router's route `lazy`
 * did. Not before: React renders a suspended page again when its load settles, and a new load then would
 * retry in a loop while offline.
 */
export function lazyPage(load: () => Promise<ComponentType>): Pick<RouteObject, 'element' | 'handle'> {
  let loading: Promise<{ default: ComponentType }> | undefined;
  // Once arrived, rendered as itself: React.lazy suspends at its first render even when its module is in
  // (it learns so a microtask later), and on the first load that showed the Suspense fallback over the
  // splash or the prerendered sign-in form for a frame, then rendered the page again.
  let Loaded: ComponentType | undefined;
  let Page = lazy(preload);
  // The navigation (location key) during which the last load failed, once a render has seen the failure.
  let failure: { key: string | null } | null = null;
  function preload() {
    return (loading ??= load().then(
      (Page) => {
        Loaded = Page;
        return { default: Page };
      },
      (error: unknown) => {
        loading = undefined;
        failure = { key: null };
        throw error;
      },
    ));
  }
  function LazyPage() {
    const { key } = useLocation();
    if (failure) {
      failure.key ??= key;
      if (failure.key !== key) {
        failure = null;
        Page = lazy(preload);
      }
    }
    return Loaded ? <Loaded /> : <Page />;
  }
  return { element: <LazyPage />, handle: { preload } satisfies RouteHandle };
}

const signedInShell = lazyPage(async () => {
  const { Shell } = await import('./shell/Shell');
  return function SignedInShell() {
    return (
      <RequireAuth>
        <Shell />
      </RequireAuth>
    );
  };
});

const templateEditor = lazyPage(async () => (await import('@/features/templates/template-editor.page')).TemplateEditorPage);

// Every page is loaded lazily: the first load fetches only what its own route needs (the sign-in page does not
// download the shell, the Record tab not the editor, the session page or chat). `npm run build -w web` prints
// each route's JavaScript and fails over its budget (scripts/route-budgets.mjs). React Router's declarative
// router (lib/router/GuardedRouter.tsx), not its data router: docs/first-load.md "The declarative router".
export const routes: RouteObject[] = [
  { path: paths.signIn.path, ...lazyPage(async () => (await import('@/features/auth/sign-in.page')).SignInPage) },
  { path: paths.signUp.path, ...lazyPage(async () => (await import('@/features/auth/sign-up.page')).SignUpPage) },
  { path: paths.emailAction.path, ...lazyPage(async () => (await import('@/features/auth/email-action.page')).EmailActionPage) },
  {
    // The link in a clinic invitation email: in the shell when signed in; signed out, a page of its own that
    // offers sign-in and sign-up, both of which come back here (docs/clinics.md "Screens").
    path: paths.clinicInvitation.path,
    ...lazyPage(async () => {
      const [{ Shell }, { InvitationSignedOut }] = await Promise.all([import('./shell/Shell'), import('@/features/clinic/invitation.page')]);
      return function InvitationShell() {
        return (
          <RequireAuth signedOut={<InvitationSignedOut />}>
            <Shell />
          </RequireAuth>
        );
      };
    }),
    children: [{ index: true, ...lazyPage(async () => (await import('@/features/clinic/invitation.page')).InvitationPage) }],
  },
  {
    path: paths.record.path,
    ...signedInShell,
    children: [
      { index: true, ...lazyPage(async () => (await import('@/features/record/record.page')).RecordPage) },
      { path: paths.sessions.path, ...lazyPage(async () => (await import('@/features/sessions/sessions.page')).SessionsPage) },
      { path: paths.session.path, ...lazyPage(async () => (await import('@/features/session-page/session.page')).SessionPage) },
      {
        path: paths.sharedSessions.path,
        ...lazyPage(async () => (await import('@/features/shared-sessions/shared-sessions.page')).SharedSessionsPage),
      },
      {
        path: paths.sharedSession.path,
        ...lazyPage(async () => (await import('@/features/shared-sessions/shared-session.page')).SharedSessionPage),
      },
      { path: paths.templates.path, ...lazyPage(async () => (await import('@/features/templates/templates.page')).TemplatesPage) },
      { path: paths.templateNew.path, ...templateEditor },
      { path: paths.templateFromNote.path, ...lazyPage(async () => (await import('@/features/templates/from-note.page')).FromNotePage) },
      { path: paths.templateLibrary.path, ...lazyPage(async () => (await import('@/features/templates/library.page')).LibraryPage) },
      {
        path: paths.sharedTemplate.path,
        ...lazyPage(async () => (await import('@/features/templates/shared-template.page')).SharedTemplatePage),
      },
      { path: paths.template.path, ...templateEditor },
      {
        path: paths.settings.path,
        ...lazyPage(async () => {
          const [{ SettingsPage }, { AutoLockSetting, DeleteAccountSection }] = await Promise.all([
            import('@/features/profile/settings.page'),
            import('@/features/auth/account-settings.page'),
          ]);
          return function Settings() {
            return <SettingsPage lockSection={<AutoLockSetting />} accountSection={<DeleteAccountSection />} />;
          };
        }),
      },
      { path: paths.activity.path, ...lazyPage(async () => (await import('@/features/activity/activity.page')).ActivityPage) },
      { path: paths.clinicSettings.path, ...lazyPage(async () => (await import('@/features/clinic/clinic.page')).ClinicPage) },
      { path: paths.billing.path, ...lazyPage(async () => (await import('@/features/billing/billing.page')).BillingPage) },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * Starts loading the chunks of every route `pathname` matches (a layout and its page together), so React finds
 * them arriving rather than asking one after the other; settles when all have arrived or failed. Idempotent:
 * each page is requested once (again only after a failure).
 */
export async function preloadRoutes(pathname: string): Promise<void> {
  const handles = (matchRoutes(routes, pathname) ?? []).flatMap((match) => (match.route.handle ? [match.route.handle as RouteHandle] : []));
  await Promise.allSettled(handles.map((handle) => handle.preload()));
}

/** An extension panel has no address bar (and a chrome-extension:// URL), so it keeps history in memory. */
export function createAppHistory(): AppHistory {
  return getEnv().extensionMode ? UNSAFE_createMemoryHistory({ v5Compat: true }) : UNSAFE_createBrowserHistory({ v5Compat: true });
}
