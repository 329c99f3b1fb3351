/**
 * Where the Firebase emulators are. `npm test` starts them (firebase emulators:exec) and sets these
 * variables; running a suite outside it fails at once with the reason instead of hanging on a socket.
 */
export const PROJECT_ID = process.env['GCLOUD_PROJECT'] ?? 'demo-charta';

function required(name: string): string {
  const value = process.env[name];
  if (!value) {
    throw new Error(`${name} is not set: these tests need the Firebase emulators. Run them with \`npm test\`.`);
  }
  return value;
}

export const authEmulatorHost = () => required('FIREBASE_AUTH_EMULATOR_HOST');
export const firestoreEmulatorHost = () => required('FIRESTORE_EMULATOR_HOST');
/** The local Cloud Storage emulator (emulators/gcs-emulator), as @google-cloud/storage reads it: `http://host:port`. */
export const storageEmulatorHost = () => required('STORAGE_EMULATOR_HOST');

/** Splits "host:port" (the emulators' own format). */
export function hostAndPort(value: string): { host: string; port: number } {
  const i = value.lastIndexOf(':');
  return { host: value.slice(0, i), port: Number(value.slice(i + 1)) };
}
