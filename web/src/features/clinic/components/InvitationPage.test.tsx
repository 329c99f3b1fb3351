import { NO_CLINIC_POLICIES, type InvitationPreview, type MyClinicResponse } from '@charta/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-client';
import { answerGets, answerPosts, postsTo, type Handler } from '@/test/api';
import { noClinicPlan } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import type { SignedInUser } from '@/types/user';
import { InvitationPage } from './InvitationPage';
import { InvitationSignedOut } from './InvitationSignedOut';

vi.mock('@/lib/api');

const TOKEN = 'a'.repeat(43);
const preview = (overrides: Partial<InvitationPreview> = {}): InvitationPreview => ({
  clinicName: 'Northside Practice',
  role: 'member',
  status: 'pending',
  expiresAt: '2026-12-07T10:00:00.000Z',
  forCaller: true,
  inviterName: 'Dr Ana Patiño',
  ...overrides,
});
const colleague: SignedInUser = { uid: 'u2', email: 'colleague@clinic.example', emailVerified: true };
const joined: MyClinicResponse = {
  clinic: { id: 'c1', name: 'Northside Practice', createdAt: '2026-11-01T10:00:00.000Z' },
  role: 'member',
  members: [],
  invitations: [],
  policies: NO_CLINIC_POLICIES,
  singleSignOn: null, billing: noClinicPlan(),
};

function renderInvitation({ invitation, myClinic = { clinic: null }, accept, user = colleague }: { invitation: Handler; myClinic?: MyClinicResponse; accept?: Handler; user?: SignedInUser }) {
  answerGets({ '/clinic': () => myClinic });
  answerPosts({ '/clinic/invitations/get': invitation, ...(accept ? { '/clinic/invitations/accept': accept } : {}) });
  return renderRoutes(
    [
      { path: '/clinic/invitations/:token', element: <InvitationPage /> },
      { path: '/clinic', element: <p>Clinic page</p> },
    ],
    `/clinic/invitations/${TOKEN}`,
    { user },
  );
}

beforeEach(() => {
  vi.mocked(api.get).mockReset();
  vi.mocked(api.post).mockReset();
});

describe('InvitationPage', () => {
  it('shows the clinic, the role and the expiry, accepts, and goes to the clinic page', async () => {
    const user = userEvent.setup();
    const router = renderInvitation({ invitation: () => ({ invitation: preview({ role: 'admin' }) }), accept: () => joined });

    expect(await screen.findByText('Northside Practice', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('Admin', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('Dr Ana Patiño', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('Link works until')).toBeInTheDocument();
    expect(postsTo('/clinic/invitations/get')).toEqual([{ token: TOKEN }]);
    await user.click(screen.getByRole('button', { name: 'Accept and join' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/clinic'));
    expect(postsTo('/clinic/invitations/accept')).toEqual([{ token: TOKEN }]);
  });

  it('names no inviter for an invitation kept from before inviters were recorded', async () => {
    renderInvitation({ invitation: () => ({ invitation: preview({ inviterName: null }) }) });
    expect(await screen.findByText('Northside Practice', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.queryByText('Invited by')).not.toBeInTheDocument();
  });

  it('says an expired invitation has expired, with no Accept', async () => {
    renderInvitation({ invitation: () => ({ invitation: preview({ status: 'expired' }) }) });

    expect(await screen.findByRole('heading', { name: 'This invitation has expired' })).toBeInTheDocument();
    expect(screen.getByText(/Ask the colleague who invited you to Northside Practice to send a new one/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept and join' })).not.toBeInTheDocument();
  });

  it('says a revoked or unknown link no longer works (404)', async () => {
    renderInvitation({
      invitation: () => {
        throw new ApiError({ status: 404, code: 'not_found', message: 'This invitation does not exist or was revoked' });
      },
    });

    expect(await screen.findByRole('heading', { name: 'This invitation no longer works' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open Clinic settings' })).toHaveAttribute('href', '/clinic');
  });

  it('says an invitation for another address needs that address, and offers no Accept', async () => {
    renderInvitation({ invitation: () => ({ invitation: preview({ forCaller: false }) }) });

    expect(await screen.findByRole('heading', { name: 'This invitation is for another email address' })).toBeInTheDocument();
    expect(screen.getByText(/You are signed in as colleague@clinic\.example/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept and join' })).not.toBeInTheDocument();
  });

  it('asks an unverified clinician to verify their address first', async () => {
    renderInvitation({ invitation: () => ({ invitation: preview({ forCaller: false }) }), user: { ...colleague, emailVerified: false } });

    expect(await screen.findByRole('heading', { name: 'Verify your email address first' })).toBeInTheDocument();
  });

  it('says a clinician in another clinic must leave it first', async () => {
    renderInvitation({ invitation: () => ({ invitation: preview() }), myClinic: { ...joined, clinic: { id: 'c9', name: 'Riverside Clinic', createdAt: '2026-10-01T10:00:00.000Z' } } });

    expect(await screen.findByRole('heading', { name: 'You are in Riverside Clinic already' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept and join' })).not.toBeInTheDocument();
  });

  it('shows why accepting was refused (409), and stays on the page', async () => {
    const user = userEvent.setup();
    const router = renderInvitation({
      invitation: () => ({ invitation: preview() }),
      accept: () => {
        throw new ApiError({ status: 409, code: 'conflict', message: 'This invitation has expired: ask for a new one' });
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Accept and join' }));
    expect(await screen.findByRole('heading', { name: 'The invitation could not be accepted' })).toBeInTheDocument();
    expect(screen.getByText('This invitation has expired: ask for a new one.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/clinic/invitations/${TOKEN}`);
  });

  it('says a failed load plainly, and loads again on Try again', async () => {
    const user = userEvent.setup();
    let fail = true;
    renderInvitation({
      invitation: () => {
        if (fail) throw new ApiError({ status: 503, code: 'unavailable', message: 'down' });
        return { invitation: preview() };
      },
    });

    expect(await screen.findByText(/The invitation could not be loaded\./)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Accept and join' })).toBeInTheDocument();
  });
});

describe('InvitationSignedOut', () => {
  it('names nothing of the invitation and offers sign-in and sign-up that come back to the link', async () => {
    renderRoutes([{ path: '/clinic/invitations/:token', element: <InvitationSignedOut /> }], `/clinic/invitations/${TOKEN}`);

    expect(await screen.findByRole('heading', { name: 'You are invited to a clinic' })).toBeInTheDocument();
    const back = encodeURIComponent(`/clinic/invitations/${TOKEN}`);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', `/sign-in?redirect=${back}`);
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', `/sign-up?redirect=${back}`);
    expect(api.post).not.toHaveBeenCalled();
  });
});
