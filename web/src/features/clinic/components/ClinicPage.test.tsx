import { NO_CLINIC_POLICIES, type ClinicInvitation, type ClinicRole, type MyClinicResponse } from '@charta/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-client';
import { answerGets, answerPosts, postsTo } from '@/test/api';
import { clinicMember, noClinicPlan } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { ClinicPage } from './ClinicPage';

vi.mock('@/lib/api');

const member = clinicMember;
const owner = member('u-owner', 'owner', 'Dr Ana Patiño');
const admin = member('u-admin', 'admin', 'Dr Bo Lind');
const plain = member('u-member', 'member', 'Dr Cy Okafor');
const invitation: ClinicInvitation = {
  id: 'inv1',
  email: 'new.colleague@clinic.example',
  role: 'member',
  status: 'pending',
  createdAt: '2026-11-30T10:00:00.000Z',
  expiresAt: '2026-12-07T10:00:00.000Z',
};
type InClinic = Extract<MyClinicResponse, { role: ClinicRole }>;
const inClinic = (role: ClinicRole): InClinic => ({
  clinic: { id: 'c1', name: 'Northside Practice', createdAt: '2026-11-01T10:00:00.000Z' },
  role,
  members: [owner, admin, plain],
  invitations: role === 'member' ? [] : [invitation],
  policies: NO_CLINIC_POLICIES,
  singleSignOn: null, billing: noClinicPlan(),
});
const meFor = { owner: owner.uid, admin: admin.uid, member: plain.uid } as const;

function renderClinic(clinic: () => MyClinicResponse, posts: Parameters<typeof answerPosts>[0] = {}, role: ClinicRole = 'owner') {
  answerGets({ '/clinic': () => clinic() });
  answerPosts(posts);
  renderRoutes([{ path: '/clinic', element: <ClinicPage /> }], '/clinic', { user: { uid: meFor[role], email: `${meFor[role]}@clinic.example`, emailVerified: true } });
}

/** A member's row, named by their name and address. */
const memberItem = (name: string) => within(screen.getByRole('list', { name: /Members/ })).getByRole('listitem', { name: new RegExp(`^${name} \\(`) });

beforeEach(() => {
  vi.mocked(api.get).mockReset();
  vi.mocked(api.post).mockReset();
});

