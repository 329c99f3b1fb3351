/** The demo clinician seeded on the local emulators (also printed by `npm start` and in the README). */
export const DEMO_ACCOUNT = {
  email: 'demo@charta.local',
  password: 'charta-demo',
  displayName: 'Dr Demo Clinician',
} as const;
