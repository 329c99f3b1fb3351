import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { localAudioStore } from '../storage/local-audio-store.js';
import type { AudioStore } from '../storage/audio-store.js';
import { pcmToWav } from '../transcription/pcm.js';
import { probeStoredAudio } from './audio-probe.js';

const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

/** A store that counts how often an object is read through from the start. */
async function countingStore(): Promise<{ store: AudioStore; reads: () => number }> {
  const dir = await mkdtemp(join(tmpdir(), 'charta-probe-'));
  dirs.push(dir);
  const inner = localAudioStore(dir);
  let reads = 0;
  return {
    store: { ...inner, openRead: (path) => (reads++, inner.openRead(path)) },
    reads: () => reads,
  };
}

/** Five seconds of a 440 Hz tone, 16 kHz mono WAV. */
const wav = pcmToWav(Int16Array.from({ length: 80_000 }, (_, i) => Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / 16_000))));

describe('probeStoredAudio', () => {
  it('Checks the structure, measures and checksums the object in one read of it', async () => {
    const { store, reads } = await countingStore();
    await store.save('u/a/audio.wav', wav, 'audio/wav');
    const facts = await probeStoredAudio(store, 'u/a/audio.wav');
    expect(facts).toMatchObject({ sizeBytes: wav.length, sha256: createHash('sha256').update(wav).digest('hex'), durationSec: 5 });
    expect(facts?.format.container).toBe('wav');
    expect(reads()).toBe(1);
  });

  it('Refuses an audio header followed by something else, however it parses', async () => {
    const { store } = await countingStore();
    const forged = Buffer.concat([wav.subarray(0, 44), Buffer.from('<html><body>not audio</body></html>'.repeat(2000))]);
    await store.save('u/b/audio.wav', forged, 'audio/wav');
    expect(await probeStoredAudio(store, 'u/b/audio.wav')).toBeNull();
  });
});
