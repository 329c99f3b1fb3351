import * as firebaseAuth from 'firebase/auth';
import { GoogleAuthProvider, type User, type UserCredential } from 'firebase/auth';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';
import {
  completeProviderRedirect,
  refreshVerification,
  sendPasswordReset,
  signInWithCode,
  signInWithGoogle,
  signInWithPassword,
  signInWithPasswordAndLink,
  signInWithSso,
  signOutUser,
} from './firebase-auth';
import { signOutQuietly } from '@/lib/firebase';

vi.mock('@/lib/api');
vi.mock('@/lib/firebase', () => ({ getFirebaseAuth: vi.fn(() => fakeAuth), signOutQuietly: vi.fn() }));
vi.mock('firebase/auth', async (importOriginal) => {
  const actual = await importOriginal<typeof firebaseAuth>();
  return {
    ...actual,
    signInWithPopup: vi.fn(),
    signInWithRedirect: vi.fn(() => Promise.resolve()),
    getRedirectResult: vi.fn(),
    sendPasswordResetEmail: vi.fn(),
    signInWithEmailAndPassword: vi.fn(),
    linkWithCredential: vi.fn(() => Promise.resolve()),
    signInWithCustomToken: vi.fn(() => Promise.resolve()),
    reload: vi.fn(() => Promise.resolve()),
  };
});

const fakeAuth = { currentUser: null as User | null };
const firebaseError = (code: string, customData?: unknown) => Object.assign(new Error(code), { code, customData });
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

beforeEach(() => {
  vi.clearAllMocks();
  sessionStorage.clear();
  fakeAuth.currentUser = null;
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(DESKTOP);
});

describe('Google and single sign-on', () => {
  it('opens Google in a popup that always asks which account', async () => {
    vi.mocked(firebaseAuth.signInWithPopup).mockResolvedValueOnce({} as UserCredential);
    await expect(signInWithGoogle()).resolves.toEqual({ kind: 'signed-in' });
    const provider = vi.mocked(firebaseAuth.signInWithPopup).mock.calls[0]?.[1];
    expect(provider).toBeInstanceOf(GoogleAuthProvider);
    expect((provider as GoogleAuthProvider).getCustomParameters()).toEqual({ prompt: 'select_account' });
  });

  it('goes by redirect on a phone, and when the popup is blocked', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148');
    await expect(signInWithGoogle()).resolves.toEqual({ kind: 'redirecting' });
    expect(firebaseAuth.signInWithPopup).not.toHaveBeenCalled();

    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(DESKTOP);
    vi.mocked(firebaseAuth.signInWithPopup).mockRejectedValueOnce(firebaseError('auth/popup-blocked'));
    await expect(signInWithGoogle()).resolves.toEqual({ kind: 'redirecting' });
    expect(firebaseAuth.signInWithRedirect).toHaveBeenCalledTimes(2);
  });

  it('uses the SAML or OIDC provider the id names', async () => {
    vi.mocked(firebaseAuth.signInWithPopup).mockResolvedValue({} as UserCredential);
    await signInWithSso('saml.acme');
    await signInWithSso('oidc.charta-demo');
    const [saml, oidc] = vi.mocked(firebaseAuth.signInWithPopup).mock.calls.map((call) => call[1]);
    expect(saml).toBeInstanceOf(firebaseAuth.SAMLAuthProvider);
    expect(oidc).toBeInstanceOf(firebaseAuth.OAuthProvider);
    expect(oidc?.providerId).toBe('oidc.charta-demo');
  });

  it('turns an email with a password account into a sign-in to link, and a closed popup into nothing', async () => {
    const credential = GoogleAuthProvider.credential('google-id-token');
    vi.spyOn(GoogleAuthProvider, 'credentialFromError').mockReturnValueOnce(credential);
    vi.mocked(firebaseAuth.signInWithPopup).mockRejectedValueOnce(
      firebaseError('auth/account-exists-with-different-credential', { email: 'ada@example.com' }),
    );
    await expect(signInWithGoogle()).resolves.toEqual({ kind: 'needs-password', email: 'ada@example.com', pendingCredential: credential });

    vi.mocked(firebaseAuth.signInWithPopup).mockRejectedValueOnce(firebaseError('auth/popup-closed-by-user'));
    await expect(signInWithGoogle()).resolves.toEqual({ kind: 'dismissed' });

    vi.mocked(firebaseAuth.signInWithPopup).mockRejectedValueOnce(firebaseError('auth/network-request-failed'));
    await expect(signInWithGoogle()).rejects.toMatchObject({ code: 'auth/network-request-failed' });
  });

  it('asks for a redirect result only after starting a redirect here', async () => {
    await expect(completeProviderRedirect()).resolves.toBeNull();
    expect(firebaseAuth.getRedirectResult).not.toHaveBeenCalled();

    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (Linux; Android 14) Mobile');
    await signInWithGoogle();
    vi.mocked(firebaseAuth.getRedirectResult).mockResolvedValueOnce({} as UserCredential);
    await expect(completeProviderRedirect()).resolves.toEqual({ kind: 'signed-in' });
    await expect(completeProviderRedirect()).resolves.toBeNull();
  });

  it('links the waiting provider after the password sign-in, and a failed link leaves the user signed in', async () => {
    const user = { uid: 'u1' } as User;
    vi.mocked(firebaseAuth.signInWithEmailAndPassword).mockResolvedValue({ user } as UserCredential);
    const credential = GoogleAuthProvider.credential('google-id-token');
    await signInWithPasswordAndLink('ada@example.com', 'secret1', credential);
    expect(firebaseAuth.linkWithCredential).toHaveBeenCalledWith(user, credential);

    vi.spyOn(console, 'error').mockImplementationOnce(() => undefined);
    vi.mocked(firebaseAuth.linkWithCredential).mockRejectedValueOnce(firebaseError('auth/credential-already-in-use'));
    await expect(signInWithPasswordAndLink('ada@example.com', 'secret1', credential)).resolves.toBeUndefined();
  });
});

