// Run at build time, in Node (scripts/prerender-pages.mjs loads it through Vite): never part of the app's bundle.
import { ThemeProvider, type Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { NotificationsProvider } from '@/components/feedback/notifications';
import { parseEnv } from '@/config/env';
import { paths } from '@/config/paths';
import { AuthStateProvider } from '@/features/auth';
import { RecordingUploadsProvider } from '@/features/record/hooks/use-recording-uploads';
import { createRecordingUploads } from '@/features/record/lib/recording-uploads';
import { RecordPage } from '@/features/record/record.page';
import { AppThemeProvider } from '@/theme/AppThemeProvider';
import { Shell } from '../shell/Shell';

/** A phone's and a laptop's: the compact layout (bottom navigation, the phone's Record tab) and the wide one. */
const VIEWPORT_WIDTHS_PX = [390, 1280];

/** Whether a width-only media query, as the app's useMediaQuery calls write them, holds at `width`. */
export function widthQueryMatches(query: string, width: number): boolean {
  const conditions = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)];
  if (conditions.length === 0) return false;
  return conditions.every(([, bound, value]) => (bound === 'min' ? width >= Number(value) : width <= Number(value)));
}

/** useMediaQuery answers as a browser `width` pixels wide would (Node has no matchMedia: it would answer false). */
function AtViewportWidth({ width, children }: { width: number; children: ReactNode }) {
  const atWidth = (outer: Theme): Theme => ({
    ...outer,
    components: { ...outer.components, MuiUseMediaQuery: { defaultProps: { ssrMatchMedia: (query: string) => ({ matches: widthQueryMatches(query, width) }) } } },
  });
  return <ThemeProvider theme={atWidth}>{children}</ThemeProvider>;
}

/** No recording exists at build time: whatever the tab would ask of the device's store is refused. */
function noRecordingsHere(): Promise<never> {
  return Promise.reject(new Error('Prerendering: no recordings at build time'));
}

/**
 * The styles of the signed-in app's first render on its commonest page: the shell and the Record tab, as they paint on a
 * browser signed in last time, before Firebase Auth has answered (features/auth/components/RequireAuth.tsx), at a
 * phone's width and a laptop's. That is the theme's global styles (both schemes' CSS variables and the baseline) and
 * the class styles of about 70 components, some 75,000 characters of CSS, which the app's emotion would otherwise
 * serialise with stylis and insert rule by rule in the commit that paints the tab: most of that commit's time on a
 * phone (docs/first-load.md "The Record tab's styles in the page"). Written into index.html's head at build time
 * (scripts/prerender-pages.mjs), they are parsed with the page, and emotion, finding them, marks them as inserted.
 * A style the app renders that is not here is inserted as before; one here that the app never renders costs bytes.
 * Only the styles are kept: the markup is thrown away. Null for a build without its configuration, as prerender-sign-in.tsx.
 */
export function prerenderRecordTabStyles(): string | null {
  if (!parseEnv(import.meta.env).ok) return null;
  const uploads = createRecordingUploads({
    openStore: noRecordingsHere,
    createSession: noRecordingsHere,
    deleteSession: noRecordingsHere,
    uploadPart: noRecordingsHere,
    isOnline: () => true,
  });
  return VIEWPORT_WIDTHS_PX.map((width) =>
    renderToString(
      <AppThemeProvider>
        <AtViewportWidth width={width}>
          <NotificationsProvider>
            <MemoryRouter initialEntries={[paths.record.getHref()]}>
              <AuthStateProvider value={{ user: null, loading: true }}>
                <RecordingUploadsProvider manager={uploads}>
                  <Routes>
                    <Route path={paths.record.path} element={<Shell />}>
                      <Route index element={<RecordPage />} />
                    </Route>
                  </Routes>
                </RecordingUploadsProvider>
              </AuthStateProvider>
            </MemoryRouter>
          </NotificationsProvider>
        </AtViewportWidth>
      </AppThemeProvider>,
    ),
  ).join('');
}
