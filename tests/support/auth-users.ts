import { randomUUID } from 'node:crypto';
import { authEmulatorHost } from './emulators.js';

export interface TestUser {
  uid: string;
  email: string;
  password: string;
  idToken: string;
}

// The Auth emulator accepts any API key.
const IDENTITY_TOOLKIT = () => `http://${authEmulatorHost()}/identitytoolkit.googleapis.com/v1`;

async function identityToolkit<T>(method: string, body: unknown): Promise<T> {
  const res = await fetch(`${IDENTITY_TOOLKIT()}/${method}?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`Auth emulator ${method} failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A new user with a unique email on the Auth emulator, signed in; every test makes its own. */
export async function createTestUser(opts: { displayName?: string } = {}): Promise<TestUser> {
  const email = `clinician-${randomUUID()}@test.charta.local`;
  const password = 'correct-horse-battery';
  const signUp = await identityToolkit<{ localId: string; idToken: string }>('accounts:signUp', {
    email,
    password,
    returnSecureToken: true,
  });
  if (!opts.displayName) return { uid: signUp.localId, email, password, idToken: signUp.idToken };
  await identityToolkit('accounts:update', { idToken: signUp.idToken, displayName: opts.displayName });
  // The profile change invalidates tokens issued before it (the emulator bumps validSince): sign in anew.
  return { uid: signUp.localId, email, password, idToken: await signIn({ email, password }) };
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