describe('password reset', () => {
  it('answers alike whether or not the address has an account', async () => {
    vi.mocked(firebaseAuth.sendPasswordResetEmail).mockRejectedValueOnce(firebaseError('auth/user-not-found'));
    await expect(sendPasswordReset('nobody@example.com')).resolves.toBeUndefined();
    vi.mocked(firebaseAuth.sendPasswordResetEmail).mockRejectedValueOnce(firebaseError('auth/too-many-requests'));
    await expect(sendPasswordReset('ada@example.com')).rejects.toMatchObject({ code: 'auth/too-many-requests' });
  });
});

describe('the audit trail hears what only Firebase Auth sees', () => {
  const accountEvent = (action: string, email: string) => ['/audit/account_event', { action, email }, { anonymous: true }];

  it('reports a refused password sign-in for the address typed, and still fails it; a network failure is not reported', async () => {
    vi.mocked(firebaseAuth.signInWithEmailAndPassword).mockRejectedValueOnce(firebaseError('auth/invalid-credential'));
    await expect(signInWithPassword('ada@example.com', 'wrong')).rejects.toMatchObject({ code: 'auth/invalid-credential' });
    await vi.waitFor(() => expect(api.post).toHaveBeenCalledWith(...accountEvent('account.sign_in_failed', 'ada@example.com')));

    vi.mocked(api.post).mockClear();
    vi.mocked(firebaseAuth.signInWithEmailAndPassword).mockRejectedValueOnce(firebaseError('auth/network-request-failed'));
    await expect(signInWithPassword('ada@example.com', 'secret1')).rejects.toMatchObject({ code: 'auth/network-request-failed' });
    vi.mocked(firebaseAuth.signInWithEmailAndPassword).mockResolvedValueOnce({ user: { uid: 'u1' } } as UserCredential);
    await signInWithPassword('ada@example.com', 'secret1');
    expect(api.post).not.toHaveBeenCalled();
  });

  it('a failed report does not change what the sign-in page shows', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.mocked(api.post).mockRejectedValueOnce(new Error('offline'));
    vi.mocked(firebaseAuth.signInWithEmailAndPassword).mockRejectedValueOnce(firebaseError('auth/wrong-password'));
    await expect(signInWithPassword('ada@example.com', 'wrong')).rejects.toMatchObject({ code: 'auth/wrong-password' });
  });

  it('reports a password reset, whether or not the address has an account', async () => {
    vi.mocked(firebaseAuth.sendPasswordResetEmail).mockRejectedValueOnce(firebaseError('auth/user-not-found'));
    await sendPasswordReset('nobody@example.com');
    await sendPasswordReset('ada@example.com');
    expect(api.post).toHaveBeenCalledWith(...accountEvent('account.password_reset_requested', 'nobody@example.com'));
    expect(api.post).toHaveBeenCalledWith(...accountEvent('account.password_reset_requested', 'ada@example.com'));
  });

  it('reports a sign-out with the token before signing out; nobody signed in, nothing to report', async () => {
    const order: string[] = [];
    vi.mocked(api.post).mockImplementationOnce((path: string) => {
      order.push(path);
      return Promise.resolve({ recorded: true });
    });
    vi.mocked(signOutQuietly).mockImplementationOnce(() => {
      order.push('signOut');
      return Promise.resolve();
    });
    fakeAuth.currentUser = { uid: 'u1' } as User;
    await signOutUser();
    expect(order).toEqual(['/audit/event', 'signOut']);
    expect(api.post).toHaveBeenCalledWith('/audit/event', { action: 'account.signed_out' });

    vi.mocked(api.post).mockClear();
    await signOutUser({ report: false });
    fakeAuth.currentUser = null;
    await signOutUser();
    expect(api.post).not.toHaveBeenCalled();
    expect(signOutQuietly).toHaveBeenCalledTimes(3);
  });

  it('signs out even when the report never answers', async () => {
    vi.useFakeTimers();
    vi.mocked(api.post).mockImplementationOnce(() => new Promise(() => undefined));
    fakeAuth.currentUser = { uid: 'u1' } as User;
    const signingOut = signOutUser();
    await vi.advanceTimersByTimeAsync(2_000);
    await signingOut;
    expect(signOutQuietly).toHaveBeenCalled();
    vi.useRealTimers();
  });
});

