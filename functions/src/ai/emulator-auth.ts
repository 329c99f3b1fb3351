import { OAuth2Client } from 'google-auth-library';

/**
 * Credentials for the local AI emulator: a fixed bearer token, like the Firebase emulators' "owner".
 * Only the endpoint and these credentials differ from production; the adapter code is the same.
 */
export function emulatorAuthClient(): OAuth2Client {
  const client = new OAuth2Client();
  client.setCredentials({ access_token: 'charta-ai-emulator', expiry_date: Date.now() + 10 * 365 * 24 * 3600 * 1000 });
  return client;
}
