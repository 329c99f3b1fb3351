import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { initializeApp } from 'firebase-admin/app';
import { getStorage } from 'firebase-admin/storage';
import { describe, expect, it } from 'vitest';
import { audioStoreFromEnv } from './audio-store-from-env.js';

// A named app of this test's own: nothing is sent anywhere (a bucket object makes no request).
const app = initializeApp({ projectId: 'demo-store-choice', storageBucket: 'demo-store-choice.appspot.com' }, 'audio-store-from-env-test');
const bucket = (name: string | undefined) => getStorage(app).bucket(name);
const local = { AUDIO_STORE: 'local', LOCAL_AUDIO_DIR: join(tmpdir(), 'charta-local-audio') };

describe('audioStoreFromEnv', () => {
  it('Cloud Storage (the production adapter) when a Cloud Storage emulator is named, whatever AUDIO_STORE says', () => {
    expect(audioStoreFromEnv({ ...local, STORAGE_EMULATOR_HOST: 'http://127.0.0.1:9190' }, bucket).description).toBe('cloud-storage gs://demo-store-choice.appspot.com');
    expect(audioStoreFromEnv({ ...local, FIREBASE_STORAGE_EMULATOR_HOST: '127.0.0.1:9199' }, bucket).description).toBe('cloud-storage gs://demo-store-choice.appspot.com');
  });
  it('The local disk with AUDIO_STORE=local and no emulator', () => {
    expect(audioStoreFromEnv(local, bucket).description).toBe(`local ${local.LOCAL_AUDIO_DIR}`);
  });
  it('Cloud Storage when nothing is set (deployed), in AUDIO_BUCKET when named', () => {
    expect(audioStoreFromEnv({}, bucket).description).toBe('cloud-storage gs://demo-store-choice.appspot.com');
    expect(audioStoreFromEnv({ AUDIO_BUCKET: 'clinic-audio' }, bucket).description).toBe('cloud-storage gs://clinic-audio');
  });
});
