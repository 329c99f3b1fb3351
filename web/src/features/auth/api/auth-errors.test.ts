import { describe, expect, it } from 'vitest';
import { describeAuthError } from './auth-errors';

const firebaseError = (code: string) => Object.assign(new Error(code), { code });

describe('describeAuthError', () => {
  it.each([
    'auth/wrong-password',
    'auth/user-not-found',
    'auth/email-already-in-use',
    'auth/too-many-requests',
    'auth/invalid-credential',
    'auth/weak-password',
    'auth/invalid-email',
    'auth/network-request-failed',
    'auth/popup-blocked',
    'auth/popup-closed-by-user',
    'auth/account-exists-with-different-credential',
    'auth/credential-already-in-use',
    'auth/expired-action-code',
    'auth/invalid-action-code',
    'auth/requires-recent-login',
    'auth/user-mismatch',
    'auth/operation-not-allowed',
    'auth/invalid-custom-token',
    'auth/user-token-expired',
    'auth/unauthorized-domain',
  ])('has a readable message for %s', (code) => {
    const { message } = describeAuthError(firebaseError(code));
    expect(message).not.toMatch(/auth\//);
    expect(message).not.toBe('Something went wrong. Please try again.');
  });

  it('answers wrong-password and user-not-found alike, so accounts cannot be probed', () => {
    expect(describeAuthError(firebaseError('auth/wrong-password'))).toEqual(describeAuthError(firebaseError('auth/user-not-found')));
  });

  it('answers every sign-in failure that could tell whether an account exists with one sentence', () => {
    const sentences = new Set(
      ['auth/wrong-password', 'auth/user-not-found', 'auth/invalid-credential', 'auth/invalid-login-credentials'].map(
        (code) => describeAuthError(firebaseError(code)).message,
      ),
    );
    expect(sentences.size).toBe(1);
  });

  it('says when a reauthentication was done as someone else', () => {
    expect(describeAuthError(firebaseError('auth/user-mismatch')).message).toMatch(/signed in/i);
  });

  it('falls back to a generic sentence', () => {
    expect(describeAuthError(new Error('boom')).message).toBe('Something went wrong. Please try again.');
  });
});
