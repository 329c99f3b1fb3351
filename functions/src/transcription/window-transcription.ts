import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import pLimit from 'p-limit';
import type { RecognizedSegment, Transcriber } from '../ai/transcriber.js';
import type { AudioUpload } from '../audio/audio-upload.js';
import { chunkPath } from '../audio/audio-upload.js';
import type { UploadRepo } from '../audio/upload-repo.js';
import { asCodeText, logId, type Logger } from '../logging/logger.js';
import { logTranscriptionWindow } from '../logging/log-events.js';
import type { AudioStore } from '../storage/audio-store.js';
import type { UnnumberedSegment } from '../transcripts/transcript.js';
import { decodePcm, pcmToWav, type PcmSource } from './pcm.js';
import { audioForTranscriber } from './transcription-audio.js';
import { clusterStarts, headerLength } from '../audio/webm-clusters.js';
import { liveWindows, restPolicy, SAMPLE_RATE, WindowCutter, type CutPolicy, type CutWindow } from './window-cutter.js';
import type { WindowRecord, WindowRepo } from './window-repo.js';

export interface WindowTranscriptionDeps {
  uploads: UploadRepo;
  windows: WindowRepo;
  store: AudioStore;
  transcriber: Transcriber;
  policies: { live: CutPolicy; file: CutPolicy };
  /** Windows transcribed at once: the engine's own limit (a local engine's queue, a cloud engine's fair share). */
  concurrency: number;
  logger: Logger;
  now: () => Date;
}

/** What transcribing an upload's windows came to, in one run. */
export type WindowsOutcome =
  | { kind: 'complete'; segments: UnnumberedSegment[]; engine: string; processingMs: number }
  /** The run's time was up with windows still to do: the next run goes on from the first one missing. */
  | { kind: 'unfinished'; transcribedUntilMs: number }
  /** A window could not be transcribed (after the engine adapter's own retries). */
  | { kind: 'failed'; window: { startMs: number; endMs: number }; error: unknown }
  /** Another worker holds the upload's windows (a live window being finished): try again shortly. */
  | { kind: 'busy' };

/** A WebM recording's header (tracks, codec setup) is within its first bytes; its first Cluster follows it. */
const WEBM_HEAD_BYTES = 64 * 1024;
/** Read from a recording's end: the audio left after Stop and this much before it, to find a Cluster to decode from. */
const TAIL_MARGIN_MS = 20_000;
/** At most this much audio is read as a tail (into memory); more (a long file handed to a next run) is read as a file. */
const TAIL_MAX_MS = 10 * 60_000;

/** A live worker holds an upload's windows this long at most: a window of a recording in progress takes seconds. */
const LIVE_HOLD_MS = 2 * 60_000;

/**
 * Transcription in windows (issue: the note seconds after Stop, whatever the length). A recording is
 * transcribed while it arrives, a window at a time (advanceLive, after its chunks), and what is left once it
 * is complete is cut and transcribed in parallel (transcribeAll, the pipeline's step, within a run's time).
 * Windows end in pauses (window-cutter.ts) and each one's segments are stored as soon as they are made, with
 * their times in the recording; the transcript is the windows' segments in order (assemble).
 *
 * Every window goes through the one Transcriber port, as a 16 kHz mono WAV of its own: Speech-to-Text
 * (synchronous recognition per window: stateless, retried like any request, and no stream to keep open
 * across the function's requests, which the streaming API would need), pocketsphinx, whisper.cpp,
 * OpenAI-compatible servers and the local AI emulator alike. A recording short enough for one window is
 * sent as it was stored (Speech-to-Text reads it from Cloud Storage).
 */
export class WindowTranscription {
  constructor(private readonly d: WindowTranscriptionDeps) {}

