// The auth feature's public surface; the rest of the app imports only from here.
export { AuthProvider } from './components/AuthProvider';
export { DeleteAccountSection } from './components/DeleteAccountSection';
export { RequireAuth } from './components/RequireAuth';
export { SignInPage } from './components/SignInPage';
export { SignUpPage } from './components/SignUpPage';
export { VerifyEmailBanner } from './components/VerifyEmailBanner';
export { useAuth } from './hooks/use-auth';
export { signOutUser } from './api/auth';
