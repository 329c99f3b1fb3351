import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '@charta/contract';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-client';
import { answerPosts, postsTo } from '@/test/api';
import { session as sessionFixture } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { ActivityPage } from './ActivityPage';

vi.mock('@/lib/api');
const post = vi.mocked(api.post);

function entry(n: number, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: `e${n}`,
    at: new Date(Date.UTC(2026, 11, 3, 12, 0) - n * 60_000).toISOString(),
    actorUid: 'u1',
    action: 'session.viewed',
    outcome: 'done',
    status: 200,
    resourceType: 'session',
    resourceId: `s${n}`,
    sessionId: `s${n}`,
    client: 'web',
    observedBy: 'server',
    requestId: `req-${n}`,
    addressHash: 'a1b2c3d4e5f60718',
    signInMethod: null,
    ...overrides,
  };
}

const renderActivity = (path = '/settings/activity') =>
  renderRoutes(
    [
      { path: '/settings/activity', element: <ActivityPage /> },
      { path: '/settings', element: <p>Settings page</p> },
      { path: '/sessions/:id', element: <p>Session page</p> },
    ],
    path,
  );

/** The filters the page asked the trail for, in order (without paging). */
const filtersAsked = () => postsTo('/audit/entries').map((body) => {
  const { limit: _limit, cursor: _cursor, ...filter } = body as Record<string, unknown>;
  return filter;
});

