import { resolve } from 'node:path';
import { getStorage } from 'firebase-admin/storage';
import type { AudioStore } from './audio-store.js';
import { cloudAudioStore } from './cloud-audio-store.js';
import { localAudioStore } from './local-audio-store.js';

/**
 * Picks the audio store: Cloud Storage in deployments and wherever the Storage emulator runs; the local
 * disk (AUDIO_STORE=local, set for the emulators in functions/.env.local) where it cannot.
 */
export function audioStoreFromEnv(env: NodeJS.ProcessEnv = process.env): AudioStore {
  if (env['AUDIO_STORE'] === 'local' && !env['FIREBASE_STORAGE_EMULATOR_HOST']) {
    return localAudioStore(resolve(env['LOCAL_AUDIO_DIR'] ?? '.local-audio'));
  }
  return cloudAudioStore(getStorage().bucket(env['AUDIO_BUCKET'] || undefined));
}
