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

/**
 * A first documented session, made through the running app's own API (/creation) so it is exactly what a
 * clinician would get: a newcomer lands on a sessions list with something in it.
 */
async function ensureDemoSession(uid: string): Promise<void> {
  const existing = await db.collection('sessions').where('ownerUid', '==', uid).limit(1).get();
  if (!existing.empty) return;
  const apiUrl = process.env['CHARTA_API_URL'] ?? 'http://127.0.0.1:5000/api/v1';
  const authHost = process.env['FIREBASE_AUTH_EMULATOR_HOST'];
  const signIn = await fetch(`http://${authHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password, returnSecureToken: true }),
  });
  const { idToken } = (await signIn.json()) as { idToken: string };
  const res = await fetch(`${apiUrl}/creation`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${idToken}` },
    body: JSON.stringify({ patientName: DEMO_SESSION.patientName, templateId: 'soap', text: DEMO_SESSION.notes }),
  });
  if (!res.ok) console.error(`seed-demo: the demo session could not be written (${res.status}); the app works without it`);
}

const DEMO_SESSION = {
  patientName: 'Jordan Demo',
  notes: [
    'Clinician: Good morning, what brings you in today?',
    'Patient: I have had a sore throat and a dry cough for four days, and a low fever the first two nights.',
    'Clinician: Any shortness of breath or chest pain?',
    'Patient: No chest pain. A little breathless on the stairs. I take ibuprofen 400 mg when the throat is bad. I am allergic to penicillin.',
    'Clinician: Your temperature is 37.2 and your oxygen saturation is 98 percent. Your throat is red without exudate and your lungs are clear.',
    'Clinician: This looks like a viral upper respiratory infection. Rest, fluids, paracetamol or ibuprofen for the pain, no antibiotics. Come back if breathing gets harder or the fever returns after five days.',
  ].join('\n'),
};

const uid = await ensureDemoUser();
await ensureDemoProfile(uid);
await ensureDemoSession(uid);
console.log(`seed-demo: demo clinician ready (uid ${uid})`);