beforeEach(() => {
  post.mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ActivityPage', () => {
  it('shows a loading state, then each entry in words: what, when, from where, refusals marked', async () => {
    let answer: (page: unknown) => void = () => undefined;
    post.mockImplementation((path: string) => (path === '/audit/entries' ? new Promise((resolve) => (answer = resolve)) : Promise.reject(new Error(path))));
    renderActivity();
    expect(await screen.findByRole('status', { name: 'Loading activity' })).toBeInTheDocument();

    answer({
      entries: [
        entry(1, { action: 'note.copied', observedBy: 'client', client: 'extension', status: null }),
        entry(2, { action: 'session.viewed', outcome: 'refused', status: 404 }),
        entry(3, { action: 'account.signed_in', signInMethod: 'google.com', resourceType: 'account', resourceId: null, sessionId: null, status: null }),
      ],
      nextCursor: null,
    });
    const rows = within(await screen.findByRole('list', { name: 'Activity' })).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Copied the note');
    expect(rows[0]).toHaveTextContent('Browser extension, reported by the app · address a1b2c3');
    expect(rows[1]).toHaveTextContent('Viewed a session');
    expect(within(rows[1]!).getByText('Refused')).toBeInTheDocument();
    expect(rows[2]).toHaveTextContent('Signed in (Google)');
    expect(within(rows[2]!).queryByRole('link', { name: 'Open session' })).not.toBeInTheDocument();
    expect(within(rows[0]!).getByRole('link', { name: 'Open session' })).toHaveAttribute('href', '/sessions/s1');
    expect(screen.queryByRole('status', { name: 'Loading activity' })).not.toBeInTheDocument();
  });

  it('pages with the cursor the last page gave, newest first, until there is no more', async () => {
    answerPosts({
      '/audit/entries': (body) =>
        body['cursor'] === 'c1' ? { entries: [entry(3), entry(4)], nextCursor: null } : { entries: [entry(1), entry(2)], nextCursor: 'c1' },
    });
    renderActivity();
    const list = await screen.findByRole('list', { name: 'Activity' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: 'Load more activity' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(4));
    expect(postsTo('/audit/entries')[0]).toEqual({ limit: 50 });
    expect(postsTo('/audit/entries').at(-1)).toEqual({ limit: 50, cursor: 'c1' });
    expect(screen.queryByRole('button', { name: 'Load more activity' })).not.toBeInTheDocument();
  });

  it('filters by action and dates (whole local days), kept in the address; Clear filters asks for everything again', async () => {
    answerPosts({ '/audit/entries': (body) => ({ entries: body['action'] ? [entry(1, { action: 'note.copied' })] : [entry(1), entry(2)], nextCursor: null }) });
    const router = renderActivity();
    await screen.findByRole('list', { name: 'Activity' });

    await userEvent.selectOptions(screen.getByLabelText('Action'), 'Copied the note');
    await waitFor(() => expect(filtersAsked().at(-1)).toEqual({ action: 'note.copied' }));
    expect(router.state.location.search).toBe('?action=note.copied');

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-12-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-12-03' } });
    await waitFor(() =>
      expect(filtersAsked().at(-1)).toEqual({ action: 'note.copied', from: new Date(2026, 11, 1).toISOString(), to: new Date(2026, 11, 4).toISOString() }),
    );
    expect(new URLSearchParams(router.state.location.search).get('to')).toBe('2026-12-03');

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(filtersAsked().at(-1)).toEqual({}));
    expect(router.state.location.search).toBe('');
  });

  it('an end date before the start asks nothing and says why', async () => {
    answerPosts({ '/audit/entries': () => ({ entries: [entry(1)], nextCursor: null }) });
    renderActivity('/settings/activity?from=2026-12-05&to=2026-12-01');
    expect(await screen.findByText('The end date is before the start date.')).toBeInTheDocument();
    expect(screen.getByText('Choose an end date after the start date')).toBeInTheDocument();
    expect(postsTo('/audit/entries')).toEqual([]);
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
  });

  it('filters by a session found by the patient’s name, or from a row; the field names the session', async () => {
    const ada = sessionFixture({ id: 's7', title: 'Ada Quist · 3 Dec 2026', patientName: 'Ada Quist' });
    answerPosts({
      '/audit/entries': (body) => ({ entries: body['sessionId'] ? [entry(7, { sessionId: body['sessionId'] as string })] : [entry(1), entry(2)], nextCursor: null }),
      '/search/sessions_by_patient_name': () => ({ sessions: [ada] }),
      '/session/session': (body) => ({ session: body['sessionId'] === 's7' ? ada : sessionFixture({ id: body['sessionId'] as string, title: 'Jo Park · 1 Dec 2026' }) }),
    });
    const router = renderActivity();
    await screen.findByRole('list', { name: 'Activity' });

    const field = screen.getByRole('combobox', { name: 'Session' });
    await userEvent.type(field, 'Ada');
    await userEvent.click(await screen.findByRole('option', { name: 'Ada Quist · 3 Dec 2026' }));
    await waitFor(() => expect(filtersAsked().at(-1)).toEqual({ sessionId: 's7' }));
    // The search waits for typing to pause; on a loaded machine a pause can fall between keys too.
    expect(postsTo('/search/sessions_by_patient_name').at(-1)).toEqual({ query: 'Ada', limit: 10 });
    expect(router.state.location.search).toBe('?session=s7');
    expect(field).toHaveValue('Ada Quist · 3 Dec 2026');
    // Already one session's list: no "only this session" on its rows.
    expect(screen.queryByRole('button', { name: 'Only this session’s activity' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(filtersAsked().at(-1)).toEqual({}));
    const [, second] = within(await screen.findByRole('list', { name: 'Activity' })).getAllByRole('listitem');
    await userEvent.click(within(second!).getByRole('button', { name: 'Only this session’s activity' }));
    await waitFor(() => expect(filtersAsked().at(-1)).toEqual({ sessionId: 's2' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Session' })).toHaveValue('Jo Park · 1 Dec 2026'));
  });

  it('names a deleted session as such: its entries stay', async () => {
    answerPosts({
      '/audit/entries': () => ({ entries: [entry(9, { action: 'session.deleted', sessionId: 'gone123456' })], nextCursor: null }),
      '/session/session': () => Promise.reject(new ApiError({ status: 404, code: 'not_found', message: 'No such session' })),
    });
    renderActivity('/settings/activity?session=gone123456');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Session' })).toHaveValue('A deleted session (gone1234)'));
    expect(within(await screen.findByRole('list', { name: 'Activity' })).getByText('Deleted a session')).toBeInTheDocument();
  });

  it('says when there is nothing yet, and when nothing matches the filters', async () => {
    answerPosts({ '/audit/entries': () => ({ entries: [], nextCursor: null }) });
    renderActivity();
    expect(await screen.findByText('No activity yet')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Action'), 'Printed the note');
    expect(await screen.findByText('No activity matches these filters')).toBeInTheDocument();
  });

  it('a failed load says why and loads again when asked', async () => {
    let fail = true;
    answerPosts({
      '/audit/entries': () => {
        if (fail) throw new ApiError({ status: 503, code: 'unavailable', message: 'A service Charta depends on is unavailable; try again shortly' });
        return { entries: [entry(1)], nextCursor: null };
      },
    });
    renderActivity();
    expect(await screen.findByText('Charta had a problem on its side. Please try again in a moment.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(within(await screen.findByRole('list', { name: 'Activity' })).getAllByRole('listitem')).toHaveLength(1);
  });

  it('downloads the filtered trail as CSV; a failed download says so', async () => {
    answerPosts({ '/audit/entries': () => ({ entries: [entry(1)], nextCursor: null }) });
    vi.mocked(api.getBlob).mockResolvedValueOnce(new Blob(['time,action\r\n'])).mockRejectedValueOnce(new ApiError({ status: 429, code: 'rate_limited', message: 'Too many activity downloads' }));
    const createObjectURL = vi.fn(() => 'blob:activity');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderActivity('/settings/activity?action=note.copied');
    await screen.findByRole('list', { name: 'Activity' });

    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(api.getBlob).toHaveBeenCalledWith('/audit/entries.csv', { query: { action: 'note.copied' } });
    expect(createObjectURL).toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('Could not download the activity: Too many activity downloads')).toBeInTheDocument();
  });
});
