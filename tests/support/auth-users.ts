import { randomUUID } from 'node:crypto';
import { authEmulatorHost, PROJECT_ID } from './emulators.js';

export interface TestUser {
  uid: string;
  email: string;
  password: string;
  idToken: string;
}

// The Auth emulator accepts any API key.
const IDENTITY_TOOLKIT = () => `http://${authEmulatorHost()}/identitytoolkit.googleapis.com/v1`;

async function identityToolkit<T>(method: string, body: unknown, opts: { admin?: boolean } = {}): Promise<T> {
  // The emulator takes `Bearer owner` as an administrator's credential (what the Admin SDK sends it).
  const url = opts.admin ? `${IDENTITY_TOOLKIT()}/projects/${PROJECT_ID}/${method}` : `${IDENTITY_TOOLKIT()}/${method}?key=demo-api-key`;
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(opts.admin ? { authorization: 'Bearer owner' } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`Auth emulator ${method} failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * A new user with a unique email (or `email`) on the Auth emulator, signed in; every test makes its own. Verified by
 * default, as the API requires to create sessions or documentation; `emailVerified: false` for a user who
 * has not opened the verification email yet.
 */
export async function createTestUser(opts: { displayName?: string; emailVerified?: boolean; email?: string } = {}): Promise<TestUser> {
  // A unique address unless a test names one (signing up again with the address of a deleted account).
  const email = opts.email ?? `clinician-${randomUUID()}@test.charta.local`;
  const password = 'correct-horse-battery';
  // Made as an administrator would (the only way to set emailVerified at creation), then signed in.
  const made = await identityToolkit<{ localId: string }>(
    'accounts',
    { email, password, emailVerified: opts.emailVerified ?? true, ...(opts.displayName ? { displayName: opts.displayName } : {}) },
    { admin: true },
  );
  return { uid: made.localId, email, password, idToken: await signIn({ email, password }) };
}

/** Signs in again: a fresh ID token (as the web app gets from getIdToken()). */
export async function signIn(user: Pick<TestUser, 'email' | 'password'>): Promise<string> {
  const res = await identityToolkit<{ idToken: string }>('accounts:signInWithPassword', {
    email: user.email,
    password: user.password,
    returnSecureToken: true,
  });
  return res.idToken;
}
