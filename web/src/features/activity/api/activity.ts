// The clinician's own audit trail (docs/privacy.md "Audit trail"): POST /audit/entries a page at a time, GET
// /audit/entries.csv for all of it as filtered, and session search for the session filter.
import useSWRInfinite from 'swr/infinite';
import type { AuditEntriesPage, AuditFilter, Session } from '@charta/contract';
import { api } from '@/lib/api';

export const ACTIVITY_PAGE_SIZE = 50;
const ENTRIES_PATH = '/audit/entries';

export function listActivity(filter: AuditFilter, cursor: string | null, limit = ACTIVITY_PAGE_SIZE): Promise<AuditEntriesPage> {
  return api.post<AuditEntriesPage>(ENTRIES_PATH, { ...filter, limit, ...(cursor ? { cursor } : {}) });
}

type PageKey = readonly [typeof ENTRIES_PATH, string, string | null];

/**
 * Newest first, one page at a time (cursor pagination); `setSize(size + 1)` asks for the next page. A null
 * filter (one that cannot be asked, an end before its start) asks nothing.
 */
export function useActivityPages(filter: AuditFilter | null) {
  // The filter in the key (as JSON, stable for equal filters): a new filter starts from its first page.
  const filterKey = JSON.stringify(filter);
  return useSWRInfinite<AuditEntriesPage, unknown>(
    (index: number, previous: AuditEntriesPage | null): PageKey | null => {
      if (filter === null || (previous && !previous.nextCursor)) return null;
      return [ENTRIES_PATH, filterKey, index === 0 ? null : (previous?.nextCursor ?? null)];
    },
    ([, key, cursor]: PageKey) => listActivity(JSON.parse(key) as AuditFilter, cursor),
  );
}

/** The whole filtered trail as a CSV file (the server streams it), saved under the name it gives. */
export async function downloadActivityCsv(filter: AuditFilter): Promise<void> {
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries(filter)) if (typeof value === 'string') query[name] = value;
  const blob = await api.getBlob('/audit/entries.csv', { query });
  const url = URL.createObjectURL(new Blob([blob], { type: 'text/csv' }));
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = `charta-activity-${new Date().toISOString().slice(0, 10)}.csv`;
    document.body.appendChild(link);
    link.click();
    link.remove();
  } finally {
    // After the click has handed the file to the browser's download.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/** Sessions whose patient's name starts with `query` (the session filter's suggestions). */
export async function searchSessions(query: string): Promise<Session[]> {
  const { sessions } = await api.post<{ sessions: Session[] }>('/search/sessions_by_patient_name', { query, limit: 10 });
  return sessions;
}
