// The automatic lock, for the signed-in shell only (web/src/app/shell/Shell.tsx): apart from index.ts, which
// every page imports (the sign-in page too), so that the lock's code loads with the shell.
export { AppLock } from './lock/AppLock';
