// The Activity page's filters as the address keeps them (?session=…&action=…&from=YYYY-MM-DD&to=YYYY-MM-DD),
// so a filtered view survives a reload, Back works, and a link can open one; and as the API takes them.
import { AUDIT_ACTIONS, isResourceId, type AuditAction, type AuditFilter } from '@charta/contract';

export interface ActivityFilterState {
  sessionId: string | null;
  action: AuditAction | null;
  /** Days as the date fields hold them (YYYY-MM-DD, the reader's own calendar); '' for none. */
  fromDate: string;
  toDate: string;
}

export const NO_FILTER: ActivityFilterState = { sessionId: null, action: null, fromDate: '', toDate: '' };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Local midnight at the start of `day` (YYYY-MM-DD), or null if it is no day. */
function startOfDay(day: string): Date | null {
  if (!DAY.test(day)) return null;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const start = new Date(year, month - 1, date);
  return start.getFullYear() === year && start.getMonth() === month - 1 && start.getDate() === date ? start : null;
}

const isAction = (value: string | null): value is AuditAction => AUDIT_ACTIONS.some((action) => action === value);

/** What the address says; anything that is not a filter (a bad id, an unknown action, a date that is none) is left out. */
export function filterFromSearch(search: URLSearchParams): ActivityFilterState {
  const session = search.get('session');
  const action = search.get('action');
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  return {
    sessionId: session && isResourceId(session) ? session : null,
    action: isAction(action) ? action : null,
    fromDate: startOfDay(from) ? from : '',
    toDate: startOfDay(to) ? to : '',
  };
}

export function searchFromFilter(filter: ActivityFilterState): URLSearchParams {
  const search = new URLSearchParams();
  if (filter.sessionId) search.set('session', filter.sessionId);
  if (filter.action) search.set('action', filter.action);
  if (filter.fromDate) search.set('from', filter.fromDate);
  if (filter.toDate) search.set('to', filter.toDate);
  return search;
}

export function isFiltered(filter: ActivityFilterState): boolean {
  return Boolean(filter.sessionId || filter.action || filter.fromDate || filter.toDate);
}

/** Why the dates cannot be asked for (the end before the start), or null. */
export function dateRangeProblem(filter: ActivityFilterState): string | null {
  const from = startOfDay(filter.fromDate);
  const to = startOfDay(filter.toDate);
  return from && to && to < from ? 'The end date is before the start date.' : null;
}

/**
 * The API's filter: from the start of the first day to the end of the last (both in the reader's time zone,
 * sent as instants), so "3 Dec to 3 Dec" is the whole of 3 December.
 */
export function apiFilter(filter: ActivityFilterState): AuditFilter {
  const from = startOfDay(filter.fromDate);
  const to = startOfDay(filter.toDate);
  const dayAfter = to ? new Date(to.getFullYear(), to.getMonth(), to.getDate() + 1) : null;
  return {
    ...(filter.sessionId ? { sessionId: filter.sessionId } : {}),
    ...(filter.action ? { action: filter.action } : {}),
    ...(from ? { from: from.toISOString() } : {}),
    ...(dayAfter ? { to: dayAfter.toISOString() } : {}),
  };
}
