import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { filterFromSearch, searchFromFilter, type ActivityFilterState } from '../lib/activity-filter';

/**
 * The Activity page's filters, kept in the address: a reload keeps them and a link can open a filtered
 * view. Changes replace the entry (no history step per keystroke of a date).
 */
export function useActivityFilter(): [ActivityFilterState, (change: Partial<ActivityFilterState>) => void, () => void] {
  const [search, setSearch] = useSearchParams();
  const filter = useMemo(() => filterFromSearch(search), [search]);
  const change = useCallback(
    (next: Partial<ActivityFilterState>) => setSearch((current) => searchFromFilter({ ...filterFromSearch(current), ...next }), { replace: true }),
    [setSearch],
  );
  const clear = useCallback(() => setSearch(new URLSearchParams(), { replace: true }), [setSearch]);
  return [filter, change, clear];
}
