// The app's API client: the signed-in user's token, the configured base URL, and sign-out on any 401
// (an expired or revoked session cannot be repaired by retrying).
import { getEnv } from '@/config/env';
import { createApiClient } from './api-client';
import { getCurrentIdToken, signOutQuietly } from './firebase-on-demand';

export const api = createApiClient({
  baseUrl: () => getEnv().apiBaseUrl,
  getIdToken: getCurrentIdToken,
  onUnauthorized: () => {
    void signOutQuietly();
  },
});
