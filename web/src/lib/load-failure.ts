/**
 * What the page says when the app's own code could not be loaded: a chunk of the start (app/start-failure.ts) or
 * Firebase Auth's (features/auth/components/AuthProvider.tsx). One failure, one sentence, wherever it shows.
 */
export const LOAD_FAILURE_MESSAGE = 'Charta could not finish loading. Check your connection, then try again.';
