import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Any audio the app accepts, as 16 kHz mono samples for the tone-speech recogniser: ffmpeg decodes it in a
 * child process (as the local engines' decoding does, functions/src/ai/local-speech/decode-audio.ts), from a
 * private temporary file because MP4 keeps its index at the end, where a pipe cannot reach. WAV that is
 * already 16 kHz mono 16-bit (what the tests' generator writes) is read directly: no process for it.
 * Null when the audio cannot be decoded: the caller falls back to the sample consultation, as before.
 */
export const PCM_RATE = 16_000;
const DECODE_TIMEOUT_MS = 60_000;

function pcmOfPlainWav(audio: Buffer): Float32Array | null {
  if (audio.length < 12 || audio.toString('latin1', 0, 4) !== 'RIFF' || audio.toString('latin1', 8, 12) !== 'WAVE') return null;
  let format: { tag: number; channels: number; rate: number; bits: number } | null = null;
  for (let at = 12; at + 8 <= audio.length; ) {
    const id = audio.toString('latin1', at, at + 4);
    const size = audio.readUInt32LE(at + 4);
    const body = at + 8;
    if (id === 'fmt ' && size >= 16 && body + 16 <= audio.length) {
      format = { tag: audio.readUInt16LE(body), channels: audio.readUInt16LE(body + 2), rate: audio.readUInt32LE(body + 4), bits: audio.readUInt16LE(body + 14) };
    } else if (id === 'data') {
      if (!format || format.tag !== 1 || format.channels !== 1 || format.rate !== PCM_RATE || format.bits !== 16) return null;
      return int16ToFloat(audio.subarray(body, Math.min(audio.length, body + size)));
    }
    at = body + size + (size % 2);
  }
  return null;
}

function int16ToFloat(bytes: Buffer): Float32Array {
  const count = Math.floor(bytes.length / 2);
  const pcm = new Float32Array(count);
  for (let i = 0; i < count; i++) pcm[i] = bytes.readInt16LE(i * 2) / 32768;
  return pcm;
}

function ffmpegToPcm(path: string): Promise<Buffer | null> {
  return new Promise((resolve) => {
    const ffmpeg = spawn('ffmpeg', ['-nostdin', '-hide_banner', '-loglevel', 'error', '-i', path, '-vn', '-ac', '1', '-ar', String(PCM_RATE), '-f', 's16le', 'pipe:1'], {
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: DECODE_TIMEOUT_MS,
    });
    const parts: Buffer[] = [];
    ffmpeg.stdout.on('data', (part: Buffer) => parts.push(part));
    ffmpeg.once('error', () => resolve(null));
    ffmpeg.once('close', (code) => resolve(code === 0 ? Buffer.concat(parts) : null));
  });
}

export async function decodeToPcm(audio: Buffer): Promise<Float32Array | null> {
  const plain = pcmOfPlainWav(audio);
  if (plain) return plain;
  const dir = await mkdtemp(join(tmpdir(), 'ai-emulator-audio-'));
  try {
    const path = join(dir, 'audio');
    await writeFile(path, audio, { mode: 0o600 });
    const bytes = await ffmpegToPcm(path);
    return bytes ? int16ToFloat(bytes) : null;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
