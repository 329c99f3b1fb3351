import type { SharedSessionResponse, SharedSessionSummary } from '@charta/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-client';
import { answerGets, answerPosts, postsTo, type Handler } from '@/test/api';
import { documentation, session, transcript } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { SharedSessionPage } from './SharedSessionPage';
import { SharedSessionsPage } from './SharedSessionsPage';

vi.mock('@/lib/api');

const summary = (overrides: Partial<SharedSessionSummary> = {}): SharedSessionSummary => ({
  sessionId: 's1',
  patientName: 'María García',
  title: 'María García · 21 Nov 2026',
  createdAt: '2026-11-21T10:00:00.000Z',
  sharedBy: { uid: 'u-ana', displayName: 'Dr Ana Patiño' },
  sharedAt: '2026-12-01T09:00:00.000Z',
  ...overrides,
});

const sharedSession = (overrides: Partial<SharedSessionResponse> = {}): SharedSessionResponse => ({
  session: session(),
  transcript: { ...transcript, engine: 'google-speech/medical_conversation' },
  documentation: documentation({ engine: 'gemini-2.5-flash · note-v1' }),
  sharedBy: { uid: 'u-ana', displayName: 'Dr Ana Patiño' },
  sharedAt: '2026-12-01T09:00:00.000Z',
  ...overrides,
});

function renderShared(path: string, gets: Record<string, () => unknown>, posts: Record<string, Handler> = {}) {
  answerGets(gets);
  answerPosts(posts);
  return renderRoutes(
    [
      { path: '/shared', element: <SharedSessionsPage /> },
      { path: '/shared/:sessionId', element: <SharedSessionPage /> },
      { path: '/sessions', element: <p>My sessions list</p> },
    ],
    path,
  );
}

beforeEach(() => {
  vi.mocked(api.get).mockReset();
  vi.mocked(api.post).mockReset();
});

describe('SharedSessionsPage', () => {
  it('lists what colleagues shared, each with who shared it, linking to its read-only page', async () => {
    renderShared('/shared', {
      '/shared/sessions': () => ({ sessions: [summary(), summary({ sessionId: 's2', title: 'Knee follow-up', patientName: 'Li Wei', sharedBy: { uid: 'u-bo', displayName: '' } })] }),
    });
    const list = await screen.findByRole('list', { name: 'Sessions shared with me' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    // A default title drops its date (said once below); a title of the owner's own names the patient too.
    expect(within(rows[0]!).getByRole('link', { name: 'María García' })).toHaveAttribute('href', '/shared/s1');
    expect(within(rows[0]!).getByText(/^Shared by Dr Ana Patiño on /)).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('link', { name: 'Knee follow-up' })).toHaveAttribute('href', '/shared/s2');
    expect(within(rows[1]!).getByText(/^Li Wei · /)).toBeInTheDocument();
    expect(within(rows[1]!).getByText(/^Shared by A colleague on /)).toBeInTheDocument();
  });

  it('says what will appear here when nothing is shared', async () => {
    renderShared('/shared', { '/shared/sessions': () => ({ sessions: [] }) });
    expect(await screen.findByText('Nothing shared with you')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My sessions' })).toHaveAttribute('href', '/sessions');
  });

  it('says a failed load and loads again', async () => {
    const user = userEvent.setup();
    let fail = true;
    renderShared('/shared', {
      '/shared/sessions': () => {
        if (fail) throw new ApiError({ status: 503, code: 'unavailable', message: 'Charta is busy: try again in a moment' });
        return { sessions: [summary()] };
      },
    });
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'María García' })).toBeInTheDocument();
  });
});

describe('SharedSessionPage', () => {
  it('shows the note and the transcript to read, who shared it, and nothing to change them with', async () => {
    renderShared('/shared/s1', {}, { '/shared/session': () => sharedSession() });
    expect(await screen.findByText(/^Shared with you by Dr Ana Patiño on .*You can read it; only Dr Ana Patiño can change it\.$/)).toBeInTheDocument();
    expect(postsTo('/shared/session')).toEqual([{ sessionId: 's1' }]);
    expect(screen.getByRole('heading', { name: 'Subjective' })).toBeInTheDocument();
    expect(screen.getByText('Dry cough for four days.')).toBeInTheDocument();
    expect(screen.getByText('A dry cough for four days.')).toBeInTheDocument();
    expect(screen.getByText('01:05')).toBeInTheDocument();
    // Read-only: no field to type in, no action but going back.
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryAllByRole('button').map((b) => b.textContent)).toEqual([]);
    expect(screen.getAllByRole('link').map((l) => l.textContent)).toEqual(['Shared with me']);
    // Real engines: no warning.
    expect(screen.queryByText(/Simulated/)).not.toBeInTheDocument();
  });

  it('labels simulated output as the owner sees it labelled', async () => {
    renderShared('/shared/s1', {}, { '/shared/session': () => sharedSession({ transcript: { ...transcript, engine: 'ai-emulator/latest_long' }, documentation: documentation() }) });
    expect(await screen.findByRole('heading', { name: 'Subjective' })).toBeInTheDocument();
    expect(document.querySelectorAll('[data-output-quality="simulated"]')).toHaveLength(2);
  });

  it('says when there is no note or transcript yet', async () => {
    renderShared('/shared/s1', {}, { '/shared/session': () => sharedSession({ session: session({ status: 'transcribing' }), transcript: null, documentation: null }) });
    expect(await screen.findByText('No note yet. It appears here once it is written.')).toBeInTheDocument();
    expect(screen.getByText(/^No transcript: it has not been made yet/)).toBeInTheDocument();
  });

  it('says plainly when the session is no longer shared (404)', async () => {
    renderShared('/shared/s1', {}, {
      '/shared/session': () => {
        throw new ApiError({ status: 404, code: 'not_found', message: 'Session not found' });
      },
    });
    expect(await screen.findByText(/This session is not shared with you, or no longer/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });
});
