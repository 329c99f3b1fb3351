// For the shell's tests: the shell as the app mounts it, with a Record page (index) and a Settings page.
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { NotificationsProvider } from '@/components/feedback/notifications';
import { createTestRouter } from '@/test/render';
import { AppThemeProvider } from '@/theme/AppThemeProvider';
import { Shell } from './Shell';

/** Renders the shell at '/', with `recordPage` as its index page; returns the router, to see where navigation went. */
export function renderShell(recordPage: ReactNode = <p>Record page</p>) {
  const { element, router } = createTestRouter([
    {
      path: '/',
      element: <Shell />,
      children: [
        { index: true, element: recordPage },
        { path: 'settings', element: <p>Settings page</p> },
      ],
    },
  ]);
  render(
    <AppThemeProvider>
      <NotificationsProvider>{element}</NotificationsProvider>
    </AppThemeProvider>,
  );
  return router;
}