  /**
   * Transcribes what remains of a complete upload, until `deadline` (ms since the epoch): windows already
   * made are kept, windows cut before are cut the same way, and the rest is cut as it is decoded.
   */
  async transcribeAll(upload: AudioUpload, language: string, opts: { holder: string; deadline: number }): Promise<WindowsOutcome> {
    if (upload.status !== 'complete' || !upload.audioPath || !upload.format) throw new Error('transcribeAll needs a complete upload');
    const now = this.d.now();
    const plan = await this.d.windows.hold(upload.uploadId, opts.holder, new Date(Math.max(opts.deadline, now.getTime()) + LIVE_HOLD_MS), now);
    if (!plan) return { kind: 'busy' };
    try {
      const existing = await this.d.windows.windows(upload.uploadId);
      const durationMs = upload.durationSec === null ? null : Math.round(upload.durationSec * 1000);
      // Short enough for one window, and not begun in windows while it was recorded: the file as it is.
      const whole = existing.length === 0 || (existing.length === 1 && existing[0]!.startMs === 0 && existing[0]!.endMs === durationMs);
      if (whole && existing[0]?.status !== 'done' && durationMs !== null && durationMs <= this.d.policies.file.maxMs) {
        return await this.transcribeWhole(upload, language, opts.holder, durationMs);
      }
      // From the first window not done: windows after it that are done are cut the same way and skipped.
      const firstPlanned = existing.find((w) => w.status === 'planned');
      const seekMs = firstPlanned?.startMs ?? plan.nextStartMs;
      if (durationMs === null || seekMs < durationMs) {
        const outcome = await this.transcribeFrom(upload, language, opts, seekMs, existing.filter((w) => w.startMs >= seekMs));
        if (outcome) return outcome;
      }
      return await this.assemble(upload.uploadId);
    } finally {
      await this.d.windows.release(upload.uploadId, opts.holder, this.d.now());
    }
  }

  /** The whole recording as one window: the stored file itself (its own format, or its Cloud Storage URI). */
  private async transcribeWhole(upload: AudioUpload, language: string, holder: string, durationMs: number): Promise<WindowsOutcome> {
    const started = Date.now();
    const window = { startMs: 0, endMs: durationMs };
    try {
      const audio = await audioForTranscriber(this.d.store, this.d.transcriber, upload.audioPath!, upload.sizeBytes);
      const recognized = await this.d.transcriber.transcribe({ ...audio, container: upload.format!.container, language, durationSec: upload.durationSec });
      await this.d.windows.putWindow(upload.uploadId, holder, this.doneRecord(0, window, recognized.segments, recognized.engine, Date.now() - started));
      return await this.assemble(upload.uploadId);
    } catch (error) {
      await this.d.windows.putWindow(upload.uploadId, holder, this.failedRecord(0, window, error));
      return { kind: 'failed', window, error };
    }
  }

