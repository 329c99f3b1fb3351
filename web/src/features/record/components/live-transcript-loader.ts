import { useEffect, useState } from 'react';
import type * as LiveTranscriptModuleType from './LiveTranscript';

type LiveTranscriptModule = typeof LiveTranscriptModuleType;

let loaded: LiveTranscriptModule | null = null;
let loading: Promise<LiveTranscriptModule> | null = null;

function load(): Promise<LiveTranscriptModule> {
  loading ??= import('./LiveTranscript').then(
    (module) => (loaded = module),
    (error: unknown) => {
      // Offline, say: the next attempt fetches it again.
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * The transcript-as-you-record view (LiveTranscript), loaded after the Record tab has painted: it is shown
 * only while recording, and with MUI's Switch, Chip and Skeleton it was 9 KB (gzip) of the tab's first load
 * (scripts/route-budgets.mjs). No React.lazy: a chunk that fails to load (offline) must not throw into the
 * page mid-recording, so the view is simply absent and fetched again at the next chance (`retryKey` changes:
 * the recording starts, the connection returns). Null until loaded.
 */
export function useLiveTranscriptView(retryKey: unknown): LiveTranscriptModule['LiveTranscript'] | null {
  const [module, setModule] = useState(loaded);
  useEffect(() => {
    if (module) return;
    let current = true;
    load().then(
      (loadedModule) => current && setModule(loadedModule),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [module, retryKey]);
  return module?.LiveTranscript ?? null;
}
