import { spawn } from 'node:child_process';
import { SAMPLE_RATE } from './window-cutter.js';

/**
 * Audio to 16 kHz mono PCM with ffmpeg (a child process: the event loop never waits on decoding), streamed
 * in pieces as it is decoded, never the whole recording in memory. ffmpeg is FFMPEG_PATH, else `ffmpeg` on
 * the PATH: Debian's package here (the README commands install it), and the Cloud Functions base image
 * (Ubuntu 22.04) ships it. Audio in pieces is held back while the consumer is busy (backpressure).
 */
export type PcmSource = { path: string } | { bytes: Buffer };

export class AudioDecodeError extends Error {
  override readonly name = 'AudioDecodeError';
}

export function ffmpegBinary(env: NodeJS.ProcessEnv = process.env): string {
  return env['FFMPEG_PATH'] || 'ffmpeg';
}

/**
 * Decodes `source` from `seekMs` (input seeking: ffmpeg skips what comes before) and hands each decoded
 * piece to `onPcm`, awaiting it before reading on. Resolves when the audio ends; rejects with an
 * AudioDecodeError when ffmpeg is missing or cannot read the audio. `signal` stops it early (resolves).
 */
export function decodePcm(source: PcmSource, onPcm: (pcm: Int16Array) => void | Promise<void>, opts: { seekMs?: number; signal?: AbortSignal } = {}): Promise<void> {
  const input = 'path' in source ? source.path : 'pipe:0';
  const seek = opts.seekMs && opts.seekMs > 0 ? ['-ss', (opts.seekMs / 1000).toFixed(3)] : [];
  const child = spawn(ffmpegBinary(), ['-nostdin', '-hide_banner', '-loglevel', 'error', ...seek, '-i', input, '-vn', '-ac', '1', '-ar', String(SAMPLE_RATE), '-f', 's16le', 'pipe:1'], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  // ffmpeg may stop reading early (a stop, an error): what it did not read is of no use.
  child.stdin.on('error', () => undefined);
  child.stdin.end('bytes' in source ? source.bytes : undefined);
  let stderrBytes = 0;
  child.stderr.on('data', (part: Buffer) => (stderrBytes += part.length));
  let carry: Buffer | null = null;
  let stopped = false;
  const stop = () => {
    stopped = true;
    child.kill('SIGKILL');
  };
  opts.signal?.addEventListener('abort', stop, { once: true });

  return new Promise<void>((resolve, reject) => {
    let pending: Promise<void> = Promise.resolve();
    let failed: Error | null = null;
    child.stdout.on('data', (part: Buffer) => {
      const bytes = carry ? Buffer.concat([carry, part]) : part;
      const whole = bytes.length - (bytes.length % 2);
      carry = whole < bytes.length ? bytes.subarray(whole) : null;
      if (whole === 0) return;
      // A copy on its own aligned buffer: the pipe's buffer may start at an odd byte.
      const samples = new Int16Array(whole / 2);
      Buffer.from(samples.buffer).set(bytes.subarray(0, whole));
      child.stdout.pause();
      pending = pending
        .then(() => (stopped || failed ? undefined : onPcm(samples)))
        .catch((err: unknown) => {
          failed = err instanceof Error ? err : new Error('the consumer of decoded audio failed');
          stop();
        })
        .finally(() => child.stdout.resume());
    });
    child.once('error', (err: NodeJS.ErrnoException) => {
      failed ??= new AudioDecodeError(err.code === 'ENOENT' ? 'ffmpeg is not installed on the server (Debian: apt-get install ffmpeg)' : 'ffmpeg could not be started');
    });
    child.once('close', (code) => {
      opts.signal?.removeEventListener('abort', stop);
      void pending.then(() => {
        if (failed) return reject(failed);
        if (code === 0 || stopped) return resolve();
        reject(new AudioDecodeError(`ffmpeg could not read the audio (exit ${code}, ${stderrBytes} bytes of diagnostics)`));
      });
    });
  });
}

/** 16 kHz mono 16-bit PCM as a WAV file: what every engine takes, each window sent as one. */
export function pcmToWav(pcm: Int16Array): Buffer {
  const data = Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
