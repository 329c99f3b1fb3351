import { createBrowserRouter, createMemoryRouter, type RouteObject } from 'react-router';
import { NotFoundPage } from '@/components/errors/NotFoundPage';
import { RouteErrorPage } from '@/components/errors/RouteErrorPage';
import { FullPageLoader } from '@/components/feedback/FullPageLoader';
import { getEnv } from '@/config/env';
import { paths } from '@/config/paths';
import { RequireAuth } from '@/features/auth';

// Every page is loaded lazily (React Router's route `lazy`, its own form of React.lazy: the router fetches a
// page's chunk before it navigates there, so the current page stays up meanwhile instead of a Suspense
// fallback flashing). The first load fetches only what its own route needs: the sign-in page does not
// download the shell, the Record tab not the editor, the session page or chat. `npm run build -w web`
// prints each route's JavaScript and fails over its budget (scripts/route-budgets.mjs).
export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorPage />,
    // Shown while the first route's chunk loads (before that, nothing of the page can render).
    hydrateFallbackElement: <FullPageLoader label="Opening Charta" />,
    children: [
      { path: paths.signIn.path, lazy: async () => ({ Component: (await import('@/features/auth/sign-in.page')).SignInPage }) },
      { path: paths.signUp.path, lazy: async () => ({ Component: (await import('@/features/auth/sign-up.page')).SignUpPage }) },
      { path: paths.emailAction.path, lazy: async () => ({ Component: (await import('@/features/auth/email-action.page')).EmailActionPage }) },
      {
        // The link in a clinic invitation email: in the shell when signed in; signed out, a page of its own that
        // offers sign-in and sign-up, both of which come back here (docs/clinics.md "Screens").
        path: paths.clinicInvitation.path,
        lazy: async () => {
          const [{ Shell }, { InvitationSignedOut }] = await Promise.all([import('./shell/Shell'), import('@/features/clinic/invitation.page')]);
          return {
            element: (
              <RequireAuth signedOut={<InvitationSignedOut />}>
                <Shell />
              </RequireAuth>
            ),
          };
        },
        children: [{ index: true, lazy: async () => ({ Component: (await import('@/features/clinic/invitation.page')).InvitationPage }) }],
      },
      {
        path: paths.record.path,
        lazy: async () => {
          const { Shell } = await import('./shell/Shell');
          return {
            element: (
              <RequireAuth>
                <Shell />
              </RequireAuth>
            ),
          };
        },
        children: [
          { index: true, lazy: async () => ({ Component: (await import('@/features/record/record.page')).RecordPage }) },
          { path: paths.sessions.path, lazy: async () => ({ Component: (await import('@/features/sessions/sessions.page')).SessionsPage }) },
          { path: paths.session.path, lazy: async () => ({ Component: (await import('@/features/session-page/session.page')).SessionPage }) },
          {
            path: paths.sharedSessions.path,
            lazy: async () => ({ Component: (await import('@/features/shared-sessions/shared-sessions.page')).SharedSessionsPage }),
          },
          {
            path: paths.sharedSession.path,
            lazy: async () => ({ Component: (await import('@/features/shared-sessions/shared-session.page')).SharedSessionPage }),
          },
          { path: paths.templates.path, lazy: async () => ({ Component: (await import('@/features/templates/templates.page')).TemplatesPage }) },
          { path: paths.templateNew.path, lazy: templateEditor },
          { path: paths.templateFromNote.path, lazy: async () => ({ Component: (await import('@/features/templates/from-note.page')).FromNotePage }) },
          { path: paths.templateLibrary.path, lazy: async () => ({ Component: (await import('@/features/templates/library.page')).LibraryPage }) },
          {
            path: paths.sharedTemplate.path,
            lazy: async () => ({ Component: (await import('@/features/templates/shared-template.page')).SharedTemplatePage }),
          },
          { path: paths.template.path, lazy: templateEditor },
          {
            path: paths.settings.path,
            lazy: async () => {
              const [{ SettingsPage }, { AutoLockSetting, DeleteAccountSection }] = await Promise.all([
                import('@/features/profile/settings.page'),
                import('@/features/auth/account-settings.page'),
              ]);
              return { element: <SettingsPage lockSection={<AutoLockSetting />} accountSection={<DeleteAccountSection />} /> };
            },
          },
          { path: paths.activity.path, lazy: async () => ({ Component: (await import('@/features/activity/activity.page')).ActivityPage }) },
          { path: paths.clinicSettings.path, lazy: async () => ({ Component: (await import('@/features/clinic/clinic.page')).ClinicPage }) },
          { path: paths.billing.path, lazy: async () => ({ Component: (await import('@/features/billing/billing.page')).BillingPage }) },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

async function templateEditor() {
  return { Component: (await import('@/features/templates/template-editor.page')).TemplateEditorPage };
}

/** An extension panel has no address bar (and a chrome-extension:// URL), so it keeps history in memory. */
export function createAppRouter() {
  return getEnv().extensionMode ? createMemoryRouter(routes) : createBrowserRouter(routes);
}
