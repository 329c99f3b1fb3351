// The microphone side of recording: permission, MediaRecorder, pause/resume, the clock, the input level and
// the warnings. Every chunk goes straight to the page's RecordingUploads, which stores it, then uploads it.
import type { ConsentMethod } from '@charta/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiNetworkError, ApiTimeoutError } from '@/lib/api-client';
import { describeError } from '@/lib/error-message';
import { createSession } from '../api/sessions';
import { pickRecordingMimeType } from '../lib/mime';
import { createSilenceDetector, meterLevel, rmsLevel } from '../lib/silence-detector';
import { createStopwatch, type Stopwatch } from '../lib/stopwatch';
import { useRecordingUploadsManager } from './use-recording-uploads';

/** MediaRecorder hands over data every 2 s: at most 2 s of audio is ever only in memory. */
export const CHUNK_TIMESLICE_MS = 2_000;
/** Opus at 48 kb/s: clear speech for transcription, about 21 MB per hour. */
const AUDIO_BITS_PER_SECOND = 48_000;
const METER_INTERVAL_MS = 100;
const CLOCK_INTERVAL_MS = 250;

export type RecorderStatus = 'idle' | 'starting' | 'recording' | 'paused' | 'stopping';

/** A recording under way: started and not yet handed over (recording, paused, or finishing its last chunk). */
export function isRecorderActive(status: RecorderStatus): boolean {
  return status === 'recording' || status === 'paused' || status === 'stopping';
}

/** What the recorder is doing, as the card and the shell's recording bar say it. */
export function recorderStatusText(status: RecorderStatus): string {
  switch (status) {
    case 'idle':
      return 'Ready to record';
    case 'starting':
      return 'Starting…';
    case 'recording':
      return 'Recording';
    case 'paused':
      return 'Paused';
    case 'stopping':
      return 'Finishing…';
  }
}

export type MicProblemKind = 'denied' | 'not-found' | 'in-use' | 'unsupported' | 'failed';

export interface MicProblem {
  kind: MicProblemKind;
  message: string;
}

export interface RecordingSetup {
  uid: string;
  patientName: string;
  templateId: string;
  language: string;
  /** How the patient agreed to being recorded (docs/privacy.md "Consent"); null when the clinician's setting does not ask. */
  consent: ConsentMethod | null;
  /** '' for the system default. */
  deviceId: string;
}

interface Runtime {
  stream: MediaStream;
  recorder: MediaRecorder;
  stopwatch: Stopwatch;
  recordingId: string;
  audioContext: AudioContext | null;
  timers: ReturnType<typeof setInterval>[];
  cleanups: (() => void)[];
  finalized: boolean;
}

function micProblemOf(error: unknown): MicProblem {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return { kind: 'denied', message: 'Charta is not allowed to use the microphone.' };
    case 'NotFoundError':
    case 'OverconstrainedError':
      return { kind: 'not-found', message: 'No microphone was found. Connect one, or choose another in the Microphone list.' };
    case 'NotReadableError':
    case 'AbortError':
      return { kind: 'in-use', message: 'The microphone could not be started. Another app may be using it: close that app and try again.' };
    default:
      return { kind: 'failed', message: 'The microphone could not be started. Try again, or choose another microphone.' };
  }
}

function isConnectivityError(error: unknown) {
  return error instanceof ApiNetworkError || error instanceof ApiTimeoutError;
}

