import PlayArrow from '@mui/icons-material/PlayArrow';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useEffect, useRef, useState } from 'react';
import { describeError } from '@/lib/error-message';
import { fetchSessionAudio } from '../api/session-audio';

/**
 * Plays the session's audio. Loaded only when asked for: an hour of audio is tens of megabytes, which a
 * glance at the session should not cost.
 */
export function SessionAudioPlayer({ sessionId, title }: { sessionId: string; title: string }) {
  const [url, setUrl] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(
    () => () => {
      controller.current?.abort();
    },
    [],
  );
  useEffect(() => (url ? () => URL.revokeObjectURL(url) : undefined), [url]);

  const load = async () => {
    controller.current?.abort();
    controller.current = new AbortController();
    setLoading(true);
    setError(null);
    try {
      const blob = await fetchSessionAudio(sessionId, controller.current.signal);
      setUrl(URL.createObjectURL(blob));
    } catch (failure) {
      if (!controller.current.signal.aborted) setError(describeError(failure));
    } finally {
      setLoading(false);
    }
  };

  if (url) {
    return (
      <Box component="audio" controls autoPlay src={url} aria-label={`Audio of ${title}`} sx={{ width: '100%' }}>
        Your browser cannot play this audio.
      </Box>
    );
  }
  return (
    <Box>
      {error && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {error}
        </Alert>
      )}
      <Button variant="outlined" startIcon={<PlayArrow />} onClick={() => void load()} loading={loading}>
        Listen to the recording
      </Button>
    </Box>
  );
}
