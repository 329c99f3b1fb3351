// The API's refusal of how the user signed in (403 sign_in_method_not_allowed: their clinic allows other ways;
// docs/clinics.md "Policies"), kept for the shell to say once, with a way to sign out. Set by the API client
// (lib/api.ts) on any such answer; cleared when another user (or nobody) is signed in: a new sign-in, the way
// out of a refusal, starts clean.
import { useSyncExternalStore } from 'react';

let refusal: string | null = null;
const listeners = new Set<() => void>();

function set(next: string | null): void {
  if (next === refusal) return;
  refusal = next;
  for (const listener of listeners) listener();
}

export const signInRefusal = {
  /** The API's sentence, which names the methods the clinic allows. */
  refused: (message: string) => set(message),
  cleared: () => set(null),
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The sentence of the latest refusal, or null. */
export function useSignInRefusal(): string | null {
  return useSyncExternalStore(subscribe, () => refusal, () => null);
}
