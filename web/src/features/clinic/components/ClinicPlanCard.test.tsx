import { NO_CLINIC_POLICIES, type ClinicBilling, type ClinicRole, type MyClinicResponse } from '@charta/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-client';
import { leaveAppFor } from '@/lib/leave-app';
import { answerGets, answerPosts, postsTo } from '@/test/api';
import { clinicMember, noClinicPlan } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { ClinicPage } from './ClinicPage';

vi.mock('@/lib/api');
vi.mock('@/lib/leave-app', () => ({ leaveAppFor: vi.fn() }));

const members = [clinicMember('u-owner', 'owner', 'Dr Ana Patiño'), clinicMember('u-admin', 'admin', 'Dr Bo Lind'), clinicMember('u-member', 'member', 'Dr Cy Okafor')];
const onPro: ClinicBilling = { plan: 'pro', status: 'active', seats: 3, billedSeats: 3, currentPeriodEnd: '2027-01-02T10:00:00.000Z', cancelAtPeriodEnd: false };

const clinicWith = (role: ClinicRole, billing: ClinicBilling): MyClinicResponse => ({
  clinic: { id: 'c1', name: 'Northside Practice', createdAt: '2026-11-01T10:00:00.000Z' },
  role,
  members,
  invitations: [],
  policies: NO_CLINIC_POLICIES,
  singleSignOn: null,
  billing,
});

function renderPlan(clinic: () => MyClinicResponse, role: ClinicRole, posts: Parameters<typeof answerPosts>[0] = {}, at = '/clinic') {
  answerGets({ '/clinic': () => clinic() });
  answerPosts(posts);
  const uid = members.find((m) => m.role === role)!.uid;
  renderRoutes([{ path: '/clinic', element: <ClinicPage /> }], at, { user: { uid, email: `${uid}@clinic.example`, emailVerified: true } });
}

const planCard = async () => screen.findByRole('region', { name: 'Plan and seats' });

beforeEach(() => {
  vi.mocked(api.get).mockReset();
  vi.mocked(api.post).mockReset();
  vi.mocked(leaveAppFor).mockReset();
});

describe('ClinicPage: plan and seats', () => {
  it('on no plan, an admin starts the clinic’s plan at a seat per member: Stripe Checkout opens', async () => {
    const user = userEvent.setup();
    renderPlan(() => clinicWith('admin', noClinicPlan(3)), 'admin', { '/clinic/billing/checkout': () => ({ url: 'http://stripe.test/checkout/cs_1' }) });
    const card = await planCard();
    expect(within(card).getByText(/every member is on Pro and the clinic pays one bill, a seat per member \(3 seats now\)/)).toBeInTheDocument();
    expect(within(card).getByText(/unused days credited to them/)).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Start the clinic plan for 3 seats' }));
    expect(postsTo('/clinic/billing/checkout')).toEqual([{}]);
    expect(leaveAppFor).toHaveBeenCalledWith('http://stripe.test/checkout/cs_1');
  });

  it('a member reads the plan and has no button; on Pro, the seats and when it renews', async () => {
    renderPlan(() => clinicWith('member', onPro), 'member');
    const card = await planCard();
    expect(within(card).getByText(/Every member is on Pro through the clinic: 3 seats, one per member/)).toBeInTheDocument();
    expect(within(card).getByText(/^It renews on /)).toBeInTheDocument();
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
    expect(within(card).getByText('The owner and admins manage the clinic’s plan.')).toBeInTheDocument();
  });

  it('on Pro, the owner manages billing in Stripe’s portal; a failure is said and the button stays', async () => {
    const user = userEvent.setup();
    let fail = true;
    renderPlan(() => clinicWith('owner', { ...onPro, billedSeats: 2 }), 'owner', {
      '/clinic/billing/portal': () => {
        if (fail) throw new ApiError({ status: 409, code: 'conflict', message: 'The clinic has no plan to manage yet: start one first' });
        return { url: 'http://stripe.test/portal/bps_1' };
      },
    });
    const card = await planCard();
    expect(within(card).getByText('Stripe is being updated to 3 seats (it bills for 2 now).')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Manage billing' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('The clinic has no plan to manage yet');
    fail = false;
    await user.click(within(card).getByRole('button', { name: 'Manage billing' }));
    expect(leaveAppFor).toHaveBeenCalledWith('http://stripe.test/portal/bps_1');
  });

  it('back from checkout: says the payment is being confirmed, then shows Pro once the webhook has landed', async () => {
    let billing: ClinicBilling = noClinicPlan(3);
    renderPlan(() => clinicWith('owner', billing), 'owner', {}, '/clinic?checkout=done&session_id=cs_1');
    const card = await planCard();
    expect(within(card).getByRole('status')).toHaveTextContent('Thank you: confirming your payment');
    billing = onPro;
    expect(await within(card).findByText(/Every member is on Pro through the clinic/, {}, { timeout: 4000 })).toBeInTheDocument();
    expect(within(card).queryByText(/confirming your payment/)).not.toBeInTheDocument();
  });

  it('back from a cancelled checkout: nothing was charged', async () => {
    renderPlan(() => clinicWith('owner', noClinicPlan(3)), 'owner', {}, '/clinic?checkout=cancelled');
    expect(within(await planCard()).getByRole('status')).toHaveTextContent('Checkout was cancelled. Nothing was charged.');
  });
});
