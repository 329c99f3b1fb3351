// Run at build time, in Node (scripts/prerender-pages.mjs loads it through Vite): never part of the app's bundle.
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { parseEnv } from '@/config/env';
import { paths } from '@/config/paths';
import { AuthStateProvider } from '@/features/auth';
import { SignInPage } from '@/features/auth/sign-in.page';
import { AppThemeProvider } from '@/theme/AppThemeProvider';

/**
 * The sign-in page as the app first renders it for a visitor nobody has signed in on (what it paints before
 * Firebase Auth has answered: use-signed-out-page.tsx), as HTML with its styles: emotion writes each style as
 * a `<style data-emotion>` beside the markup that uses it, which the app's emotion then recognises as inserted.
 * Null for a build without its configuration: the page keeps its splash, and the app says what is missing
 * (main.tsx), as it would without this.
 */
export function prerenderSignIn(): string | null {
  if (!parseEnv(import.meta.env).ok) return null;
  return renderToString(
    <AppThemeProvider>
      <MemoryRouter initialEntries={[paths.signIn.getHref()]}>
        <AuthStateProvider value={{ user: null, loading: false }}>
          <SignInPage />
        </AuthStateProvider>
      </MemoryRouter>
    </AppThemeProvider>,
  );
}
