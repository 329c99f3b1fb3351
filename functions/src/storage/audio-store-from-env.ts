import { resolve } from 'node:path';
import { getStorage } from 'firebase-admin/storage';
import type { AudioStore } from './audio-store.js';
import { cloudAudioStore } from './cloud-audio-store.js';
import { localAudioStore } from './local-audio-store.js';

type Bucket = ReturnType<ReturnType<typeof getStorage>['bucket']>;

/**
 * Picks the audio store. Cloud Storage, through firebase-admin's bucket, in deployments and wherever a
 * Cloud Storage emulator is named: STORAGE_EMULATOR_HOST (what @google-cloud/storage honours; both README
 * commands start emulators/gcs-emulator and set it, and the Functions emulator passes it on) or
 * FIREBASE_STORAGE_EMULATOR_HOST (firebase-tools' Storage emulator, which firebase-admin turns into the
 * former). The local disk only with AUDIO_STORE=local and no emulator named: functions/.env.local sets it
 * for whoever runs the Functions emulator without the README commands.
 */
export function audioStoreFromEnv(env: NodeJS.ProcessEnv = process.env, bucket: (name: string | undefined) => Bucket = (name) => getStorage().bucket(name)): AudioStore {
  const emulated = Boolean(env['STORAGE_EMULATOR_HOST'] || env['FIREBASE_STORAGE_EMULATOR_HOST']);
  if (env['AUDIO_STORE'] === 'local' && !emulated) {
    return localAudioStore(resolve(env['LOCAL_AUDIO_DIR'] ?? '.local-audio'));
  }
  return cloudAudioStore(bucket(env['AUDIO_BUCKET'] || undefined));
}
