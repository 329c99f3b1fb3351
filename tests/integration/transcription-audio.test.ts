/**
 * How stored audio reaches each engine (functions/src/transcription/transcription-audio.ts), with the real
 * adapters and stores: Speech-to-Text reads Cloud Storage by its gs:// URI; the local and OpenAI-compatible
 * engines cannot, so they get the bytes, also from Cloud Storage (deployed with such an engine, and under
 * `npm start`, whose audio is in the Cloud Storage emulator and whose default engine is pocketsphinx).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pocketsphinxTranscriber } from '../../functions/src/ai/local-speech/pocketsphinx.js';
import { queuedTranscriber } from '../../functions/src/ai/local-speech/recognition-queue.js';
import { whisperTranscriber } from '../../functions/src/ai/local-speech/whisper.js';
import { openAiTranscriber } from '../../functions/src/ai/openai/openai-transcriber.js';
import { audioForTranscriber } from '../../functions/src/transcription/transcription-audio.js';
import { localAudioStore } from '../../functions/src/storage/local-audio-store.js';
import { emulatedAi, FAST_RETRY, testAudioStore } from '../support/api-app.js';
import { fixtureBytes } from '../support/audio-fixtures.js';

const audio = fixtureBytes('dialogue.webm');
const speech = emulatedAi().transcriber;
const localEngines = {
  pocketsphinx: pocketsphinxTranscriber(),
  'pocketsphinx, queued': queuedTranscriber(pocketsphinxTranscriber(), 1),
  whisper: whisperTranscriber({ modelPath: '/models/ggml-base.en.bin', threads: 1, timeoutMs: 1000 }),
  openai: openAiTranscriber({ baseUrl: 'http://127.0.0.1:9/v1', model: 'whisper-1', apiKey: null }, FAST_RETRY),
};

describe('audio for the transcriber', () => {
  it('Cloud Storage: Speech-to-Text gets the gs:// URI and no bytes; every other engine the bytes', async () => {
    const store = testAudioStore();
    const path = `transcription-audio/${randomUUID()}.webm`;
    await store.save(path, audio, 'audio/webm');
    expect(await audioForTranscriber(store, speech, path, audio.length)).toEqual({ uri: store.uriFor(path), content: null });
    expect(store.uriFor(path)).toMatch(/^gs:\/\//);
    for (const [name, engine] of Object.entries(localEngines)) {
      const given = await audioForTranscriber(store, engine, path, audio.length);
      expect({ name, uri: given.uri, same: given.content?.equals(audio) }).toEqual({ name, uri: null, same: true });
    }
  });

  it('The local disk: the bytes, for every engine', async () => {
    const store = localAudioStore(mkdtempSync(join(tmpdir(), 'charta-transcription-audio-')));
    await store.save('users/u/audio/a.webm', audio, 'audio/webm');
    for (const engine of [speech, ...Object.values(localEngines)]) {
      const given = await audioForTranscriber(store, engine, 'users/u/audio/a.webm', null);
      expect(given.uri).toBeNull();
      expect(given.content?.equals(audio)).toBe(true);
    }
  });
});
