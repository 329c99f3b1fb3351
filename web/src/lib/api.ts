// The app's API client: the signed-in user's token, the configured base URL, sign-out on any 401 (an
// expired or revoked session cannot be repaired by retrying), and which app is calling for the audit trail.
import { getEnv } from '@/config/env';
import { createApiClient } from './api-client';
import { getCurrentIdToken, signOutQuietly } from './firebase-on-demand';
import { signInRefusal } from './sign-in-refusal';

export const api = createApiClient({
  baseUrl: () => getEnv().apiBaseUrl,
  getIdToken: getCurrentIdToken,
  client: () => (getEnv().extensionMode ? 'extension' : 'web'),
  onUnauthorized: () => {
    void signOutQuietly();
  },
  onSignInMethodRefused: (error) => signInRefusal.refused(error.message),
});