  /**
   * Decodes the recording from `seekMs` once, cutting windows as the audio comes and transcribing them
   * `concurrency` at a time. Null when every window is done; otherwise why not.
   */
  private async transcribeFrom(upload: AudioUpload, language: string, opts: { holder: string; deadline: number }, seekMs: number, known: WindowRecord[]): Promise<WindowsOutcome | null> {
    const dir = await mkdtemp(join(tmpdir(), 'charta-windows-'));
    try {
      const priming = new PrimingTail(this.d.transcriber.primingMs ?? 0);
      const decodeFromMs = Math.max(0, seekMs - priming.ms);
      // The last minutes of a browser recording after Stop: its header and end, read as a range. Otherwise a
      // file, not a pipe: ffmpeg seeks in it, and MP4 keeps its index at the end, which a pipe cannot reach.
      const leftMs = upload.durationSec === null ? null : upload.durationSec * 1000 - decodeFromMs;
      const tail = upload.format?.container === 'webm' && decodeFromMs > 0 && leftMs !== null && leftMs <= TAIL_MAX_MS ? await this.webmTailFrom(upload, decodeFromMs) : null;
      let source: PcmSource;
      let decodedFromMs: number;
      if (tail) {
        source = tail.audio;
        decodedFromMs = tail.startMs;
      } else {
        const path = join(dir, 'audio');
        await pipeline(this.d.store.openRead(upload.audioPath!), createWriteStream(path, { mode: 0o600 }));
        source = { path };
        decodedFromMs = decodeFromMs;
      }
      const plan = await this.d.windows.findPlan(upload.uploadId);
      let nextIndex = plan?.nextIndex ?? 0;
      const knownByStart = new Map(known.map((w) => [w.startMs, w]));
      // After live windows (or a run before this one), what is left is shared out among the engine's slots.
      const durationMs = upload.durationSec === null ? null : Math.round(upload.durationSec * 1000);
      const policy = seekMs > 0 && durationMs !== null ? restPolicy(this.d.policies.file, durationMs - seekMs, this.d.concurrency) : this.d.policies.file;
      const cutter = new WindowCutter(seekMs, policy, known.map((w) => w.endMs));
      // Decoding starts early enough for the first window's priming (from a Cluster before it, for a tail: the
      // samples before the window are heard, the last of them prime it); each window then primes the next.
      let lead = samplesIn(seekMs - decodedFromMs);
      const limit = pLimit(this.d.concurrency);
      const tasks: Promise<WindowsOutcome | null>[] = [];
      const unsettled = new Set<Promise<unknown>>();
      const stop = new AbortController();
      /** The first window this run leaves for the next one (its time was up before the window's turn came). */
      let leftFromMs: number | null = null;
      let begun = 0;
      // Past the run's time no window is begun (one always is, so every run moves the recording on); what is
      // left stays planned, and decoding stops.
      const timeIsUp = (startMs: number) => {
        if (begun === 0 || Date.now() < opts.deadline) return false;
        leftFromMs = Math.min(leftFromMs ?? startMs, startMs);
        stop.abort();
        return true;
      };

      const take = async (windows: CutWindow[]) => {
        for (const window of windows) {
          if (stop.signal.aborted || timeIsUp(window.startMs)) return;
          const before = priming.before(window.pcm);
          const stored = knownByStart.get(window.startMs);
          if (stored?.status === 'done') continue;
          const index = stored?.index ?? nextIndex++;
          if (!stored && !(await this.d.windows.putWindow(upload.uploadId, opts.holder, this.plannedRecord(index, window)))) {
            throw new Error('the windows were taken over by another worker');
          }
          // A window cut before keeps its bounds (the decoder's last sample may fall a few ms short of them).
          const bounded = stored ? { ...window, endMs: stored.endMs } : window;
          const task = limit(async () => {
            // Its turn may come after the run's time is up (windows before it took long): then it is left too.
            if (timeIsUp(bounded.startMs)) return null;
            begun++;
            return this.transcribeWindow(upload.uploadId, opts.holder, index, bounded, language, stored?.attempts ?? 0, before);
          });
          tasks.push(task);
          unsettled.add(task);
          void task.finally(() => unsettled.delete(task));
          // Backpressure: decoding waits while a window per engine slot is waiting (each holds its samples).
          while (unsettled.size >= this.d.concurrency && !stop.signal.aborted) await Promise.race(unsettled);
        }
      };
      await decodePcm(
        source,
        (pcm) => {
          const primingOnly = pcm.subarray(0, Math.min(lead, pcm.length));
          lead -= primingOnly.length;
          priming.hear(primingOnly);
          return take(cutter.push(pcm.subarray(primingOnly.length)));
        },
        { seekMs: tail ? 0 : decodeFromMs, signal: stop.signal },
      );
      if (!stop.signal.aborted) await take(cutter.end());
      const outcomes = await Promise.all(tasks);
      const failed = outcomes.find((o) => o?.kind === 'failed' || o?.kind === 'busy');
      if (failed) return failed;
      if (leftFromMs !== null) return { kind: 'unfinished', transcribedUntilMs: leftFromMs };
      return null;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** One window to the engine; its segments (or its failure) stored at once. Null when it is done. */
  private async transcribeWindow(uploadId: string, holder: string, index: number, window: CutWindow, language: string, attempts: number, priming: Int16Array): Promise<WindowsOutcome | null> {
    const started = Date.now();
    try {
      if (window.silent) {
        return (await this.d.windows.putWindow(uploadId, holder, this.doneRecord(index, window, [], null, 0))) ? null : { kind: 'busy' };
      }
      const audio = priming.length === 0 ? window.pcm : joined(priming, window.pcm);
      const primedMs = priming.length === 0 ? undefined : Math.round((priming.length * 1000) / SAMPLE_RATE);
      const recognized = await this.d.transcriber.transcribe({ uri: null, content: pcmToWav(audio), container: 'wav', language, durationSec: (window.endMs - window.startMs) / 1000, primedMs });
      const segments = recognized.segments.map((s) => placed(s, window));
      // Not stored: the upload is gone, or another worker holds its windows now. Either way this run stops.
      if (!(await this.d.windows.putWindow(uploadId, holder, this.doneRecord(index, window, segments, recognized.engine, Date.now() - started)))) return { kind: 'busy' };
      logTranscriptionWindow(this.d.logger, { uploadId: logId(uploadId), index, startMs: window.startMs, endMs: window.endMs, durationMs: Date.now() - started, segments: segments.length });
      return null;
    } catch (error) {
      const failed = this.failedRecord(index, window, error, attempts + 1);
      logTranscriptionWindow(this.d.logger, { uploadId: logId(uploadId), index, startMs: window.startMs, endMs: window.endMs, durationMs: Date.now() - started, segments: 0, failed: asCodeText(failed.lastError ?? 'unknown') });
      await this.d.windows.putWindow(uploadId, holder, failed);
      return { kind: 'failed', window: { startMs: window.startMs, endMs: window.endMs }, error };
    }
  }

  /** The transcript of an upload whose windows are all done: their segments in order. */
  async assemble(uploadId: string): Promise<WindowsOutcome> {
    const windows = await this.d.windows.windows(uploadId);
    const missing = windows.find((w) => w.status !== 'done');
    if (missing) return { kind: 'unfinished', transcribedUntilMs: missing.startMs };
    return {
      kind: 'complete',
      segments: windows.flatMap((w) => [...w.segments].sort((a, b) => a.startMs - b.startMs)),
      engine: windows.find((w) => w.engine)?.engine ?? 'silence',
      processingMs: windows.reduce((sum, w) => sum + (w.processingMs ?? 0), 0),
    };
  }

  /**
   * A recording in progress: transcribes the windows its chunks so far make (WebM, as browsers record;
   * other containers wait for the recording to end). Called after chunks arrive; does nothing when another
   * worker is at it, or when there is not a window's worth of new audio yet.
   *
   * A worker that finds itself behind the voice (the engine slower than speech for a while, or the machine
   * busy) catches up: audio more than a live window behind is cut as file windows (longer: each engine call
   * pays its start-up once for more audio) and they are transcribed up to the engine's concurrency at once,
   * where live windows would go one at a time and the backlog would still be there at Stop.
   */
  async advanceLive(uploadId: string, language: string): Promise<number> {
    const upload = await this.d.uploads.find(uploadId);
    if (!upload || upload.status !== 'receiving' || upload.format?.container !== 'webm') return 0;
    const holder = `live-${randomUUID()}`;
    const now = this.d.now();
    const plan = await this.d.windows.hold(uploadId, holder, new Date(now.getTime() + LIVE_HOLD_MS), now);
    if (!plan) return 0;
    try {
      const priming = new PrimingTail(this.d.transcriber.primingMs ?? 0);
      const source = await this.liveAudioFrom(upload, Math.max(0, plan.nextStartMs - priming.ms)).catch(async (error: unknown) => {
        // Completed since it was read (its chunks joined into the file and deleted: the rest is the run's), or
        // deleted with its session: nothing is left to do here. A recording still arriving reports the error.
        if ((await this.d.uploads.find(uploadId))?.status !== 'receiving') return null;
        throw error;
      });
      if (!source) return 0;
      const decoded: Int16Array[] = [];
      // The decoded audio starts at the Cluster's time: samples before the next window's start are not cut
      // (the last of them prime the first window).
      let lead = samplesIn(plan.nextStartMs - source.startMs);
      await decodePcm(source.audio, (pcm) => {
        const before = pcm.subarray(0, Math.min(lead, pcm.length));
        lead -= before.length;
        priming.hear(before);
        if (before.length < pcm.length) decoded.push(pcm.slice(before.length));
      });
      const cut = liveWindows(plan.nextStartMs, joinedAll(decoded), this.d.policies).map((window) => ({ window, priming: priming.before(window.pcm) }));
      // Planned in order first: a window not begun when the recording ends is the run's, with these bounds.
      const planned: typeof cut = [];
      for (const [n, entry] of cut.entries()) {
        if (!(await this.d.windows.putWindow(uploadId, holder, this.plannedRecord(plan.nextIndex + n, entry.window)))) break;
        planned.push(entry);
      }
      const limit = pLimit(this.d.concurrency);
      let failedAt: number | null = null;
      const done = await Promise.all(
        planned.map(({ window, priming: before }, n) =>
          limit(async () => {
            // Once the recording is complete the rest is the pipeline's: its run transcribes what is left in
            // parallel, where going on here would hold the windows and keep the run waiting. Nor does a window
            // begin after one before it failed (it stays planned: the run after the recording ends tries again).
            if (failedAt !== null && failedAt < n) return false;
            if ((await this.d.uploads.find(uploadId))?.status !== 'receiving') return false;
            const outcome = await this.transcribeWindow(uploadId, holder, plan.nextIndex + n, window, language, 0, before);
            if (outcome) failedAt = Math.min(failedAt ?? n, n);
            return outcome === null;
          }),
        ),
      );
      return done.filter(Boolean).length;
    } finally {
      await this.d.windows.release(uploadId, holder, this.d.now());
    }
  }

  /**
   * The bytes to decode for audio from `fromMs` on: the recording's header, then its chunks from the last
   * Cluster that starts at or before `fromMs`, up to the first chunk missing. Null when there is nothing new.
   */
  private async liveAudioFrom(upload: AudioUpload, fromMs: number): Promise<{ audio: PcmSource; startMs: number } | null> {
    const contiguous = await this.d.uploads.contiguousChunks(upload.uploadId, upload.chunksReceived);
    if (contiguous < 2) return null;
    const start = await this.d.uploads.lastClusterAtOrBefore(upload.uploadId, fromMs, contiguous);
    if (!start) return null;
    const firstChunk = await this.d.store.readRange(chunkPath(upload.ownerUid, upload.uploadId, 0), 0, Number.MAX_SAFE_INTEGER);
    const header = headerLength(firstChunk);
    if (header === null) return null;
    const parts: Buffer[] = [firstChunk.subarray(0, header)];
    for (let index = start.chunkIndex; index < contiguous; index++) {
      const bytes = index === 0 ? firstChunk : await this.d.store.readRange(chunkPath(upload.ownerUid, upload.uploadId, index), 0, Number.MAX_SAFE_INTEGER);
      parts.push(index === start.chunkIndex ? bytes.subarray(start.offset) : bytes);
    }
    return { audio: { bytes: Buffer.concat(parts) }, startMs: start.timeMs };
  }

  /**
   * A complete WebM recording from `fromMs` on, without the rest: its header, then its bytes from the last
   * Cluster that starts at or before `fromMs` (found in a range read from the end, widened while none is in it).
   * After Stop only the last seconds are left, and fetching an hour's file to seek through it cost seconds that
   * grew with the recording. Null when no such Cluster is found: the whole file is read instead.
   */
  private async webmTailFrom(upload: AudioUpload, fromMs: number): Promise<{ audio: PcmSource; startMs: number } | null> {
    const size = upload.sizeBytes;
    const durationMs = upload.durationSec === null ? null : upload.durationSec * 1000;
    if (!size || !durationMs || !upload.audioPath) return null;
    const head = await this.d.store.readRange(upload.audioPath, 0, Math.min(size, WEBM_HEAD_BYTES));
    const header = headerLength(head);
    if (header === null) return null;
    // Bytes for the audio left and a margin (Clusters are a few seconds apart), at the recording's own rate.
    let span = Math.ceil(((durationMs - fromMs + TAIL_MARGIN_MS) * size) / durationMs);
    for (;;) {
      const start = Math.max(header, size - span);
      const bytes = await this.d.store.readRange(upload.audioPath, start, size);
      const cluster = clusterStarts(bytes)
        .filter((c) => c.timeMs <= fromMs)
        .at(-1);
      if (cluster) return { audio: { bytes: Buffer.concat([head.subarray(0, header), bytes.subarray(cluster.offset)]) }, startMs: cluster.timeMs };
      if (start === header) return null;
      span *= 4;
    }
  }

  /** The windows of an upload whose transcript is stored: they held its text, and no second copy is kept. */
  async forget(uploadId: string): Promise<void> {
    await this.d.windows.deleteAll(uploadId);
  }

  /**
   * What a recording in progress has of its transcript so far, for the Record tab: the windows done in a row
   * from `fromMs` (a caller's last transcribedUntilMs, so a poll reads only new windows).
   */
  async soFar(uploadId: string, fromMs = 0): Promise<{ segments: UnnumberedSegment[]; transcribedUntilMs: number; engine: string | null }> {
    const windows = await this.d.windows.windowsFrom(uploadId, fromMs);
    const done: WindowRecord[] = [];
    for (const w of windows) {
      if (w.status !== 'done') break;
      done.push(w);
    }
    return { segments: done.flatMap((w) => w.segments), transcribedUntilMs: done.at(-1)?.endMs ?? fromMs, engine: done.find((w) => w.engine)?.engine ?? null };
  }

  private plannedRecord(index: number, window: { startMs: number; endMs: number }): WindowRecord {
    return { index, startMs: window.startMs, endMs: window.endMs, status: 'planned', segments: [], engine: null, attempts: 0, lastError: null, processingMs: null, updatedAt: this.d.now().toISOString() };
  }

  private doneRecord(index: number, window: { startMs: number; endMs: number }, segments: readonly UnnumberedSegment[], engine: string | null, processingMs: number): WindowRecord {
    return { ...this.plannedRecord(index, window), status: 'done', segments: [...segments], engine, processingMs };
  }

  /** A window that failed stays planned, with how often and why (the error's name and code: never its message). */
  private failedRecord(index: number, window: { startMs: number; endMs: number }, error: unknown, attempts = 1): WindowRecord {
    const name = asCodeText(error instanceof Error ? error.name : 'unknown');
    const code = typeof error === 'object' && error !== null && 'code' in error ? `/${asCodeText(String(error.code))}` : '';
    // Each part a code or `unrecognised` (asCodeText): it is stored on the window and logged when the window fails.
    return { ...this.plannedRecord(index, window), attempts, lastError: asCodeText(`${name}${code}`) };
  }
}

/** A window's segment placed in the recording: its times shifted by the window's start and kept within it. */
function placed(segment: RecognizedSegment, window: { startMs: number; endMs: number }): UnnumberedSegment {
  const startMs = Math.min(window.endMs, window.startMs + Math.max(0, segment.startMs));
  const endMs = Math.min(window.endMs, Math.max(startMs, window.startMs + segment.endMs));
  return { speaker: segment.speaker, startMs, endMs, text: segment.text };
}

const samplesIn = (ms: number) => Math.max(0, Math.round((ms * SAMPLE_RATE) / 1000));

function joinedAll(parts: readonly Int16Array[]): Int16Array {
  const out = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function joined(a: Int16Array, b: Int16Array): Int16Array {
  const out = new Int16Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/**
 * The last `ms` of the recording heard so far, to send before the next window (Transcriber.primingMs): what
 * the engine would have heard just before it, had it transcribed the recording in one pass.
 */
class PrimingTail {
  private tail = new Int16Array(0);
  private readonly samples: number;

  constructor(readonly ms: number) {
    this.samples = samplesIn(ms);
  }

  /** Audio before the next window. */
  hear(pcm: Int16Array): void {
    if (this.samples === 0 || pcm.length === 0) return;
    this.tail = pcm.length >= this.samples ? pcm.slice(pcm.length - this.samples) : joined(this.tail, pcm).slice(-this.samples);
  }

  /** The priming for a window (empty when the engine needs none), which is then heard in turn. */
  before(windowPcm: Int16Array): Int16Array {
    const priming = this.tail;
    this.hear(windowPcm);
    return priming;
  }
}
