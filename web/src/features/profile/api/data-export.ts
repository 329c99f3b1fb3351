// "Download my data" (docs/privacy.md "Export and print"): start an export, follow its progress while the server
// builds it, and the link to download it once ready.
import { isDataExportActive, type DataExportResponse, type LatestDataExportResponse } from '@charta/contract';
import useSWR, { useSWRConfig } from 'swr';
import { getEnv } from '@/config/env';
import { api } from '@/lib/api';

export const DATA_EXPORT_KEY = '/export/latest';
/** How often progress is asked for while an export is being built. */
export const DATA_EXPORT_POLL_MS = 2_000;

export function useLatestDataExport() {
  return useSWR<LatestDataExportResponse, unknown>(DATA_EXPORT_KEY, () => api.get<LatestDataExportResponse>(DATA_EXPORT_KEY), {
    refreshInterval: (latest) => (latest?.export && isDataExportActive(latest.export.status) ? DATA_EXPORT_POLL_MS : 0),
  });
}

export function useStartDataExport(): () => Promise<void> {
  const { mutate } = useSWRConfig();
  return async () => {
    const started = await api.post<DataExportResponse>('/export', {});
    await mutate(DATA_EXPORT_KEY, { export: started.export } satisfies LatestDataExportResponse, { revalidate: false });
  };
}

/** The link as an absolute URL: the browser follows it itself (it carries its own secret, no token). */
export const downloadUrl = (downloadPath: string) => `${getEnv().apiBaseUrl}/api/v1${downloadPath}`;
