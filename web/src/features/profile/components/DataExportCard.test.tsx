import type { DataExport } from '@charta/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-client';
import { renderPage } from '@/test/render';
import { DataExportCard } from './DataExportCard';

vi.mock('@/lib/api');
const mockedApi = vi.mocked(api);

const exported = (over: Partial<DataExport> = {}): DataExport => ({
  id: 'exp1',
  status: 'queued',
  sessionsDone: 0,
  sessionsTotal: null,
  createdAt: '2026-11-26T04:00:00.000Z',
  finishedAt: null,
  expiresAt: null,
  sizeBytes: null,
  downloadPath: null,
  ...over,
});

let latest: DataExport | null;
beforeEach(() => {
  latest = null;
  mockedApi.get.mockImplementation((path: string) => (path === '/export/latest' ? Promise.resolve({ export: latest }) : Promise.reject(new Error(`unexpected GET ${path}`))));
});

describe('DataExportCard', () => {
  it('starts an export and shows its progress', async () => {
    const user = userEvent.setup();
    mockedApi.post.mockImplementation(() => {
      latest = exported({ status: 'building', sessionsDone: 25, sessionsTotal: 100 });
      return Promise.resolve({ export: exported() });
    });
    renderPage(<DataExportCard />);
    await user.click(await screen.findByRole('button', { name: 'Start export' }));
    expect(mockedApi.post).toHaveBeenCalledWith('/export', {});
    expect(await screen.findByRole('status')).toHaveTextContent('Waiting to start');
    expect(screen.queryByRole('button', { name: /start/i })).not.toBeInTheDocument();
  });

  it('shows the progress of a build', async () => {
    latest = exported({ status: 'building', sessionsDone: 25, sessionsTotal: 100 });
    renderPage(<DataExportCard />);
    // Loading is a status too (its placeholder): the build's progress is the status that says it.
    await waitFor(() => expect(screen.getAllByRole('status').map((s) => s.textContent).join(' ')).toContain('Preparing your download: 25 of 100 sessions'));
    expect(screen.getByRole('progressbar', { name: 'Export progress' })).toHaveAttribute('aria-valuenow', '25');
  });

  it('once ready, shows the link with its expiry', async () => {
    latest = exported({ status: 'ready', sessionsDone: 100, sessionsTotal: 100, sizeBytes: 5 * 1024 * 1024, finishedAt: '2026-11-26T04:05:00.000Z', expiresAt: '2026-11-27T04:05:00.000Z', downloadPath: '/export/download/exp1?token=abc' });
    renderPage(<DataExportCard />);
    const link = await screen.findByRole('link', { name: 'Download ZIP (5.0 MB)' });
    expect(link.getAttribute('href')).toMatch(/\/api\/v1\/export\/download\/exp1\?token=abc$/);
    expect(screen.getByText(/The link works until/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start a new export' })).toBeInTheDocument();
  });

  it('says when the link expired, and when a start is refused', async () => {
    const user = userEvent.setup();
    latest = exported({ status: 'ready', sessionsDone: 3, sessionsTotal: 3, downloadPath: null });
    mockedApi.post.mockRejectedValue(new ApiError({ status: 429, code: 'rate_limited', message: 'Too many data exports: at most 3 per hour. Try again in 60 s.' }));
    renderPage(<DataExportCard />);
    expect(await screen.findByText(/link has expired/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start a new export' }));
    expect(await screen.findByText(/Too many data exports/)).toBeInTheDocument();
  });
});
