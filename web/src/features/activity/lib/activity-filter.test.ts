import { describe, expect, it } from 'vitest';
import { apiFilter, dateRangeProblem, filterFromSearch, isFiltered, NO_FILTER, searchFromFilter } from './activity-filter';

describe('the Activity filters', () => {
  it('round-trip through the address, dropping what is not a filter', () => {
    const filter = { sessionId: 's-1', action: 'note.viewed' as const, fromDate: '2026-12-01', toDate: '2026-12-03' };
    expect(filterFromSearch(searchFromFilter(filter))).toEqual(filter);
    expect(filterFromSearch(new URLSearchParams('session=a/b&action=note.peeked&from=2026-02-30&to=yesterday'))).toEqual(NO_FILTER);
    expect(isFiltered(NO_FILTER)).toBe(false);
    expect(isFiltered({ ...NO_FILTER, toDate: '2026-12-03' })).toBe(true);
  });

  it('ask the API from the first day’s start to the end of the last, in the reader’s time zone', () => {
    const filter = apiFilter({ sessionId: null, action: null, fromDate: '2026-12-03', toDate: '2026-12-03' });
    expect(new Date(filter.from ?? '').getTime()).toBe(new Date(2026, 11, 3).getTime());
    expect(new Date(filter.to ?? '').getTime()).toBe(new Date(2026, 11, 4).getTime());
    expect(apiFilter(NO_FILTER)).toEqual({});
    expect(apiFilter({ ...NO_FILTER, sessionId: 's-1', action: 'session.viewed' })).toEqual({ sessionId: 's-1', action: 'session.viewed' });
  });

  it('say when the end is before the start', () => {
    expect(dateRangeProblem({ ...NO_FILTER, fromDate: '2026-12-03', toDate: '2026-12-01' })).toMatch(/before the start/);
    expect(dateRangeProblem({ ...NO_FILTER, fromDate: '2026-12-03', toDate: '2026-12-03' })).toBeNull();
    expect(dateRangeProblem({ ...NO_FILTER, fromDate: '2026-12-03' })).toBeNull();
  });
});
