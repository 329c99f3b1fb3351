// The auth feature's public surface; the rest of the app imports only from here and from the *.page.ts
// modules the router loads lazily (the pages stay out of the first chunk).
export { AuthProvider } from './components/AuthProvider';
// A fixed auth state (nobody signed in): the sign-in page rendered at build time (app/prerender/).
export { AuthStateProvider } from './hooks/auth-context';
export { RequireAuth } from './components/RequireAuth';
export { VerifyEmailBanner } from './components/VerifyEmailBanner';
export { useAuth } from './hooks/use-auth';
export { signOutUser } from './api/auth';
