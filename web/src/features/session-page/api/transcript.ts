// POST /session/transcription (docs/api.md "Transcripts"): the transcript, once there is one.
import type { Transcript } from '@charta/contract';
import useSWR from 'swr';
import { api } from '@/lib/api';

export async function getTranscript(sessionId: string): Promise<Transcript> {
  const { transcript } = await api.post<{ transcript: Transcript }>('/session/transcription', { sessionId });
  return transcript;
}

/** Asked for only when the session says a transcript can exist (`enabled`); otherwise the route answers 409. */
export function useTranscript(sessionId: string, enabled: boolean) {
  return useSWR<Transcript, unknown>(enabled ? ['/session/transcription', sessionId] : null, ([, id]: readonly [string, string]) => getTranscript(id), {
    // A transcript never changes once written.
    revalidateOnFocus: false,
    // A failed session may have no transcript (409): expected, and the panel shows every error in place,
    // so the app-wide error snackbar stays quiet for this read.
    onError: () => undefined,
  });
}
