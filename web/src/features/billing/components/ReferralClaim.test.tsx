import { render } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { rememberedReferralCode, rememberReferralCode } from '@/data/referral';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-client';
import { loadedFirebaseAuth } from '@/lib/firebase-on-demand';
import { profile } from '@/test/fixtures';
import { TestProviders } from '@/test/render';
import { ReferralClaim } from './ReferralClaim';

vi.mock('@/lib/api');
vi.mock('@/lib/firebase-on-demand', () => ({ loadedFirebaseAuth: vi.fn() }));

const user = { uid: 'u2', email: 'new@example.com', emailVerified: false };
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toUTCString();

function accountCreated(creationTime: string) {
  vi.mocked(loadedFirebaseAuth).mockReturnValue({ currentUser: { metadata: { creationTime } } } as unknown as ReturnType<typeof loadedFirebaseAuth>);
}

function renderSignedIn() {
  render(
    <TestProviders user={user}>
      <ReferralClaim />
    </TestProviders>,
  );
}

beforeEach(() => {
  vi.mocked(api.put).mockReset();
  sessionStorage.clear();
});

describe('ReferralClaim', () => {
  it('sends the remembered code with a new account’s first profile write, once', async () => {
    accountCreated(minutesAgo(1));
    vi.mocked(api.put).mockResolvedValue({ profile: profile({ uid: 'u2' }) });
    rememberReferralCode('MARIA2024');
    renderSignedIn();

    await vi.waitFor(() => expect(api.put).toHaveBeenCalledWith('/profile', { referredByCode: 'MARIA2024' }));
    await vi.waitFor(() => expect(rememberedReferralCode()).toBeNull());
  });

  it('does not make an account that already existed a referral (signed in after following a link)', async () => {
    accountCreated(minutesAgo(60 * 24 * 30));
    rememberReferralCode('MARIA2024');
    renderSignedIn();

    await vi.waitFor(() => expect(rememberedReferralCode()).toBeNull());
    expect(api.put).not.toHaveBeenCalled();
  });

  it('forgets a code the API refuses for good (own, unknown, already referred), keeps it after a failure worth retrying', async () => {
    accountCreated(minutesAgo(1));
    rememberReferralCode('MARIA2024');
    vi.mocked(api.put).mockRejectedValueOnce(new ApiError({ status: 503, code: 'unavailable', message: 'try later' }));
    renderSignedIn();
    await vi.waitFor(() => expect(api.put).toHaveBeenCalledTimes(1));
    expect(rememberedReferralCode()).toBe('MARIA2024');

    vi.mocked(api.put).mockRejectedValueOnce(new ApiError({ status: 409, code: 'conflict', message: 'already referred', field: 'referredByCode' }));
    renderSignedIn();
    await vi.waitFor(() => expect(rememberedReferralCode()).toBeNull());
  });

  it('does nothing without a remembered code', () => {
    accountCreated(minutesAgo(1));
    renderSignedIn();
    expect(api.put).not.toHaveBeenCalled();
  });
});
