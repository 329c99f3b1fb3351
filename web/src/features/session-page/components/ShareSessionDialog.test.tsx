import { NO_CLINIC_POLICIES, type ClinicMember, type MyClinicResponse, type SessionShare } from '@charta/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-client';
import { answerGets, answerPosts, postsTo, type Handler } from '@/test/api';
import { clinicMember, documentation, noClinicPlan, session, transcript } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { SessionPage } from './SessionPage';

vi.mock('@/lib/api');

const member = clinicMember;
const me = member('u-me', 'member', 'Dr Me');
const ana = member('u-ana', 'owner', 'Dr Ana Patiño');
const bo = member('u-bo', 'admin', 'Dr Bo Lind');
const clinicWith = (members: ClinicMember[]): MyClinicResponse => ({
  clinic: { id: 'c1', name: 'Northside Practice', createdAt: '2026-11-01T10:00:00.000Z' },
  role: 'member',
  members,
  invitations: [],
  policies: NO_CLINIC_POLICIES,
  singleSignOn: null, billing: noClinicPlan(),
});

/** The session page of a ready session, in (or out of) a clinic; the share routes as `shareRoutes` answers them. */
function renderSession(clinic: MyClinicResponse, shareRoutes: Record<string, Handler> = {}) {
  answerGets({ '/clinic': () => clinic });
  answerPosts({
    '/session/session': () => ({ session: session({ status: 'ready' }) }),
    '/session/transcription': () => ({ transcript }),
    '/documentation/by_session': () => ({ documentation: documentation() }),
    ...shareRoutes,
  });
  renderRoutes([{ path: '/sessions/:sessionId', element: <SessionPage /> }], '/sessions/s1', {
    user: { uid: me.uid, email: me.email, emailVerified: true },
  });
}

/** A server holding the session's shares: share adds (once per colleague), unshare removes. */
function shareServer(initial: SessionShare[] = []): Record<string, Handler> {
  let shares = [...initial];
  return {
    '/session/shares': () => ({ shares }),
    '/session/share': (body) => {
      const share: SessionShare = { sessionId: 's1', colleagueUid: String(body['colleagueUid']), colleagueName: 'x', sharedAt: '2026-12-02T09:00:00.000Z' };
      shares = [...shares.filter((s) => s.colleagueUid !== share.colleagueUid), share];
      return { share };
    },
    '/session/unshare': (body) => {
      shares = shares.filter((s) => s.colleagueUid !== body['colleagueUid']);
      return { removed: true };
    },
  };
}

const colleagueRow = (name: string) => within(screen.getByRole('list', { name: 'Colleagues' })).getByRole('listitem', { name });

beforeEach(() => {
  vi.mocked(api.get).mockReset();
  vi.mocked(api.post).mockReset();
});

describe('SessionPage: sharing with a colleague', () => {
  it('offers no Share outside a clinic', async () => {
    renderSession({ clinic: null });
    expect(await screen.findByRole('heading', { name: 'Subjective' }, { timeout: 4000 })).toBeInTheDocument();
    await waitFor(() => expect(api.get).toHaveBeenCalledWith('/clinic'));
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
  });

  it('lists the colleagues (never the caller), shares with one, then stops sharing', async () => {
    const user = userEvent.setup();
    renderSession(clinicWith([ana, me, bo]), shareServer([{ sessionId: 's1', colleagueUid: bo.uid, colleagueName: bo.displayName, sharedAt: '2026-12-01T09:00:00.000Z' }]));

    await user.click(await screen.findByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share this session' });
    expect(within(dialog).getByText(/can read this session, its transcript and its note, but not change them/)).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Colleagues' });
    expect(within(screen.getByRole('list', { name: 'Colleagues' })).getAllByRole('listitem').map((row) => row.getAttribute('aria-label'))).toEqual([
      'Dr Ana Patiño',
      'Dr Bo Lind',
    ]);
    // Bo has it already; Ana not yet.
    expect(within(colleagueRow('Dr Bo Lind')).getByText(/Can read it since/)).toBeInTheDocument();
    expect(within(colleagueRow('Dr Bo Lind')).getByRole('button', { name: 'Stop sharing with Dr Bo Lind' })).toBeInTheDocument();

    await user.click(within(colleagueRow('Dr Ana Patiño')).getByRole('button', { name: 'Share with Dr Ana Patiño' }));
    expect(await within(colleagueRow('Dr Ana Patiño')).findByRole('button', { name: 'Stop sharing with Dr Ana Patiño' })).toBeInTheDocument();
    expect(postsTo('/session/share')).toEqual([{ sessionId: 's1', colleagueUid: ana.uid }]);
    expect(await screen.findByText('Shared with Dr Ana Patiño')).toBeInTheDocument();

    await user.click(within(colleagueRow('Dr Bo Lind')).getByRole('button', { name: 'Stop sharing with Dr Bo Lind' }));
    expect(await within(colleagueRow('Dr Bo Lind')).findByRole('button', { name: 'Share with Dr Bo Lind' })).toBeInTheDocument();
    expect(postsTo('/session/unshare')).toEqual([{ sessionId: 's1', colleagueUid: bo.uid }]);
  });

  it('says a failure on the colleague’s row and changes nothing else', async () => {
    const user = userEvent.setup();
    const server = shareServer();
    renderSession(clinicWith([ana, me, bo]), {
      ...server,
      '/session/share': () => {
        throw new ApiError({ status: 404, code: 'not_found', message: 'No such member in your clinic' });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    await screen.findByRole('list', { name: 'Colleagues' });
    await user.click(within(colleagueRow('Dr Ana Patiño')).getByRole('button', { name: 'Share with Dr Ana Patiño' }));

    expect(await within(colleagueRow('Dr Ana Patiño')).findByRole('alert')).toHaveTextContent(/^Could not share: /);
    expect(within(colleagueRow('Dr Ana Patiño')).getByRole('button', { name: 'Share with Dr Ana Patiño' })).toBeEnabled();
    expect(within(colleagueRow('Dr Bo Lind')).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('in a clinic of one, says how to invite a colleague instead of an empty list', async () => {
    const user = userEvent.setup();
    renderSession(clinicWith([me]), shareServer());
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share this session' });
    expect(within(dialog).getByText(/No one else is in your clinic yet/)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Clinic settings' })).toHaveAttribute('href', '/clinic');
    expect(postsTo('/session/shares')).toEqual([]);
  });

  it('lets the list be loaded again after a failure', async () => {
    const user = userEvent.setup();
    let fail = true;
    const server = shareServer();
    renderSession(clinicWith([ana, me]), {
      ...server,
      '/session/shares': (body) => {
        if (fail) throw new ApiError({ status: 503, code: 'unavailable', message: 'Charta is busy: try again in a moment' });
        return server['/session/shares']!(body);
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    expect(await screen.findByText(/Whom this session is shared with could not be loaded/)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Colleagues' })).toBeInTheDocument();
  });
});
