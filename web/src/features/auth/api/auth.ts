// Firebase Auth calls the auth screens need. The SDK's user object stays here; the app sees SignedInUser.
import {
  createUserWithEmailAndPassword,
  onAuthStateChanged,
  sendEmailVerification,
  signInWithEmailAndPassword,
  type User,
} from 'firebase/auth';
import { getFirebaseAuth, signOutQuietly } from '@/lib/firebase';
import type { SignedInUser } from '@/types/user';

function toSignedInUser(user: User): SignedInUser {
  return { uid: user.uid, email: user.email, emailVerified: user.emailVerified };
}

export function subscribeToSignedInUser(listener: (user: SignedInUser | null) => void): () => void {
  return onAuthStateChanged(getFirebaseAuth(), (user) => listener(user ? toSignedInUser(user) : null));
}

export async function signInWithPassword(email: string, password: string): Promise<void> {
  await signInWithEmailAndPassword(getFirebaseAuth(), email, password);
}

export async function signUpWithPassword(email: string, password: string): Promise<void> {
  const { user } = await createUserWithEmailAndPassword(getFirebaseAuth(), email, password);
  try {
    await sendEmailVerification(user);
  } catch (error) {
    // The account exists and is signed in; the shell offers to resend the link, so this is not fatal.
    console.error('Sending the verification email failed', error);
  }
}

export async function resendVerificationEmail(): Promise<void> {
  const user = getFirebaseAuth().currentUser;
  if (user) await sendEmailVerification(user);
}

export function signOutUser(): Promise<void> {
  return signOutQuietly();
}
