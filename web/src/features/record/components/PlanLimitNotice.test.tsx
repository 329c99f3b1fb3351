import type { PlanUsage } from '@charta/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';
import { answerGets } from '@/test/api';
import { renderRoutes } from '@/test/render';
import { PlanLimitNotice } from './PlanLimitNotice';

vi.mock('@/lib/api');

function renderNotice(usage: Partial<PlanUsage>) {
  answerGets({
    '/subscription/usage': () => ({
      usage: { plan: 'free', documentationsThisMonth: 0, monthlyLimit: 20, resetsAt: '2026-12-01T00:00:00.000Z', ...usage },
    }),
  });
  return renderRoutes(
    [
      { path: '/', element: <PlanLimitNotice /> },
      { path: '/billing', element: <p>Billing page</p> },
    ],
    '/',
  );
}

beforeEach(() => {
  vi.mocked(api.get).mockReset();
});

describe('PlanLimitNotice (Record tab)', () => {
  it('says nothing far from the limit, nor on Pro', async () => {
    renderNotice({ documentationsThisMonth: 16 });
    await vi.waitFor(() => expect(api.get).toHaveBeenCalledWith('/subscription/usage'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('warns three documentations before the limit, with the way to upgrade', async () => {
    const router = renderNotice({ documentationsThisMonth: 17 });

    expect(await screen.findByText(/^3 documentations left this month on the free plan\./)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Upgrade' }));
    expect(router.state.location.pathname).toBe('/billing');
  });

  it('says the last one is the last one', async () => {
    renderNotice({ documentationsThisMonth: 19 });
    expect(await screen.findByText(/^1 documentation left this month/)).toBeInTheDocument();
  });

  it('says plainly at the limit that recording goes on and what is recorded is kept and documented after upgrading', async () => {
    renderNotice({ documentationsThisMonth: 20 });

    expect(await screen.findByText('You have used this month’s 20 free documentations')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      /You can still record and upload\. Each session is kept with its audio and transcript, and documented as soon as you upgrade, or when the count starts again on (1 December|December 1)\./,
    );
  });

  it('says nothing on a plan without a limit', async () => {
    renderNotice({ plan: 'pro', documentationsThisMonth: 400, monthlyLimit: null });
    await vi.waitFor(() => expect(api.get).toHaveBeenCalledWith('/subscription/usage'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
