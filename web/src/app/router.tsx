import { createBrowserRouter, createMemoryRouter, type RouteObject } from 'react-router';
import { NotFoundPage } from '@/components/errors/NotFoundPage';
import { RouteErrorPage } from '@/components/errors/RouteErrorPage';
import { getEnv } from '@/config/env';
import { paths } from '@/config/paths';
import { DeleteAccountSection, RequireAuth, SignInPage, SignUpPage } from '@/features/auth';
import { BillingPage } from '@/features/billing';
import { SettingsPage } from '@/features/profile';
import { RecordPage } from '@/features/record';
import { SessionPage } from '@/features/session-page';
import { SessionsPage } from '@/features/sessions';
import { FromNotePage, LibraryPage, SharedTemplatePage, TemplateEditorPage, TemplatesPage } from '@/features/templates';
import { Shell } from './shell/Shell';

export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorPage />,
    children: [
      { path: paths.signIn.path, element: <SignInPage /> },
      { path: paths.signUp.path, element: <SignUpPage /> },
      {
        path: paths.record.path,
        element: (
          <RequireAuth>
            <Shell />
          </RequireAuth>
        ),
        children: [
          { index: true, element: <RecordPage /> },
          { path: paths.sessions.path, element: <SessionsPage /> },
          { path: paths.session.path, element: <SessionPage /> },
          { path: paths.templates.path, element: <TemplatesPage /> },
          { path: paths.templateNew.path, element: <TemplateEditorPage /> },
          { path: paths.templateFromNote.path, element: <FromNotePage /> },
          { path: paths.templateLibrary.path, element: <LibraryPage /> },
          { path: paths.sharedTemplate.path, element: <SharedTemplatePage /> },
          { path: paths.template.path, element: <TemplateEditorPage /> },
          { path: paths.settings.path, element: <SettingsPage accountSection={<DeleteAccountSection />} /> },
          { path: paths.billing.path, element: <BillingPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

/** An extension panel has no address bar (and a chrome-extension:// URL), so it keeps history in memory. */
export function createAppRouter() {
  return getEnv().extensionMode ? createMemoryRouter(routes) : createBrowserRouter(routes);
}
