/** Firestore collection names, in one place (the rules file names the same ones). */
export const COLLECTIONS = {
  profiles: 'profiles',
  subscriptions: 'subscriptions',
  sessions: 'sessions',
  audioUploads: 'audioUploads',
  /** The outbox of pipeline events ("audio ready"), consumed by a Firestore trigger. */
  pipelineEvents: 'pipelineEvents',
} as const;
