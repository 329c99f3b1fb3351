import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-client';
import { answerGets, answerPosts } from '@/test/api';
import { session as sessionFixture } from '@/test/fixtures';
import { renderPage } from '@/test/render';
import { defaultSessionTitle, NO_CLINIC_POLICIES, sessionStatusLabel, type Session } from '@charta/contract';
import { SessionsPage } from './SessionsPage';

vi.mock('@/lib/api');
const post = vi.mocked(api.post);

/** The n-th session of the list. */
function session(n: number, overrides: Partial<Session> = {}): Session {
  return sessionFixture({ id: `s${n}`, patientName: `Patient ${n}`, title: `Visit ${n}`, audio_uri: 'local://a', audioDurationSec: 65, status: 'uploaded', documentationId: null, ...overrides });
}

/** An IntersectionObserver whose targets are always in view: "scrolled to the end". */
class InViewObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    queueMicrotask(() => this.callback([{ isIntersecting: true, target } as IntersectionObserverEntry], this as unknown as IntersectionObserver));
  }
  disconnect() {}
  unobserve() {}
  takeRecords() {
    return [];
  }
}

beforeEach(() => {
  post.mockReset();
  vi.mocked(api.get).mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SessionsPage', () => {
  it('names the patient and the date once each, in one format, for a session with its default title', async () => {
    const createdAt = '2026-11-24T09:30:00.000Z';
    answerPosts({
      '/session/sessions': () => ({
        sessions: [session(1, { patientName: 'Ada Quist', title: defaultSessionTitle('Ada Quist', new Date(createdAt)), createdAt })],
        nextCursor: null,
      }),
    });
    renderPage(<SessionsPage />);

    const row = await screen.findByRole('listitem', { name: 'Ada Quist · 24 Nov 2026' });
    expect(within(row).getByRole('link')).toHaveTextContent(/^Ada Quist$/);
    // Before: "Ada Quist · 24 Nov 2026" over "Ada Quist · Nov 24, 2026, 9:30 AM".
    expect(row).not.toHaveTextContent('24 Nov 2026');
    expect(row.textContent?.match(/Ada Quist/g)).toHaveLength(1);
  });

  it('shows skeletons, then each session with title, patient, duration and status', async () => {
    answerPosts({
      '/session/sessions': () => ({
        sessions: [session(1), session(2, { status: 'draft', audioDurationSec: null, title: 'Follow-up' })],
        nextCursor: null,
      }),
    });
    renderPage(<SessionsPage />);

    // A status the label may name (axe aria-prohibited-attr: a plain div may not carry aria-label).
    expect(screen.getByRole('status', { name: 'Loading sessions' })).toBeInTheDocument();
    const first = await screen.findByRole('listitem', { name: 'Visit 1' });
    expect(within(first).getByRole('link', { name: 'Visit 1' })).toHaveAttribute('href', '/sessions/s1');
    expect(first).toHaveTextContent('Patient 1');
    expect(first).toHaveTextContent('Duration 1:05');
    expect(within(first).getByText(sessionStatusLabel('uploaded'))).toBeInTheDocument();
    const second = screen.getByRole('listitem', { name: 'Follow-up' });
    expect(second).toHaveTextContent('Duration —');
    expect(within(second).getByText(sessionStatusLabel('draft'))).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith('/session/sessions', { limit: 20 });
  });

  it('says there are no sessions yet, with a way to record one', async () => {
    answerPosts({ '/session/sessions': () => ({ sessions: [], nextCursor: null }) });
    renderPage(<SessionsPage />);

    expect(await screen.findByText('No sessions yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Record a session' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Delete selected' })).not.toBeInTheDocument();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    const user = userEvent.setup();
    answerPosts({
      '/session/sessions': () => {
        throw new ApiError({ status: 503, code: 'unavailable', message: 'down' });
      },
    });
    renderPage(<SessionsPage />);

    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByText(/Charta had a problem/)).toBeInTheDocument();
    answerPosts({ '/session/sessions': () => ({ sessions: [session(1)], nextCursor: null }) });
    await user.click(retry);

    expect(await screen.findByRole('listitem', { name: 'Visit 1' })).toBeInTheDocument();
  });

  it('loads the next page with the cursor when the end of the list comes into view', async () => {
    vi.stubGlobal('IntersectionObserver', InViewObserver);
    answerPosts({
      '/session/sessions': (body) =>
        body.cursor === 'c1' ? { sessions: [session(3)], nextCursor: null } : { sessions: [session(1), session(2)], nextCursor: 'c1' },
    });
    renderPage(<SessionsPage />);

    expect(await screen.findByRole('listitem', { name: 'Visit 3' })).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith('/session/sessions', { limit: 20, cursor: 'c1' });
    expect(screen.getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual(['Visit 1', 'Visit 2', 'Visit 3']);
    expect(screen.queryByRole('button', { name: 'Load more sessions' })).not.toBeInTheDocument();
  });

  it('has a button for the next page where scrolling cannot be observed', async () => {
    const user = userEvent.setup();
    answerPosts({
      '/session/sessions': (body) => (body.cursor ? { sessions: [session(3)], nextCursor: null } : { sessions: [session(1)], nextCursor: 'c1' }),
    });
    renderPage(<SessionsPage />);

    await user.click(await screen.findByRole('button', { name: 'Load more sessions' }));
    expect(await screen.findByRole('listitem', { name: 'Visit 3' })).toBeInTheDocument();
  });

  it('searches by patient name once typing pauses', async () => {
    const user = userEvent.setup();
    answerPosts({
      '/session/sessions': () => ({ sessions: [session(1), session(2)], nextCursor: null }),
      '/search/sessions_by_patient_name': (body) => ({ sessions: body.query === 'gar' ? [session(7, { patientName: 'María García', title: 'García visit' })] : [] }),
    });
    renderPage(<SessionsPage />);
    await screen.findByRole('listitem', { name: 'Visit 1' });

    await user.type(screen.getByRole('searchbox', { name: 'Search patients' }), 'gar');

    const results = await screen.findByRole('list', { name: 'Search results' });
    expect(within(results).getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual(['García visit']);
    // Debounced: one search for the whole word, not one per key.
    expect(post.mock.calls.filter(([path]) => path === '/search/sessions_by_patient_name')).toEqual([
      ['/search/sessions_by_patient_name', { query: 'gar', limit: 50 }],
    ]);

    await user.type(screen.getByRole('searchbox', { name: 'Search patients' }), 'x');
    expect(await screen.findByText('No sessions for “garx”')).toBeInTheDocument();
  });

  it('renames a session in a dialog', async () => {
    const user = userEvent.setup();
    let title = 'Visit 1';
    answerPosts({
      '/session/sessions': () => ({ sessions: [session(1, { title })], nextCursor: null }),
      '/session/update_title': (body) => {
        title = body.title as string;
        return { session: session(1, { title }) };
      },
    });
    renderPage(<SessionsPage />);

    await user.click(await screen.findByRole('button', { name: 'Rename Visit 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename session' });
    const field = within(dialog).getByRole('textbox', { name: 'Title' });
    expect(field).toHaveValue('Visit 1');
    await user.clear(field);
    await user.type(field, '  Knee pain review ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('listitem', { name: 'Knee pain review' })).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith('/session/update_title', { sessionId: 's1', title: 'Knee pain review' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Session renamed')).toBeInTheDocument();
  });

  it('shows why a rename failed, in the dialog', async () => {
    const user = userEvent.setup();
    answerPosts({
      '/session/sessions': () => ({ sessions: [session(1)], nextCursor: null }),
      '/session/update_title': () => {
        throw new ApiError({ status: 404, code: 'not_found', message: 'No such session' });
      },
    });
    renderPage(<SessionsPage />);

    await user.click(await screen.findByRole('button', { name: 'Rename Visit 1' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(screen.getByRole('dialog')).findByText('No such session')).toBeInTheDocument();
  });

  it('deletes one session after confirmation', async () => {
    const user = userEvent.setup();
    let sessions = [session(1), session(2)];
    answerPosts({
      '/session/sessions': () => ({ sessions, nextCursor: null }),
      '/session/delete': (body) => {
        sessions = sessions.filter((s) => s.id !== body.sessionId);
        return { deleted: 1 };
      },
    });
    renderPage(<SessionsPage />);

    await user.click(await screen.findByRole('button', { name: 'Delete Visit 2' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this session?' });
    // Cancel first: nothing happens.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(post).not.toHaveBeenCalledWith('/session/delete', expect.anything());

    await user.click(screen.getByRole('button', { name: 'Delete Visit 2' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete session' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Visit 2' })).not.toBeInTheDocument());
    expect(post).toHaveBeenCalledWith('/session/delete', { sessionId: 's2' });
    expect(screen.getByRole('listitem', { name: 'Visit 1' })).toBeInTheDocument();
  });

  it('deletes the selected sessions together after confirmation', async () => {
    const user = userEvent.setup();
    let sessions = [session(1), session(2), session(3)];
    answerPosts({
      '/session/sessions': () => ({ sessions, nextCursor: null }),
      '/session/delete_many': (body) => {
        const ids = body.sessionIds as string[];
        sessions = sessions.filter((s) => !ids.includes(s.id));
        return { deleted: ids.length };
      },
    });
    renderPage(<SessionsPage />);

    await user.click(await screen.findByRole('checkbox', { name: 'Select Visit 1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Visit 3' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete selected' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete 2 sessions?' })).getByRole('button', { name: 'Delete 2 sessions' }));

    expect(await screen.findByText('2 sessions deleted')).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith('/session/delete_many', { sessionIds: ['s1', 's3'] });
    await waitFor(() => expect(screen.getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual(['Visit 2']));
    expect(screen.queryByRole('button', { name: 'Delete selected' })).not.toBeInTheDocument();
  });

  it('selects every shown session at once', async () => {
    const user = userEvent.setup();
    answerPosts({ '/session/sessions': () => ({ sessions: [session(1), session(2)], nextCursor: null }) });
    renderPage(<SessionsPage />);

    await user.click(await screen.findByRole('checkbox', { name: 'Select all' }));
    expect(screen.getByRole('checkbox', { name: 'Select Visit 1' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select Visit 2' })).toBeChecked();
    expect(screen.getByText('2 selected')).toBeInTheDocument();
  });

  it('offers Shared with me in a clinic (colleagues may share sessions), and not outside one', async () => {
    answerPosts({ '/session/sessions': () => ({ sessions: [session(1)], nextCursor: null }) });
    answerGets({ '/clinic': () => ({ clinic: { id: 'c1', name: 'Northside Practice', createdAt: '2026-11-01T10:00:00.000Z' }, role: 'member', members: [], invitations: [], policies: NO_CLINIC_POLICIES, singleSignOn: null }) });
    renderPage(<SessionsPage />);
    expect(await screen.findByRole('link', { name: 'Shared with me' })).toHaveAttribute('href', '/shared');
  });

  it('outside a clinic there is no Shared with me', async () => {
    answerPosts({ '/session/sessions': () => ({ sessions: [session(1)], nextCursor: null }) });
    answerGets({ '/clinic': () => ({ clinic: null }) });
    renderPage(<SessionsPage />);
    await screen.findByRole('listitem', { name: 'Visit 1' });
    await waitFor(() => expect(api.get).toHaveBeenCalledWith('/clinic'));
    expect(screen.queryByRole('link', { name: 'Shared with me' })).not.toBeInTheDocument();
  });
});