describe('one-time codes', () => {
  it('sends the code request without a token and signs in with the custom token it is answered', async () => {
    vi.mocked(api.post).mockResolvedValueOnce({ customToken: 'custom-token' });
    await signInWithCode('ada@example.com', '123456');
    expect(api.post).toHaveBeenCalledWith('/auth/verify-code', { email: 'ada@example.com', code: '123456' }, { anonymous: true });
    expect(firebaseAuth.signInWithCustomToken).toHaveBeenCalledWith(fakeAuth, 'custom-token');
  });
});

describe('email verification pick-up', () => {
  it('reloads the user and, once verified, refreshes the token so the API sees it', async () => {
    const getIdToken = vi.fn(() => Promise.resolve('fresh'));
    const user = { uid: 'u1', emailVerified: false, getIdToken } as unknown as User & { emailVerified: boolean };
    fakeAuth.currentUser = user;

    await expect(refreshVerification()).resolves.toBe(false);
    expect(firebaseAuth.reload).toHaveBeenCalledWith(user);
    expect(getIdToken).not.toHaveBeenCalled();

    vi.mocked(firebaseAuth.reload).mockImplementationOnce(() => {
      user.emailVerified = true;
      return Promise.resolve();
    });
    await expect(refreshVerification()).resolves.toBe(true);
    expect(getIdToken).toHaveBeenCalledWith(true);
  });
});