export function useRecorder() {
  const uploads = useRecordingUploadsManager();
  const [status, setStatus] = useState<RecorderStatus>('idle');
  const [elapsedMs, setElapsedMs] = useState(0);
  const [level, setLevel] = useState(0);
  const [silent, setSilent] = useState(false);
  const [deviceLost, setDeviceLost] = useState(false);
  const [problem, setProblem] = useState<MicProblem | null>(null);
  const [startError, setStartError] = useState<string | null>(null);
  const [startedOffline, setStartedOffline] = useState(false);
  const [recordingId, setRecordingId] = useState<string | null>(null);
  const runtime = useRef<Runtime | null>(null);
  const statusRef = useRef<RecorderStatus>('idle');

  const changeStatus = useCallback((next: RecorderStatus) => {
    statusRef.current = next;
    setStatus(next);
  }, []);

  /** Releases the microphone and the audio graph; the recording itself is the uploads' business. */
  const teardown = useCallback((rt: Runtime) => {
    rt.timers.forEach(clearInterval);
    rt.timers = [];
    rt.cleanups.splice(0).forEach((cleanup) => cleanup());
    rt.stream.getTracks().forEach((track) => track.stop());
    void rt.audioContext?.close().catch(() => undefined);
    rt.audioContext = null;
  }, []);

  const finalize = useCallback(
    async (rt: Runtime) => {
      if (rt.finalized) return;
      rt.finalized = true;
      rt.stopwatch.stop();
      teardown(rt);
      const elapsed = rt.stopwatch.elapsedMs();
      setLevel(0);
      setSilent(false);
      // The recorder's last dataavailable came before its stop event: finish() waits for it to be stored.
      await uploads.finish(rt.recordingId, elapsed);
      if (runtime.current === rt) runtime.current = null;
      // The finished recording's length is on its upload card; the clock is ready for the next one.
      setElapsedMs(0);
      changeStatus('idle');
    },
    [uploads, teardown, changeStatus],
  );

  const startMeter = useCallback((rt: Runtime) => {
    try {
      const context = new AudioContext();
      void context.resume().catch(() => undefined);
      const source = context.createMediaStreamSource(rt.stream);
      const analyser = context.createAnalyser();
      analyser.fftSize = 2048;
      source.connect(analyser);
      rt.audioContext = context;
      const samples = new Float32Array(analyser.fftSize);
      const detector = createSilenceDetector();
      let wasSilent = false;
      rt.timers.push(
        setInterval(() => {
          analyser.getFloatTimeDomainData(samples);
          const rms = rmsLevel(samples);
          setLevel(meterLevel(rms));
          const now = performance.now();
          if (statusRef.current !== 'recording') {
            detector.reset(now);
          }
          const isSilent = statusRef.current === 'recording' && detector.push(rms, now);
          if (isSilent !== wasSilent) {
            wasSilent = isSilent;
            setSilent(isSilent);
          }
        }, METER_INTERVAL_MS),
      );
    } catch {
      // No Web Audio: the recording works; only the meter and the silence warning are missing.
    }
  }, []);

  const start = useCallback(
    async (setup: RecordingSetup): Promise<boolean> => {
      if (statusRef.current !== 'idle') return false;
      setProblem(null);
      setStartError(null);
      setDeviceLost(false);
      setSilent(false);
      setStartedOffline(false);
      setElapsedMs(0);
      if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') {
        setProblem({ kind: 'unsupported', message: 'This browser cannot record audio. Use a current version of Chrome, Edge, Firefox or Safari, or upload a recording instead.' });
        return false;
      }
      changeStatus('starting');

      let stream: MediaStream;
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          audio: {
            ...(setup.deviceId ? { deviceId: { exact: setup.deviceId } } : {}),
            channelCount: 1,
            echoCancellation: true,
            noiseSuppression: true,
            autoGainControl: true,
          },
        });
      } catch (error) {
        setProblem(micProblemOf(error));
        changeStatus('idle');
        return false;
      }

      // The session first, so every chunk can name it. Offline, the recording starts anyway and the
      // session is made before the first upload.
      let sessionId: string | null = null;
      try {
        sessionId = (await createSession({ patientName: setup.patientName, templateId: setup.templateId, language: setup.language, consent: setup.consent })).id;
      } catch (error) {
        if (!isConnectivityError(error)) {
          stream.getTracks().forEach((track) => track.stop());
          setStartError(describeError(error));
          changeStatus('idle');
          return false;
        }
        setStartedOffline(true);
      }

      const mimeType = pickRecordingMimeType(MediaRecorder.isTypeSupported?.bind(MediaRecorder));
      let recorder: MediaRecorder;
      try {
        recorder = new MediaRecorder(stream, { ...(mimeType ? { mimeType } : {}), audioBitsPerSecond: AUDIO_BITS_PER_SECOND });
      } catch {
        stream.getTracks().forEach((track) => track.stop());
        setProblem({ kind: 'unsupported', message: 'This browser cannot record audio from this microphone. Try another browser, or upload a recording instead.' });
        changeStatus('idle');
        return false;
      }

      const id = crypto.randomUUID();
      await uploads.begin({
        id,
        uid: setup.uid,
        sessionId,
        uploadId: crypto.randomUUID(),
        patientName: setup.patientName,
        templateId: setup.templateId,
        language: setup.language,
        consent: setup.consent,
        mimeType: mimeType || recorder.mimeType || 'audio/webm',
        startedAt: new Date().toISOString(),
      });

      const rt: Runtime = { stream, recorder, stopwatch: createStopwatch(), recordingId: id, audioContext: null, timers: [], cleanups: [], finalized: false };
      runtime.current = rt;
      recorder.addEventListener('dataavailable', (event) => {
        void uploads.addChunk(id, event.data, rt.stopwatch.elapsedMs());
      });
      recorder.addEventListener('stop', () => void finalize(rt));
      recorder.addEventListener('error', () => {
        if (recorder.state !== 'inactive') recorder.stop();
        else void finalize(rt);
      });
      for (const track of stream.getAudioTracks()) {
        track.addEventListener('ended', () => {
          if (rt.finalized) return;
          // Unplugged, or the system took it away: keep what was recorded, and say so.
          setDeviceLost(true);
          if (recorder.state !== 'inactive') recorder.stop();
        });
      }

      // When the page may be about to go (reload, closed tab, a phone putting it in the background), ask
      // for the audio captured since the last chunk now, so at most a moment of it is lost.
      const flush = () => {
        if (recorder.state === 'recording') recorder.requestData();
      };
      const onVisibility = () => {
        if (document.visibilityState === 'hidden') flush();
      };
      window.addEventListener('beforeunload', flush);
      window.addEventListener('pagehide', flush);
      document.addEventListener('visibilitychange', onVisibility);
      rt.cleanups.push(() => {
        window.removeEventListener('beforeunload', flush);
        window.removeEventListener('pagehide', flush);
        document.removeEventListener('visibilitychange', onVisibility);
      });

      recorder.start(CHUNK_TIMESLICE_MS);
      rt.stopwatch.start();
      setRecordingId(id);
      changeStatus('recording');
      startMeter(rt);
      rt.timers.push(setInterval(() => setElapsedMs(rt.stopwatch.elapsedMs()), CLOCK_INTERVAL_MS));
      return true;
    },
    [uploads, changeStatus, finalize, startMeter],
  );

  const pause = useCallback(() => {
    const rt = runtime.current;
    if (!rt || rt.recorder.state !== 'recording') return;
    rt.recorder.pause();
    rt.stopwatch.pause();
    setElapsedMs(rt.stopwatch.elapsedMs());
    setSilent(false);
    changeStatus('paused');
  }, [changeStatus]);

  const resume = useCallback(() => {
    const rt = runtime.current;
    if (!rt || rt.recorder.state !== 'paused') return;
    rt.recorder.resume();
    rt.stopwatch.resume();
    changeStatus('recording');
  }, [changeStatus]);

  const stop = useCallback(() => {
    const rt = runtime.current;
    if (!rt) return;
    changeStatus('stopping');
    // The stopwatch stops now, not when the recorder's stop event arrives.
    rt.stopwatch.stop();
    if (rt.recorder.state !== 'inactive') rt.recorder.stop();
    else void finalize(rt);
  }, [changeStatus, finalize]);

  // Leaving the page while recording (sign-out): stop properly, so the recording is closed and uploaded.
  useEffect(
    () => () => {
      const rt = runtime.current;
      if (!rt) return;
      if (rt.recorder.state !== 'inactive') rt.recorder.stop();
      teardown(rt);
    },
    [teardown],
  );

  return {
    status,
    elapsedMs,
    level,
    silent,
    deviceLost,
    problem,
    startError,
    startedOffline,
    recordingId,
    start,
    pause,
    resume,
    stop,
    dismissProblem: () => setProblem(null),
  };
}
