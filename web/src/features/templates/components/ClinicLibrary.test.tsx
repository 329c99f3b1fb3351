import { NO_CLINIC_POLICIES, type ClinicRole, type ClinicTemplate, type MyClinicResponse } from '@charta/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { answerGets, answerPosts, postsTo } from '@/test/api';
import { noClinicPlan, publishedTemplate, soap, template } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { LibraryPage } from './LibraryPage';
import { TemplateEditorPage } from './TemplateEditorPage';

vi.mock('@/lib/api');

const NOT_IN_A_CLINIC: MyClinicResponse = { clinic: null };

function inClinic(role: ClinicRole): MyClinicResponse {
  return { clinic: { id: 'c1', name: 'Harbour Practice', createdAt: '2026-11-01T10:00:00.000Z' }, role, members: [], invitations: [], policies: NO_CLINIC_POLICIES, singleSignOn: null, billing: noClinicPlan() };
}

function clinicTemplate(overrides: Partial<ClinicTemplate> = {}): ClinicTemplate {
  return {
    id: 'c1_theirs',
    templateId: 'theirs',
    name: 'Harbour asthma review',
    description: 'Our annual asthma check',
    category: 'general',
    sections: template().sections,
    authorName: 'Dr Lena Ortiz',
    mine: false,
    addCount: 1,
    publishedAt: '2026-11-28T09:00:00.000Z',
    addedTemplateId: null,
    ...overrides,
  };
}

const mineEntry = clinicTemplate({ id: 'c1_t1', templateId: 't1', name: 'Knee review', authorName: 'Me', mine: true, addCount: 0 });

function answerLibrary(clinic: MyClinicResponse, handlers: Record<string, (body: Record<string, unknown>) => unknown> = {}) {
  answerGets({ '/clinic': () => clinic });
  return answerPosts({
    '/template/get_templates': () => ({ templates: [template(), soap], nextCursor: null }),
    '/template/published/list': () => ({ templates: [publishedTemplate()], nextCursor: null }),
    '/clinic/templates/list': () => ({ templates: [clinicTemplate(), mineEntry] }),
    ...handlers,
  });
}

const renderLibrary = (path = '/templates/library') =>
  renderRoutes(
    [
      { path: '/templates/library', element: <LibraryPage /> },
      { path: '/templates/:templateId', element: <p>Editor page</p> },
    ],
    path,
  );

beforeEach(() => vi.clearAllMocks());

describe('LibraryPage: the clinic library', () => {
  it('Outside a clinic there is no clinic tab, and the clinic library is never asked for', async () => {
    answerLibrary(NOT_IN_A_CLINIC);
    renderLibrary('/templates/library?library=clinic');
    expect(await screen.findByRole('listitem', { name: 'CBT session note' })).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(postsTo('/clinic/templates/list')).toEqual([]);
  });

  it('In a clinic: a tab named for the clinic lists only its templates; the public tab only the public ones', async () => {
    answerLibrary(inClinic('member'));
    const router = renderLibrary();
    const clinicTab = await screen.findByRole('tab', { name: 'Harbour Practice' });
    expect(screen.getByRole('tab', { name: 'Public library', selected: true })).toBeInTheDocument();
    expect(await screen.findByRole('listitem', { name: 'CBT session note' })).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Harbour asthma review' })).not.toBeInTheDocument();

    await userEvent.click(clinicTab);
    const entry = await screen.findByRole('listitem', { name: 'Harbour asthma review' });
    expect(router.state.location.search).toBe('?library=clinic');
    expect(within(entry).getByText('by Dr Lena Ortiz')).toBeInTheDocument();
    expect(within(entry).getByText('Our annual asthma check')).toBeInTheDocument();
    expect(within(entry).getByText(/added by 1 colleague · shared/)).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'Knee review' })).getByText('Yours')).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'CBT session note' })).not.toBeInTheDocument();
  });

  it('Preview, then add: the copy is in my templates, with a link to open it', async () => {
    const post = answerLibrary(inClinic('member'), {
      '/clinic/templates/add': () => ({ template: template({ id: 'copy1', name: 'Harbour asthma review', source: 'library' }) }),
    });
    renderLibrary('/templates/library?library=clinic');
    await userEvent.click(await screen.findByRole('button', { name: 'Preview Harbour asthma review' }));
    const dialog = screen.getByRole('dialog', { name: 'Harbour asthma review' });
    expect(within(dialog).getByText('Onset and course.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add to my templates: Harbour asthma review' }));
    expect(await within(dialog).findByRole('link', { name: /open my copy/ })).toHaveAttribute('href', '/templates/copy1');
    expect(post).toHaveBeenCalledWith('/clinic/templates/add', { clinicTemplateId: 'c1_theirs' });
    expect(await screen.findByText('“Harbour asthma review” is in your templates now')).toBeInTheDocument();
    // The templates list is asked again, so the copy shows under Templates.
    expect(postsTo('/template/get_templates').length).toBeGreaterThan(1);
  });

  it('An entry added before (the API names my copy) opens my copy instead of offering Add again', async () => {
    answerLibrary(inClinic('member'), { '/clinic/templates/list': () => ({ templates: [clinicTemplate({ addedTemplateId: 'copy0' })] }) });
    renderLibrary('/templates/library?library=clinic');
    expect(await screen.findByRole('link', { name: /open my copy/ })).toHaveAttribute('href', '/templates/copy0');
    expect(screen.queryByRole('button', { name: /^Add to my templates/ })).not.toBeInTheDocument();
    expect(screen.getByText('In your templates')).toBeInTheDocument();
  });

  it('A member removes only their own entry, after confirming', async () => {
    const post = answerLibrary(inClinic('member'), { '/clinic/templates/remove': () => ({ removed: true }) });
    renderLibrary('/templates/library?library=clinic');
    const theirs = await screen.findByRole('listitem', { name: 'Harbour asthma review' });
    expect(within(theirs).queryByRole('button', { name: /Remove from the clinic/ })).not.toBeInTheDocument();
    await userEvent.click(within(screen.getByRole('listitem', { name: 'Knee review' })).getByRole('button', { name: 'Remove from the clinic: Knee review' }));
    const confirm = screen.getByRole('dialog', { name: 'Remove from the clinic library?' });
    expect(postsTo('/clinic/templates/remove')).toEqual([]);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove from the clinic' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/clinic/templates/remove', { clinicTemplateId: 'c1_t1' }));
  });

  it.each(['admin', 'owner'] as const)('An %s removes anyone’s entry', async (role) => {
    const post = answerLibrary(inClinic(role), { '/clinic/templates/remove': () => ({ removed: true }) });
    renderLibrary('/templates/library?library=clinic');
    const theirs = await screen.findByRole('listitem', { name: 'Harbour asthma review' });
    await userEvent.click(within(theirs).getByRole('button', { name: 'Remove from the clinic: Harbour asthma review' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Remove from the clinic library?' })).getByRole('button', { name: 'Remove from the clinic' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/clinic/templates/remove', { clinicTemplateId: 'c1_theirs' }));
  });

  it('Empty, and a failed load with a retry, are said plainly', async () => {
    let fail = true;
    answerLibrary(inClinic('member'), {
      '/clinic/templates/list': () => {
        if (fail) throw new ApiError({ status: 503, code: 'unavailable', message: 'down' });
        return { templates: [] };
      },
    });
    renderLibrary('/templates/library?library=clinic');
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByText('No templates shared in your clinic yet')).toBeInTheDocument();
  });
});

