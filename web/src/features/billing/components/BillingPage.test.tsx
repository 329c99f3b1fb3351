import type { PlanUsage, Subscription } from '@charta/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rememberSessionToDocument } from '@/data/billing';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-client';
import { answerGets, answerPosts, postsTo } from '@/test/api';
import { profile, subscription } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { CHECKOUT_WAIT_MS } from '../hooks/use-checkout-return';
import { leaveAppFor } from '@/lib/leave-app';
import { BillingPage } from './BillingPage';

vi.mock('@/lib/api');
vi.mock('@/lib/leave-app', () => ({ leaveAppFor: vi.fn() }));

const free = subscription();
const pro: Subscription = subscription({ plan: 'pro', status: 'active', currentPeriodEnd: '2026-12-21T10:00:00.000Z', stripeCustomerId: 'cus_1' });
const usage = (overrides: Partial<PlanUsage> = {}): PlanUsage => ({
  plan: 'free',
  documentationsThisMonth: 12,
  monthlyLimit: 20,
  resetsAt: '2026-12-01T00:00:00.000Z',
  ...overrides,
});

/** The fake server: GET /subscription answers `plan()` each time it is read. */
function serve({ plan = () => free, planUsage = usage(), credit = 0 }: { plan?: () => Subscription; planUsage?: PlanUsage; credit?: number } = {}) {
  answerGets({
    '/subscription': () => ({ subscription: plan() }),
    '/subscription/usage': () => ({ usage: planUsage }),
    '/profile': () => ({ profile: profile() }),
    '/stripe/portal_link': () => ({ url: 'http://127.0.0.1:12111/portal/bps_1' }),
  });
  answerPosts({
    '/stripe/balance': () => ({ balance: { amount: credit, currency: 'usd' } }),
    '/stripe/embedded_payments_link': () => ({ clientSecret: 'cs_1_secret_abc' }),
  });
}

function renderBilling(path = '/billing') {
  return renderRoutes(
    [
      { path: '/billing', element: <BillingPage /> },
      { path: '/sessions/:sessionId', element: <p>Session page</p> },
    ],
    path,
  );
}

