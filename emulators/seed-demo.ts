/**
 * Seeds the local emulators with a demo clinician so a newcomer can sign in at once.
 * Idempotent: running it on already-seeded emulators changes nothing. Run by scripts/start.sh.
 */
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import { DEMO_ACCOUNT } from './demo-account.ts';

if (!process.env['FIREBASE_AUTH_EMULATOR_HOST'] || !process.env['FIRESTORE_EMULATOR_HOST']) {
  // Never let this script run against a real project.
  console.error('seed-demo: FIREBASE_AUTH_EMULATOR_HOST and FIRESTORE_EMULATOR_HOST must point at the emulators');
  process.exit(1);
}

const app = getApps()[0] ?? initializeApp({ projectId: process.env['GCLOUD_PROJECT'] ?? 'demo-charta' });
const auth = getAuth(app);
const db = getFirestore(app);

async function ensureDemoUser(): Promise<string> {
  try {
    return (await auth.getUserByEmail(DEMO_ACCOUNT.email)).uid;
  } catch {
    const user = await auth.createUser({
      email: DEMO_ACCOUNT.email,
      password: DEMO_ACCOUNT.password,
      displayName: DEMO_ACCOUNT.displayName,
      emailVerified: true,
    });
    return user.uid;
  }
}

async function ensureDemoProfile(uid: string): Promise<void> {
  const ref = db.collection('profiles').doc(uid);
  if ((await ref.get()).exists) return;
  const now = Timestamp.now();
  await ref.set({
    uid,
    email: DEMO_ACCOUNT.email,
    displayName: DEMO_ACCOUNT.displayName,
    specialty: 'Family medicine',
    organization: 'Charta Demo Clinic',
    defaultTemplateId: null,
    defaultLanguage: 'en-US',
    referralCode: 'DEMO2026',
    createdAt: now,
    updatedAt: now,
  });
}

const uid = await ensureDemoUser();
await ensureDemoProfile(uid);
console.log(`seed-demo: demo clinician ready (uid ${uid})`);
