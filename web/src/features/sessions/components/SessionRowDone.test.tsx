import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';
import { answerPosts } from '@/test/api';
import { session } from '@/test/fixtures';
import { renderPage } from '@/test/render';
import { SessionsPage } from './SessionsPage';

vi.mock('@/lib/api');

beforeEach(() => {
  vi.mocked(api.post).mockReset();
});

describe('Done notes in the session list', () => {
  it('A note marked done (reviewed and signed off) says so in its row; others do not', async () => {
    answerPosts({
      '/session/sessions': () => ({
        sessions: [session({ id: 's1', title: 'Signed off', doneAt: '2026-11-20T11:00:00.000Z' }), session({ id: 's2', title: 'Still open', doneAt: null })],
        nextCursor: null,
      }),
    });
    renderPage(<SessionsPage />);
    const done = await screen.findByRole('listitem', { name: 'Signed off' });
    expect(within(done).getByText('Done')).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'Still open' })).queryByText('Done')).not.toBeInTheDocument();
  });
});