describe('ClinicPage: outside a clinic', () => {
  it('says what a clinic is, and creates one with the name typed', async () => {
    const user = userEvent.setup();
    let clinic: MyClinicResponse = { clinic: null };
    renderClinic(() => clinic, {
      '/clinic/create': (body) => {
        clinic = { ...inClinic('owner'), clinic: { id: 'c1', name: String(body['name']), createdAt: '2026-12-01T10:00:00.000Z' }, members: [owner], invitations: [] };
        return clinic;
      },
    });

    expect(await screen.findByRole('heading', { name: 'You are not in a clinic' })).toBeInTheDocument();
    expect(screen.getByText(/nobody in it, its owner and admins included, sees them/)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Clinic name' }), 'Northside Practice');
    await user.click(screen.getByRole('button', { name: 'Create clinic' }));

    expect(await screen.findByRole('heading', { name: 'Northside Practice' })).toBeInTheDocument();
    expect(postsTo('/clinic/create')).toEqual([{ name: 'Northside Practice' }]);
    expect(screen.getByText('Your role: Owner')).toBeInTheDocument();
  });

  it('shows the API’s sentence when the clinician is in a clinic already, and keeps the name', async () => {
    const user = userEvent.setup();
    renderClinic(() => ({ clinic: null }), {
      '/clinic/create': () => {
        throw new ApiError({ status: 409, code: 'conflict', message: 'You are in a clinic already: a clinician belongs to one clinic at a time' });
      },
    });

    await user.type(await screen.findByRole('textbox', { name: 'Clinic name' }), 'Second Practice');
    await user.click(screen.getByRole('button', { name: 'Create clinic' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('You are in a clinic already: a clinician belongs to one clinic at a time');
    expect(screen.getByRole('textbox', { name: 'Clinic name' })).toHaveValue('Second Practice');
  });

  it('says the clinic could not be loaded, and loads it on Try again', async () => {
    const user = userEvent.setup();
    let fail = true;
    renderClinic(() => {
      if (fail) throw new ApiError({ status: 503, code: 'unavailable', message: 'down' });
      return inClinic('member');
    }, {}, 'member');

    expect(await screen.findByText(/Your clinic could not be loaded\. Charta had a problem on its side/)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Northside Practice' })).toBeInTheDocument();
  });
});

describe('ClinicPage: roles decide the controls', () => {
  it('the owner changes roles, removes admins and members, invites admins, revokes, and deletes the clinic', async () => {
    renderClinic(() => inClinic('owner'));

    await screen.findByRole('heading', { name: 'Northside Practice' });
    const ownerRow = memberItem('Dr Ana Patiño');
    expect(within(ownerRow).getByText('Dr Ana Patiño (you)')).toBeInTheDocument();
    expect(within(ownerRow).queryByRole('button')).not.toBeInTheDocument();
    for (const name of ['Dr Bo Lind', 'Dr Cy Okafor']) {
      expect(within(memberItem(name)).getByRole('button', { name: new RegExp(`^Change role for ${name} \\(`) })).toBeInTheDocument();
      expect(within(memberItem(name)).getByRole('button', { name: new RegExp(`^Remove ${name} \\(`) })).toBeInTheDocument();
    }
    expect(within(screen.getByRole('list', { name: 'Pending invitations' })).getByText('new.colleague@clinic.example')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Revoke the invitation to new.colleague@clinic.example' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Role' }));
    expect(screen.getByRole('option', { name: 'Admin' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Delete clinic' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Leave clinic' })).not.toBeInTheDocument();
  });

  it('an admin removes members only, invites members only, and leaves', async () => {
    renderClinic(() => inClinic('admin'), {}, 'admin');

    await screen.findByRole('heading', { name: 'Northside Practice' });
    expect(within(memberItem('Dr Ana Patiño')).queryByRole('button')).not.toBeInTheDocument();
    expect(within(memberItem('Dr Bo Lind')).queryByRole('button')).not.toBeInTheDocument();
    expect(within(memberItem('Dr Cy Okafor')).getByRole('button', { name: 'Remove Dr Cy Okafor (u-member@clinic.example)' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Change role/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Role' }));
    expect(screen.getByRole('option', { name: 'Member' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Admin' })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByText('Only the clinic’s owner invites admins.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leave clinic' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete clinic' })).not.toBeInTheDocument();
  });

  it('a member sees the list read-only: no invitations, no controls but Leave', async () => {
    renderClinic(() => inClinic('member'), {}, 'member');

    await screen.findByRole('heading', { name: 'Northside Practice' });
    expect(within(screen.getByRole('list', { name: /Members/ })).queryAllByRole('button')).toEqual([]);
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByRole('heading', { name: 'Invitations' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Invite a colleague' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leave clinic' })).toBeInTheDocument();
  });
});

describe('ClinicPage: managing members', () => {
  it('invites, says an email was sent, and lists the invitation', async () => {
    const user = userEvent.setup();
    let clinic = { ...inClinic('owner'), invitations: [] as ClinicInvitation[] };
    renderClinic(() => clinic, {
      '/clinic/invitations/create': (body) => {
        const made = { ...invitation, email: String(body['email']), role: body['role'] as 'admin' };
        clinic = { ...clinic, invitations: [made] };
        return { invitation: made };
      },
    });

    expect(await screen.findByText('No invitations are waiting for an answer.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Email address' }), 'locum@clinic.example');
    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    await user.click(screen.getByRole('option', { name: 'Admin' }));
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));

    expect(await screen.findByText(/An invitation email was sent to locum@clinic\.example/)).toBeInTheDocument();
    expect(postsTo('/clinic/invitations/create')).toEqual([{ email: 'locum@clinic.example', role: 'admin' }]);
    expect(within(await screen.findByRole('list', { name: 'Pending invitations' })).getByText('locum@clinic.example')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveValue('');
  });

  it('keeps the typed address when the invitation is refused, and says the limit’s wait in words', async () => {
    const user = userEvent.setup();
    let answer: ApiError = new ApiError({ status: 409, code: 'conflict', message: 'That address belongs to a member of the clinic already', field: 'email' });
    renderClinic(() => inClinic('owner'), {
      '/clinic/invitations/create': () => {
        throw answer;
      },
    });

    const email = await screen.findByRole('textbox', { name: 'Email address' });
    await user.type(email, 'u-member@clinic.example');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('That address belongs to a member of the clinic already')).toBeInTheDocument();
    expect(email).toHaveValue('u-member@clinic.example');
    expect(email).toHaveAttribute('aria-invalid', 'true');

    answer = new ApiError({ status: 429, code: 'resource_exhausted', message: 'Too many clinic invitations: at most 20 per hour. Try again in 1740 s.', retryAfterSeconds: 1740 });
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You have sent as many invitations as the limit allows for now. You can send more in 29 minutes.');
    expect(email).toHaveValue('u-member@clinic.example');
  });

  it('asks before handing the clinic on, then sends the owner role', async () => {
    const user = userEvent.setup();
    renderClinic(() => inClinic('owner'), { '/clinic/members/set_role': () => inClinic('admin') });

    await user.click(await screen.findByRole('button', { name: 'Change role for Dr Bo Lind (u-admin@clinic.example)' }));
    await user.click(screen.getByRole('radio', { name: /Owner \(hand the clinic on\)/ }));
    await user.click(screen.getByRole('button', { name: 'Save role' }));
    const confirm = await screen.findByRole('dialog', { name: 'Hand the clinic to Dr Bo Lind?' });
    expect(postsTo('/clinic/members/set_role')).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Hand over the clinic' }));

    await waitFor(() => expect(postsTo('/clinic/members/set_role')).toEqual([{ uid: 'u-admin', role: 'owner' }]));
    expect(await screen.findByText('Dr Bo Lind now owns the clinic')).toBeInTheDocument();
  });

  it('asks before removing a member, and shows a refusal in the dialog', async () => {
    const user = userEvent.setup();
    renderClinic(() => inClinic('owner'), {
      '/clinic/members/remove': () => {
        throw new ApiError({ status: 403, code: 'permission_denied', message: 'Only the owner removes an admin' });
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Remove Dr Cy Okafor (u-member@clinic.example)' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Dr Cy Okafor from the clinic?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove from clinic' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Only the owner removes an admin');
    expect(postsTo('/clinic/members/remove')).toEqual([{ uid: 'u-member' }]);
  });

  it('deletes the clinic only once its name is typed, sending its id', async () => {
    const user = userEvent.setup();
    let clinic: MyClinicResponse = inClinic('owner');
    renderClinic(() => clinic, {
      '/clinic/delete': () => {
        clinic = { clinic: null };
        return { deleted: true };
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Delete clinic' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Northside Practice?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete clinic' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Clinic name' }), 'Northside Practice');
    await user.click(confirm);

    expect(await screen.findByRole('heading', { name: 'You are not in a clinic' })).toBeInTheDocument();
    expect(postsTo('/clinic/delete')).toEqual([{ clinicId: 'c1' }]);
  });
});

describe('ClinicPage: single sign-on by domain', () => {
  const sso = () => within(screen.getByRole('region', { name: 'Single sign-on' }));

  it('the owner claims their address’s domain for a provider; what is in force is said to everyone', async () => {
    const user = userEvent.setup();
    let clinic: MyClinicResponse = inClinic('owner');
    renderClinic(() => clinic, {
      '/clinic/sso/set': (body) => (clinic = { ...inClinic('owner'), singleSignOn: { domain: String(body['domain']).toLowerCase(), providerId: String(body['providerId']) } }),
    });
    await screen.findByRole('heading', { name: 'Single sign-on' });
    const card = sso();
    expect(card.getByText('Not set up: everyone signs in the way they choose.')).toBeInTheDocument();
    // The domain of the owner's own address is offered: the one they can claim.
    expect(card.getByRole('textbox', { name: 'Email domain' })).toHaveValue('clinic.example');
    await user.type(card.getByRole('textbox', { name: 'Provider id' }), 'oidc.northside');
    await user.click(card.getByRole('button', { name: 'Save single sign-on' }));

    expect(await card.findByText(/Everyone signing in with an address at clinic\.example is sent to the clinic’s identity provider \(oidc\.northside\)/)).toBeInTheDocument();
    expect(postsTo('/clinic/sso/set')).toEqual([{ domain: 'clinic.example', providerId: 'oidc.northside' }]);
    expect(card.getByRole('button', { name: 'Turn off single sign-on' })).toBeInTheDocument();
  });

  it('says a refusal at the field it names and keeps what was typed', async () => {
    const user = userEvent.setup();
    renderClinic(() => inClinic('owner'), {
      '/clinic/sso/set': () => {
        throw new ApiError({ status: 409, code: 'conflict', field: 'domain', message: 'Another clinic uses single sign-on for clinic.example' });
      },
    });
    await screen.findByRole('heading', { name: 'Single sign-on' });
    const card = sso();
    await user.type(card.getByRole('textbox', { name: 'Provider id' }), 'oidc.northside');
    await user.click(card.getByRole('button', { name: 'Save single sign-on' }));
    expect(await card.findByText('Another clinic uses single sign-on for clinic.example')).toBeInTheDocument();
    expect(card.getByRole('textbox', { name: 'Email domain' })).toHaveAccessibleDescription('Another clinic uses single sign-on for clinic.example');
    expect(card.getByRole('textbox', { name: 'Provider id' })).toHaveValue('oidc.northside');
  });

  it('a member reads it and has nothing to change', async () => {
    renderClinic(() => ({ ...inClinic('member'), singleSignOn: { domain: 'clinic.example', providerId: 'saml.northside' } }), {}, 'member');
    await screen.findByRole('heading', { name: 'Single sign-on' });
    const card = sso();
    expect(card.getByText(/address at clinic\.example is sent to the clinic’s identity provider \(saml\.northside\)/)).toBeInTheDocument();
    expect(card.queryByRole('textbox')).not.toBeInTheDocument();
    expect(card.queryByRole('button')).not.toBeInTheDocument();
  });
});
