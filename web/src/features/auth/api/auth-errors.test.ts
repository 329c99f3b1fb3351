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
  ])('has a readable message for %s', (code) => {
    const { message } = describeAuthError(firebaseError(code));
    expect(message).not.toMatch(/auth\//);
    expect(message).not.toBe('Something went wrong. Please try again.');
  });

  it('answers wrong-password and user-not-found alike, so accounts cannot be probed', () => {
    expect(describeAuthError(firebaseError('auth/wrong-password'))).toEqual(describeAuthError(firebaseError('auth/user-not-found')));
  });

  it('falls back to a generic sentence', () => {
    expect(describeAuthError(new Error('boom')).message).toBe('Something went wrong. Please try again.');
  });
});
