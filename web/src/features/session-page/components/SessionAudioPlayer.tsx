import PlayArrow from '@mui/icons-material/PlayArrow';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { Session } from '@charta/contract';
import { useImperativeHandle, useRef, useState, type Ref } from 'react';
import useSWR from 'swr';
import { getSession, sessionKey } from '@/data/sessions';
import { describeError } from '@/lib/error-message';
import { formatDuration } from '@/lib/format';
import { useSessionAudio } from '../hooks/use-session-audio';

/** What the transcript may ask of the player: play (or only move) from a time. */
export interface SessionAudioPlayerHandle {
  seek: (ms: number, play: boolean) => void;
}

interface SessionAudioPlayerProps {
  sessionId: string;
  /** The session's title, naming its audio for screen readers. */
  title: string;
  /** Where playback is, as it moves (for marking the segment being played). */
  onTimeChange: (ms: number) => void;
  ref?: Ref<SessionAudioPlayerHandle>;
}

/**
 * The session's audio: a button that loads it when asked for, then the browser's player. Its length is the
 * one the API measured at upload until the element knows a finite one (then the player's own controls show
 * it, and a second figure, rounded differently, would only disagree): a browser recording served without
 * a Duration in its header reads "Infinity" in the element (the API writes the duration in when it serves
 * a WebM, so the element normally knows it at once; see functions/src/audio/playback.ts).
 */
export function SessionAudioPlayer({ sessionId, title, onTimeChange, ref }: SessionAudioPlayerProps) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const audio = useSessionAudio(sessionId);
  // The session page has the session cached under this key already: no request of its own.
  const { data: session } = useSWR<Session>(sessionKey(sessionId), ([, id]: readonly [string, string]) => getSession(id));
  const [elementDurationSec, setElementDurationSec] = useState<number | null>(null);
  const lengthSec = elementDurationSec === null ? (session?.audioDurationSec ?? null) : null;
  const noteDuration = (element: HTMLAudioElement) => setElementDurationSec(Number.isFinite(element.duration) && element.duration > 0 ? element.duration : null);
  // A time clicked before the audio was loaded: played once it is.
  const pendingSeekMs = useRef<number | null>(null);

  useImperativeHandle(
    ref,
    () => ({
      seek: (ms, play) => {
        const element = audioRef.current;
        if (!element) {
          if (!play) return;
          pendingSeekMs.current = ms;
          if (audio.state.status !== 'loading') void audio.load();
          return;
        }
        element.currentTime = ms / 1000;
        // Refused without a user gesture (autoplay rules); the clinician can still press play.
        if (play) element.play().catch(() => undefined);
      },
    }),
    [audio],
  );

  return (
    <Box sx={{ px: 2, pb: 1 }}>
      {audio.state.status === 'ready' ? (
        <Box
          component="audio"
          ref={audioRef}
          controls
          autoPlay
          src={audio.state.url}
          aria-label={`Audio of ${title}`}
          onDurationChange={(event) => noteDuration(event.currentTarget)}
          onLoadedMetadata={(event) => {
            noteDuration(event.currentTarget);
            if (pendingSeekMs.current === null) return;
            event.currentTarget.currentTime = pendingSeekMs.current / 1000;
            pendingSeekMs.current = null;
          }}
          onTimeUpdate={(event) => onTimeChange(event.currentTarget.currentTime * 1000)}
          sx={{ width: '100%', height: 40, display: 'block' }}
        >
          Your browser cannot play this audio.
        </Box>
      ) : (
        <Button variant="outlined" size="small" startIcon={<PlayArrow />} onClick={() => void audio.load()} loading={audio.state.status === 'loading'}>
          Listen to the recording
        </Button>
      )}
      {lengthSec !== null && (
        <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 0.5, fontVariantNumeric: 'tabular-nums' }}>
          Length {formatDuration(lengthSec)}
        </Typography>
      )}
      {audio.state.status === 'failed' && (
        <Alert severity="error" sx={{ mt: 1 }}>
          The audio could not be loaded. {describeError(audio.state.error)}
        </Alert>
      )}
    </Box>
  );
}
