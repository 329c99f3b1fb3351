/** Firestore collection names, in one place (the rules file names the same ones). */
export const COLLECTIONS = {
  profiles: 'profiles',
  subscriptions: 'subscriptions',
} as const;
