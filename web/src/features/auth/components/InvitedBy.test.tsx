import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { rememberedReferralCode } from '@/data/referral';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-client';
import { answerPosts, postsTo } from '@/test/api';
import { renderRoutes } from '@/test/render';
import { InvitedBy } from './InvitedBy';

vi.mock('@/lib/api');

function renderAt(path: string) {
  return renderRoutes([{ path: '/sign-up', element: <InvitedBy /> }], path);
}

beforeEach(() => {
  vi.mocked(api.post).mockReset();
  sessionStorage.clear();
});

describe('InvitedBy (sign-up page)', () => {
  it('greets the invitee with the referrer’s short name and remembers the code for after sign-up', async () => {
    answerPosts({ '/referral/lookup_customer_name': () => ({ name: 'Maria G.' }) });
    renderAt('/sign-up?ref=mar1a2024');

    expect(await screen.findByText('Maria G.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(/^Invited by Maria G\.$/);
    // Looked up and kept as the API stores codes: trimmed and upper-case.
    expect(postsTo('/referral/lookup_customer_name')[0]).toEqual({ referralCode: 'MAR1A2024' });
    // Public, and asked before there is anyone to sign in: without a token (the client refuses a signed-out call).
    expect(vi.mocked(api.post).mock.calls[0]?.[2]).toEqual({ anonymous: true });
    expect(rememberedReferralCode()).toBe('MAR1A2024');
  });

  it('keeps the code through a detour (sign-in and back) without the link', async () => {
    answerPosts({ '/referral/lookup_customer_name': () => ({ name: 'Maria G.' }) });
    sessionStorage.setItem('charta-referral-code', 'MARIA2024');
    renderAt('/sign-up');

    expect(await screen.findByText('Maria G.')).toBeInTheDocument();
  });

  it('greets no one for a code that matches nobody, and shows no error to someone signing up', async () => {
    answerPosts({
      '/referral/lookup_customer_name': () => {
        throw new ApiError({ status: 404, code: 'not_found', message: 'No such referral code' });
      },
    });
    renderAt('/sign-up?ref=NOBODY99');

    await vi.waitFor(() => expect(postsTo('/referral/lookup_customer_name')).toHaveLength(1));
    expect(screen.queryByText(/Invited by/)).not.toBeInTheDocument();
    expect(screen.queryByText(/No such referral code/)).not.toBeInTheDocument();
  });

  it('asks nothing for a link that cannot carry a code, and without one', () => {
    answerPosts({});
    renderAt('/sign-up?ref=<script>');
    renderAt('/sign-up');
    expect(postsTo('/referral/lookup_customer_name')).toEqual([]);
    expect(rememberedReferralCode()).toBeNull();
  });
});
