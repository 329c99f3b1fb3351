// A session the free plan's monthly limit held at its transcript, on the session page: nothing lost, and the
// way to have it documented (upgrade while the limit holds, document it once it no longer does).
import { PLAN_LIMIT_SESSION_ERROR_CODE, type PlanUsage } from '@charta/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionToDocument } from '@/data/billing';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-client';
import { answerGets, answerPosts, postsTo } from '@/test/api';
import { session, transcript } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { SessionPage } from './SessionPage';

vi.mock('@/lib/api');

const held = session({
  status: 'failed',
  documentationId: null,
  error: {
    code: PLAN_LIMIT_SESSION_ERROR_CODE,
    message: 'You have used the 20 documentations of the free plan this month. Upgrade to Pro, or wait until 1 December.',
  },
});
const usage = (overrides: Partial<PlanUsage>): PlanUsage => ({
  plan: 'free',
  documentationsThisMonth: 20,
  monthlyLimit: 20,
  resetsAt: '2026-12-01T00:00:00.000Z',
  ...overrides,
});

function renderHeld(planUsage: PlanUsage, process: () => unknown = () => ({ session: { ...held, status: 'uploaded', error: null } })) {
  answerGets({ '/subscription/usage': () => ({ usage: planUsage }) });
  answerPosts({
    '/session/session': () => ({ session: held }),
    '/session/transcription': () => ({ transcript }),
    '/session/process': process,
  });
  return renderRoutes(
    [
      { path: '/sessions/:sessionId', element: <SessionPage /> },
      { path: '/billing', element: <p>Billing page</p> },
    ],
    '/sessions/s1',
  );
}

beforeEach(() => {
  vi.mocked(api.get).mockReset();
  vi.mocked(api.post).mockReset();
  sessionStorage.clear();
});

describe('SessionPage: a session held by the plan limit', () => {
  it('is no failure: it says the session and transcript are kept, and offers the upgrade that documents it', async () => {
    const router = renderHeld(usage({}));

    expect(await screen.findByText('Kept until you upgrade')).toBeInTheDocument();
    expect(
      screen.getByText(
        /^It was recorded after this month’s 20 free documentations were used\. Its audio and transcript are kept: nothing is lost\. It is documented as soon as you upgrade, or from (1 December|December 1)\.$/,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('The documentation could not be prepared')).not.toBeInTheDocument();
    expect(await screen.findByText('A dry cough for four days.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Upgrade to document it' }));
    expect(router.state.location.pathname).toBe('/billing');
    // The billing page offers the way back here once the plan has changed.
    expect(sessionToDocument()).toBe('s1');
  });

  it('once the limit no longer applies (upgraded, or a new month), documents it through POST /session/process', async () => {
    const user = userEvent.setup();
    renderHeld(usage({ plan: 'pro', monthlyLimit: null }));

    await user.click(await screen.findByRole('button', { name: 'Document it' }));

    expect(postsTo('/session/process')).toEqual([{ sessionId: 's1' }]);
    expect(screen.queryByRole('link', { name: 'Upgrade to document it' })).not.toBeInTheDocument();
  });

  it('when the plan’s usage cannot be read, gives the server’s words and both ways, and lets the server decide', async () => {
    renderHeld(usage({}));
    vi.mocked(api.get).mockRejectedValue(new ApiError({ status: 503, code: 'unavailable', message: 'down' }));

    expect(await screen.findByText(/^You have used the 20 documentations of the free plan this month\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade to document it' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Document it' })).toBeInTheDocument();
  });

  it('says why when the server still holds it', async () => {
    const user = userEvent.setup();
    renderHeld(usage({ documentationsThisMonth: 3 }), () => {
      throw new ApiError({ status: 403, code: 'permission_denied', message: 'You have used the 20 documentations of the free plan this month.', field: 'plan' });
    });

    await user.click(await screen.findByRole('button', { name: 'Document it' }));

    expect(await screen.findByText(/^Could not start again: You have used the 20 documentations/)).toBeInTheDocument();
  });
});