beforeEach(() => {
  vi.mocked(api.get).mockReset();
  vi.mocked(api.post).mockReset();
  vi.mocked(leaveAppFor).mockReset();
  sessionStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('BillingPage: the plan', () => {
  it('shows the free plan, this month’s usage as a meter, and the upgrade; no billing to manage without a customer', async () => {
    serve();
    renderBilling();

    expect(await screen.findByText('Free plan')).toBeInTheDocument();
    const meter = await screen.findByRole('meter', { name: 'Documentations this month' });
    expect(meter).toHaveAttribute('aria-valuenow', '12');
    expect(meter).toHaveAttribute('aria-valuemax', '20');
    expect(meter).toHaveAttribute('aria-valuetext', '12 of 20 documentations used this month');
    expect(screen.getByText(/^8 left\. The count starts again on (1 December|December 1)\.$/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Upgrade to Pro' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Manage billing' })).not.toBeInTheDocument();
  });

  it('says plainly at the limit that recordings are kept and documented after upgrading', async () => {
    serve({ planUsage: usage({ documentationsThisMonth: 20 }) });
    renderBilling();

    expect(await screen.findByText(/You have used all 20 for this month\. New recordings are kept with their transcripts and documented once you upgrade/)).toBeInTheDocument();
  });

  it('shows Pro with its renewal date, no limit and Manage billing, which opens the portal', async () => {
    const user = userEvent.setup();
    serve({ plan: () => pro, planUsage: usage({ plan: 'pro', monthlyLimit: null, documentationsThisMonth: 31 }) });
    renderBilling();

    expect(await screen.findByText('Pro plan')).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText(/^Renews on .*2026\.$/)).toBeInTheDocument();
    expect(await screen.findByText('31 documentations this month. Your plan has no monthly limit.')).toBeInTheDocument();
    expect(screen.queryByRole('meter')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Upgrade to Pro' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Manage billing' }));
    await waitFor(() => expect(leaveAppFor).toHaveBeenCalledWith('http://127.0.0.1:12111/portal/bps_1'));
  });

  it('a member of a paid clinic is on Pro through it: said so, with nothing to buy or manage here', async () => {
    serve({ plan: () => free, planUsage: usage({ plan: 'pro', monthlyLimit: null, documentationsThisMonth: 4 }) });
    renderBilling();

    expect(await screen.findByText('Your clinic pays for your Pro plan: its owner and admins manage it in Clinic settings.')).toBeInTheDocument();
    expect(screen.getByTestId('current-plan')).toHaveTextContent('Pro plan');
    expect(screen.queryByRole('heading', { name: 'Upgrade to Pro' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Manage billing' })).not.toBeInTheDocument();
  });

  it('asks for a new payment method when the last payment failed', async () => {
    serve({ plan: () => ({ ...pro, status: 'past_due' }) });
    renderBilling();

    expect(await screen.findByText('Payment overdue')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Your last payment did not go through. Update your payment method in Manage billing to keep Pro.');
  });

  it('says when a cancelled Pro ends', async () => {
    serve({ plan: () => ({ ...pro, cancelAtPeriodEnd: true }) });
    renderBilling();

    expect(await screen.findByText(/^Cancelled: Pro ends on .*2026, then you are on the free plan\./)).toBeInTheDocument();
  });

  it('says what failed to load, readably, and loads again on Try again', async () => {
    const user = userEvent.setup();
    serve();
    const get = vi.mocked(api.get);
    const working = get.getMockImplementation()!;
    get.mockImplementation((path: string) =>
      path === '/subscription' ? Promise.reject(new ApiError({ status: 503, code: 'unavailable', message: 'internal detail' })) : working(path),
    );
    renderBilling();

    const failure = await screen.findByText('Your plan could not be loaded. Charta had a problem on its side. Please try again in a moment.');
    expect(screen.queryByText(/internal detail/)).not.toBeInTheDocument();
    get.mockImplementation(working);
    await user.click(within(failure.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Free plan')).toBeInTheDocument();
  });
});

describe('BillingPage: upgrading', () => {
  it('in an emulator build, starts embedded checkout and opens the Stripe emulator’s page for it', async () => {
    vi.stubEnv('VITE_USE_EMULATORS', 'true');
    vi.stubEnv('VITE_STRIPE_EMULATOR_URL', 'http://127.0.0.1:52111');
    const user = userEvent.setup();
    serve();
    renderBilling();

    await user.click(await screen.findByRole('button', { name: 'Upgrade to Pro' }));

    await waitFor(() => expect(leaveAppFor).toHaveBeenCalledWith('http://127.0.0.1:52111/checkout/embedded?client_secret=cs_1_secret_abc'));
    expect(postsTo('/stripe/embedded_payments_link')).toEqual([{ plan: 'pro' }]);
  });

  it('says why checkout could not start, and stays on the page', async () => {
    vi.stubEnv('VITE_USE_EMULATORS', 'true');
    const user = userEvent.setup();
    serve();
    const post = vi.mocked(api.post);
    const working = post.getMockImplementation()!;
    post.mockImplementation((path: string, body?: unknown) =>
      path === '/stripe/embedded_payments_link'
        ? Promise.reject(new ApiError({ status: 429, code: 'rate_limited', message: 'Too many checkouts. Try again in 30 seconds.' }))
        : working(path, body),
    );
    renderBilling();

    await user.click(await screen.findByRole('button', { name: 'Upgrade to Pro' }));

    expect(await screen.findByText('Checkout could not be started. Too many checkouts. Try again in 30 seconds.')).toBeInTheDocument();
    expect(leaveAppFor).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Upgrade to Pro' })).toBeEnabled();
  });

  it('does not offer an upgrade a production build cannot take (no publishable key)', async () => {
    serve();
    renderBilling();

    expect(await screen.findByText('Upgrading is not available on this installation yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upgrade to Pro' })).toBeDisabled();
  });
});

describe('BillingPage: back from checkout', () => {
  it('shows Pro as soon as the webhook has landed, and offers the way back to the session held by the limit', async () => {
    // The webhook lands between the second and third read.
    const answers = [free, free, pro];
    serve({ plan: () => (answers.length > 1 ? answers.shift()! : answers[0]!) });
    rememberSessionToDocument('s-held');
    const router = renderBilling('/billing?checkout=done&session_id=cs_1');

    expect(await screen.findByText('Thank you: confirming your payment')).toBeInTheDocument();
    // The page does not offer to pay again while the payment is confirmed.
    expect(screen.queryByRole('heading', { name: 'Upgrade to Pro' })).not.toBeInTheDocument();

    expect(await screen.findByText('Welcome to Pro', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByText('Pro plan')).toBeInTheDocument();
    // Handled: a reload neither welcomes again nor polls.
    expect(router.state.location.search).toBe('');

    await userEvent.click(screen.getByRole('link', { name: 'Back to your session to document it' }));
    expect(router.state.location.pathname).toBe('/sessions/s-held');
  });

  it('says a cancelled checkout charged nothing, and offers the upgrade again', async () => {
    serve();
    renderBilling('/billing?checkout=cancelled');

    expect(await screen.findByText('Checkout was cancelled. Nothing was charged, and you are still on your current plan.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Upgrade to Pro' })).toBeInTheDocument();
  });

  it('says it is taking longer when the plan has not changed after a while, and checks again on request', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let current = free;
    serve({ plan: () => current });
    renderBilling('/billing?checkout=done&session_id=cs_1');

    expect(await screen.findByText('Thank you: confirming your payment')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(CHECKOUT_WAIT_MS + 100));
    expect(await screen.findByText('This is taking longer than usual')).toBeInTheDocument();
    const reads = vi.mocked(api.get).mock.calls.filter(([path]) => path === '/subscription').length;
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    // No polling once it said so.
    expect(vi.mocked(api.get).mock.calls.filter(([path]) => path === '/subscription').length).toBe(reads);

    current = pro;
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByText('Welcome to Pro')).toBeInTheDocument();
  });
});

describe('BillingPage: referrals', () => {
  it('shows the invitation link, copies it, and shows the credit earned', async () => {
    const user = userEvent.setup();
    serve({ credit: 1000 });
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    renderBilling();

    const link = `${window.location.origin}/sign-up?ref=ADA123`;
    expect(await screen.findByLabelText('Your invitation link')).toHaveValue(link);
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(link);
    expect(await screen.findByText('Link copied.')).toBeInTheDocument();
    expect(await screen.findByText('$10.00')).toBeInTheDocument();
  });

  it('says how credit is earned when there is none yet, and what to do when copying is refused', async () => {
    const user = userEvent.setup();
    serve({ credit: 0 });
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    renderBilling();

    expect(await screen.findByText(/^No credit yet\./)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Copying was not allowed here: select the link and copy it.')).toBeInTheDocument();
  });
});
