import { DEFAULT_CONSENT_STATEMENT, NO_CLINIC_POLICIES, type ClinicPolicies, type ClinicRole, type MyClinicResponse } from '@charta/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-client';
import { answerGets, answerPosts, postsTo } from '@/test/api';
import { noClinicPlan } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { ClinicPage } from './ClinicPage';

vi.mock('@/lib/api');

const people = { owner: 'u-owner', admin: 'u-admin', member: 'u-member' } as const;

function clinicWith(role: ClinicRole, policies: ClinicPolicies): MyClinicResponse {
  return {
    clinic: { id: 'c1', name: 'Northside Practice', createdAt: '2026-11-01T10:00:00.000Z' },
    role,
    members: [{ uid: people[role], displayName: 'Dr Ana Patiño', email: `${people[role]}@clinic.example`, role, joinedAt: '2026-11-20T10:00:00.000Z' }],
    invitations: [],
    policies,
    singleSignOn: null, billing: noClinicPlan(),
  };
}

function renderClinic(role: ClinicRole, policies: ClinicPolicies, set?: (body: Record<string, unknown>) => unknown) {
  let current = clinicWith(role, policies);
  answerGets({ '/clinic': () => current });
  answerPosts({
    '/clinic/policies/set': (body) => {
      if (set) return set(body);
      current = clinicWith(role, body as unknown as ClinicPolicies);
      return current;
    },
  });
  renderRoutes([{ path: '/clinic', element: <ClinicPage /> }], '/clinic', { user: { uid: people[role], email: `${people[role]}@clinic.example`, emailVerified: true } });
}

const policiesCard = () => screen.findByRole('region', { name: 'Policies' });

beforeEach(() => {
  vi.mocked(api.get).mockReset();
  vi.mocked(api.post).mockReset();
});

describe('Clinic settings → Policies', () => {
  it('a member reads each policy in a sentence, with nothing to change', async () => {
    renderClinic('member', {
      consent: { required: true, statement: 'May I record our visit?' },
      retention: { audioDays: 0, transcriptDays: 7, sessionDays: null },
      signInMethods: ['password', 'google'],
    });
    const card = await policiesCard();
    expect(within(card).getByText('Every member asks for the patient’s consent before recording, and reads aloud: “May I record our visit?”')).toBeInTheDocument();
    expect(within(card).getByText(/deletes the audio when the note is ready, .* keeps sessions and their notes until the member deletes them\./)).toBeInTheDocument();
    expect(within(card).getByText('Members sign in only with a password or Google.')).toBeInTheDocument();
    expect(within(card).queryByRole('switch')).not.toBeInTheDocument();
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says members choose where the clinic sets nothing', async () => {
    renderClinic('member', NO_CLINIC_POLICIES);
    const card = await policiesCard();
    expect(within(card).getAllByText('Each member chooses in Settings.')).toHaveLength(2);
    expect(within(card).getByText('Members sign in any way Charta offers.')).toBeInTheDocument();
  });

  it('an admin sets consent and the sign-in methods for every member, in one save', async () => {
    const user = userEvent.setup();
    renderClinic('admin', NO_CLINIC_POLICIES);
    const card = await policiesCard();
    const save = within(card).getByRole('button', { name: 'Save policies' });
    expect(save).toBeDisabled();

    await user.click(within(card).getByRole('switch', { name: 'Set consent for every member' }));
    expect(within(card).getByRole('textbox', { name: 'What to read aloud' })).toHaveValue(DEFAULT_CONSENT_STATEMENT);
    await user.click(within(card).getByRole('switch', { name: 'Limit how members sign in' }));
    // Every method starts ticked; the admin keeps two.
    await user.click(within(card).getByRole('checkbox', { name: 'Google' }));
    await user.click(within(card).getByRole('checkbox', { name: 'Emailed sign-in code' }));
    await user.click(save);

    expect(await screen.findByText('Clinic policies saved')).toBeInTheDocument();
    expect(postsTo('/clinic/policies/set')).toEqual([
      { consent: { required: true, statement: DEFAULT_CONSENT_STATEMENT }, retention: null, signInMethods: ['password', 'organisation'] },
    ]);
    expect(within(await policiesCard()).getByRole('switch', { name: 'Set consent for every member' })).toBeChecked();
  });

  it('asks before setting retention for everyone, and refuses to save with no sign-in method left', async () => {
    const user = userEvent.setup();
    renderClinic('owner', NO_CLINIC_POLICIES);
    const card = await policiesCard();
    await user.click(within(card).getByRole('switch', { name: 'Limit how members sign in' }));
    for (const name of ['Email and password', 'Google', 'Emailed sign-in code', 'Organisation single sign-on']) await user.click(within(card).getByRole('checkbox', { name }));
    expect(within(card).getByText('Choose at least one way to sign in.')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Save policies' })).toBeDisabled();
    await user.click(within(card).getByRole('switch', { name: 'Limit how members sign in' }));

    await user.click(within(card).getByRole('switch', { name: 'Set retention for every member' }));
    await user.selectOptions(within(card).getByLabelText('Keep whole sessions with their notes'), '30');
    await user.click(within(card).getByRole('button', { name: 'Save policies' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set retention for every member?' });
    expect(postsTo('/clinic/policies/set')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Set retention' }));

    expect(await screen.findByText('Clinic policies saved')).toBeInTheDocument();
    expect(postsTo('/clinic/policies/set')).toEqual([{ consent: null, retention: { audioDays: 7, transcriptDays: 30, sessionDays: 30 }, signInMethods: null }]);
  });

  it('shows the API’s sentence when it refuses, and keeps what the admin chose', async () => {
    const user = userEvent.setup();
    renderClinic('admin', NO_CLINIC_POLICIES, () => {
      throw new ApiError({ status: 409, code: 'conflict', field: 'signInMethods', message: 'You signed in with a password, which this policy does not allow' });
    });
    const card = await policiesCard();
    await user.click(within(card).getByRole('switch', { name: 'Limit how members sign in' }));
    await user.click(within(card).getByRole('checkbox', { name: 'Email and password' }));
    await user.click(within(card).getByRole('button', { name: 'Save policies' }));

    expect(await within(card).findByRole('alert')).toHaveTextContent('You signed in with a password, which this policy does not allow');
    expect(within(card).getByRole('checkbox', { name: 'Email and password' })).not.toBeChecked();
    expect(within(card).getByRole('checkbox', { name: 'Google' })).toBeChecked();
  });
});