const renderEditor = () =>
  renderRoutes(
    [
      { path: '/templates', element: <p>Templates list</p> },
      { path: '/templates/:templateId', element: <TemplateEditorPage /> },
    ],
    '/templates/t1',
  );

const previewOf = () => ({ sections: soap.sections.map((s) => ({ id: s.id, title: s.title, content: `Written: ${s.title}` })) });

describe('Share with my clinic, from a template', { timeout: 20_000 }, () => {
  it('Is offered only in a clinic', async () => {
    const get = answerGets({ '/clinic': () => NOT_IN_A_CLINIC });
    answerPosts({ '/template/get_template': () => ({ template: template() }), '/template/preview_template': previewOf });
    renderEditor();
    expect(await screen.findByRole('button', { name: 'Publish' })).toBeInTheDocument();
    await waitFor(() => expect(get).toHaveBeenCalledWith('/clinic'));
    expect(screen.queryByRole('button', { name: 'Share with my clinic' })).not.toBeInTheDocument();
  });

  it('Keeps the description through a failure, says why in words, then shares it', async () => {
    let answer: 'limited' | 'full' | 'ok' = 'limited';
    answerGets({ '/clinic': () => inClinic('member') });
    const post = answerPosts({
      '/template/get_template': () => ({ template: template() }),
      '/template/preview_template': previewOf,
      '/clinic/templates/list': () => ({ templates: [] }),
      '/clinic/templates/publish': (body) => {
        if (answer === 'limited') throw new ApiError({ status: 429, code: 'rate_limited', message: 'Too many requests', retryAfterSeconds: 120 });
        if (answer === 'full') throw new ApiError({ status: 403, code: 'permission_denied', message: 'A clinic’s library holds at most 200 templates: an admin may remove some first' });
        return { template: { ...mineEntry, description: body['description'] as string } };
      },
    });
    renderEditor();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Share with my clinic' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share with your clinic' });
    expect(within(dialog).getByText(/members of Harbour Practice/)).toBeInTheDocument();
    const description = within(dialog).getByRole('textbox', { name: 'Description (optional)' });
    await user.clear(description);
    await user.type(description, 'For the Tuesday knee clinic');
    await user.click(within(dialog).getByRole('button', { name: 'Share with the clinic' }));
    expect(await within(dialog).findByText('Too many requests to the clinic library. Please try again in 2 minutes.')).toBeInTheDocument();
    expect(description).toHaveValue('For the Tuesday knee clinic');

    answer = 'full';
    await user.click(within(dialog).getByRole('button', { name: 'Share with the clinic' }));
    expect(await within(dialog).findByText(/holds at most 200 templates/)).toBeInTheDocument();
    expect(description).toHaveValue('For the Tuesday knee clinic');

    answer = 'ok';
    await user.click(within(dialog).getByRole('button', { name: 'Share with the clinic' }));
    expect(await screen.findByText('“Knee review” is in the Harbour Practice library')).toBeInTheDocument();
    expect(post).toHaveBeenLastCalledWith('/clinic/templates/publish', { templateId: 't1', description: 'For the Tuesday knee clinic' });
    expect(postsTo('/template/published/publish')).toEqual([]);
  });
});
