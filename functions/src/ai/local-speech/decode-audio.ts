import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { AiServiceError } from '../generative-model.js';

/** What the local recognisers read: 16 kHz mono PCM, as signed 16-bit (pocketsphinx) or 32-bit float (whisper). */
export type PcmFormat = 's16le' | 'f32le';

export const PCM_SAMPLE_RATE = 16_000;

/**
 * The audio written to a private temporary file for ffmpeg, and removed afterwards whatever happens. A file,
 * not a pipe, because MP4/M4A keeps its index at the end and ffmpeg cannot read that from a pipe.
 */
export async function withAudioFile<T>(content: Buffer, use: (path: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'charta-audio-'));
  try {
    const path = join(dir, 'audio');
    await writeFile(path, content, { mode: 0o600 });
    return await use(path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** ffmpeg decoding any accepted container to 16 kHz mono PCM, on its stdout or into the file `output`. */
export function spawnDecoder(path: string, format: PcmFormat, signal: AbortSignal, output = 'pipe:1'): ChildProcessByStdio<null, Readable, Readable> {
  return spawn('ffmpeg', ['-nostdin', '-hide_banner', '-loglevel', 'error', '-i', path, '-vn', '-ac', '1', '-ar', String(PCM_SAMPLE_RATE), '-f', format, '-y', output], {
    stdio: ['ignore', 'pipe', 'pipe'],
    signal,
  });
}

/** The whole decoded audio in memory (whisper takes it in one piece). */
export async function decodeToPcm(path: string, format: PcmFormat, signal: AbortSignal): Promise<Buffer> {
  const ffmpeg = spawnDecoder(path, format, signal);
  const parts: Buffer[] = [];
  ffmpeg.stdout.on('data', (part: Buffer) => parts.push(part));
  await exited(ffmpeg, 'ffmpeg', signal);
  return Buffer.concat(parts);
}

/**
 * Resolves when a child ends well; rejects with a typed speech error otherwise: the tool missing (permanent,
 * naming the Debian package), stopped by the time limit (timeout), or failing (the audio could not be read).
 * Its stderr is not put in the message: it may quote the audio's metadata.
 */
export function exited(child: ChildProcessByStdio<Writable | null, Readable, Readable>, tool: string, signal: AbortSignal, installHint = tool): Promise<void> {
  let stderrBytes = 0;
  child.stderr.on('data', (part: Buffer) => (stderrBytes += part.length));
  return new Promise((resolve, reject) => {
    child.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') reject(new AiServiceError('speech', 'rejected', false, `${tool} is not installed on the server (Debian: apt-get install ${installHint})`));
      else if (signal.aborted || err.name === 'AbortError') reject(new AiServiceError('speech', 'timeout', true, `${tool} was stopped by the time limit`));
      else reject(new AiServiceError('speech', 'unavailable', true, `${tool} could not be started`));
    });
    child.once('close', (code, killedBy) => {
      if (code === 0) return resolve();
      if (signal.aborted) return reject(new AiServiceError('speech', 'timeout', true, `${tool} was stopped by the time limit`));
      reject(new AiServiceError('speech', 'rejected', false, `${tool} could not process the audio (exit ${code ?? killedBy}, ${stderrBytes} bytes of diagnostics)`));
    });
  });
}
