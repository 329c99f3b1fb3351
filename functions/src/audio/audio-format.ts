import { fileTypeFromBuffer } from 'file-type';

/** The audio containers Charta accepts, by content: what browsers record and what phones and recorders save. */
export type AudioContainer = 'webm' | 'ogg' | 'mp4' | 'aac' | 'mp3' | 'wav' | 'flac';

export interface AudioFormat {
  container: AudioContainer;
  mime: string;
  ext: string;
}

const BY_MIME: Record<string, AudioFormat> = {
  // file-type names WebM "video/webm" whatever the tracks; browsers' MediaRecorder audio is WebM/Opus.
  'video/webm': { container: 'webm', mime: 'audio/webm', ext: 'webm' },
  'audio/webm': { container: 'webm', mime: 'audio/webm', ext: 'webm' },
  'audio/ogg': { container: 'ogg', mime: 'audio/ogg', ext: 'ogg' },
  'audio/opus': { container: 'ogg', mime: 'audio/ogg', ext: 'ogg' },
  'audio/ogg; codecs=opus': { container: 'ogg', mime: 'audio/ogg', ext: 'ogg' },
  'video/ogg': { container: 'ogg', mime: 'audio/ogg', ext: 'ogg' },
  'audio/mp4': { container: 'mp4', mime: 'audio/mp4', ext: 'm4a' },
  'audio/x-m4a': { container: 'mp4', mime: 'audio/mp4', ext: 'm4a' },
  'video/mp4': { container: 'mp4', mime: 'audio/mp4', ext: 'm4a' },
  'audio/aac': { container: 'aac', mime: 'audio/aac', ext: 'aac' },
  'audio/mpeg': { container: 'mp3', mime: 'audio/mpeg', ext: 'mp3' },
  'audio/wav': { container: 'wav', mime: 'audio/wav', ext: 'wav' },
  'audio/vnd.wave': { container: 'wav', mime: 'audio/wav', ext: 'wav' },
  'audio/x-wav': { container: 'wav', mime: 'audio/wav', ext: 'wav' },
  'audio/flac': { container: 'flac', mime: 'audio/flac', ext: 'flac' },
  'audio/x-flac': { container: 'flac', mime: 'audio/flac', ext: 'flac' },
};

/**
 * Recognises an accepted audio container from the first bytes of a file (its magic numbers), never from
 * its name or the Content-Type the client claims. Returns null for anything else.
 */
export async function detectAudioFormat(head: Uint8Array): Promise<AudioFormat | null> {
  if (head.length === 0) return null;
  const type = await fileTypeFromBuffer(head);
  return type ? (BY_MIME[type.mime] ?? null) : null;
}

/** Enough of a file's start for detectAudioFormat (file-type reads at most a few KB). */
export const FORMAT_SNIFF_BYTES = 64 * 1024;
