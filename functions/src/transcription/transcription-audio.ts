import type { Transcriber, TranscriptionRequest } from '../ai/transcriber.js';
import type { AudioStore } from '../storage/audio-store.js';

/**
 * How stored audio reaches the transcriber: as its gs:// URI when it is in Cloud Storage and the engine
 * reads it there itself (Speech-to-Text: an hour-long recording never passes through the function), else
 * as its bytes. Local and OpenAI-compatible engines read no URIs, so they get the bytes also when the audio
 * is in Cloud Storage (deployed with such an engine, and `npm start`, whose audio is in the Cloud Storage
 * emulator and whose default engine is pocketsphinx).
 */
export async function audioForTranscriber(
  store: AudioStore,
  transcriber: Pick<Transcriber, 'readsStorageUris'>,
  path: string,
  sizeBytes: number | null,
): Promise<Pick<TranscriptionRequest, 'uri' | 'content'>> {
  const uri = store.uriFor(path);
  if (uri.startsWith('gs://') && transcriber.readsStorageUris) return { uri, content: null };
  return { uri: null, content: await store.readRange(path, 0, sizeBytes ?? Number.MAX_SAFE_INTEGER) };
}
