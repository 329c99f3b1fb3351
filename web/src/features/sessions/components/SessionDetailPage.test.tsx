import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SWRConfig } from 'swr';
import { describe, expect, it, vi } from 'vitest';
import { NotificationsProvider } from '@/components/feedback/notifications';
import { NavigationProvider } from '@/components/layout/navigation-state';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-client';
import type { Session } from '@/types/session';
import { fetchSessionAudio } from '../api/session-audio';
import { SessionDetailPage } from './SessionDetailPage';

vi.mock('@/lib/api', () => ({
  api: { get: vi.fn(), put: vi.fn(), post: vi.fn(), delete: vi.fn(), request: vi.fn() },
}));
vi.mock('../api/session-audio', () => ({ fetchSessionAudio: vi.fn() }));
const post = vi.mocked(api.post);
const fetchAudio = vi.mocked(fetchSessionAudio);

const session: Session = {
  id: 's1',
  patientName: 'María García',
  templateId: 'soap',
  language: 'es-ES',
  title: 'Knee pain review',
  audio_uri: 'local://a',
  audioDurationSec: 1234.4,
  status: 'transcribing',
  error: null,
  documentationId: null,
  createdAt: '2026-11-21T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
};

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/sessions/:sessionId', element: <SessionDetailPage /> }], { initialEntries: [path] });
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      <NotificationsProvider>
        <NavigationProvider user={null}>
          <RouterProvider router={router} />
        </NavigationProvider>
      </NotificationsProvider>
    </SWRConfig>,
  );
}

describe('SessionDetailPage', () => {
  it('shows the session’s title, status, duration and patient', async () => {
    post.mockResolvedValue({ session });
    renderAt('/sessions/s1');

    expect(await screen.findByRole('heading', { name: 'Knee pain review' })).toBeInTheDocument();
    expect(screen.getByText('Transcribing')).toBeInTheDocument();
    expect(screen.getByText('20:34')).toBeInTheDocument();
    expect(screen.getByText('María García')).toBeInTheDocument();
    expect(screen.getByText('Spanish (Spain)')).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith('/session/session', { sessionId: 's1' });
    expect(screen.getByRole('link', { name: 'All sessions' })).toHaveAttribute('href', '/sessions');
  });

  it('loads the audio only when asked, then plays it', async () => {
    const user = userEvent.setup();
    post.mockResolvedValue({ session });
    fetchAudio.mockResolvedValue(new Blob(['audio'], { type: 'audio/webm' }));
    URL.createObjectURL = vi.fn(() => 'blob:session-audio');
    URL.revokeObjectURL = vi.fn();
    renderAt('/sessions/s1');

    await user.click(await screen.findByRole('button', { name: 'Listen to the recording' }));

    const audio = await screen.findByLabelText('Audio of Knee pain review');
    expect(audio).toHaveAttribute('src', 'blob:session-audio');
    expect(fetchAudio).toHaveBeenCalledWith('s1', expect.any(AbortSignal));
  });

  it('says so when the session does not exist', async () => {
    post.mockRejectedValue(new ApiError({ status: 404, code: 'not_found', message: 'No such session' }));
    renderAt('/sessions/gone');
    expect(await screen.findByText('This session does not exist, or it was deleted.')).toBeInTheDocument();
  });
});
