import { moduleAfterPaint } from '@/lib/module-after-paint';

/**
 * The transcript-as-you-record view (LiveTranscript), loaded after the Record tab has painted: it is shown
 * only while recording, and with MUI's Switch, Chip and Skeleton it was 9 KB (gzip) of the tab's first load
 * (scripts/route-budgets.mjs). A chunk that fails to load (offline) leaves the view absent, fetched again at
 * the next chance (`retryKey` changes: the recording starts, the connection returns). Null until loaded.
 */
const useLiveTranscriptModule = moduleAfterPaint(() => import('./LiveTranscript'));

export function useLiveTranscriptView(retryKey: unknown) {
  return useLiveTranscriptModule(retryKey)?.LiveTranscript ?? null;
}
