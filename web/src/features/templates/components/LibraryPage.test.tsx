import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { answerPosts } from '@/test/api';
import { api } from '@/lib/api';
import { profile, publishedTemplate, soap, template } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { LibraryPage } from './LibraryPage';
import { SharedTemplatePage } from './SharedTemplatePage';

vi.mock('@/lib/api');


const renderLibrary = () =>
  renderRoutes(
    [
      { path: '/templates/library', element: <LibraryPage /> },
      { path: '/templates/shared/:shareId', element: <SharedTemplatePage /> },
      { path: '/templates/:templateId', element: <p>Editor page</p> },
    ],
    '/templates/library',
  );

beforeEach(() => vi.clearAllMocks());

describe('LibraryPage', () => {
  it('Browses, searches (debounced) and filters by category', async () => {
    const post = answerPosts({
      '/template/get_templates': () => ({ templates: [soap], nextCursor: null }),
      '/template/published/list': (body) => ({ templates: body['query'] === 'zzz' ? [] : [publishedTemplate()], nextCursor: null }),
    });
    renderLibrary();
    const item = await screen.findByRole('listitem', { name: 'CBT session note' });
    expect(within(item).getByText('by Dr Ana Patiño')).toBeInTheDocument();
    expect(within(item).getByText(/added by 3 clinicians/)).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search templates' }), 'zzz');
    expect(await screen.findByText('No templates match')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Letters' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/template/published/list', { limit: 20, query: 'zzz', category: 'letters' }));
  });

  it('Empty library and failures are said plainly', async () => {
    let fail = true;
    answerPosts({
      '/template/get_templates': () => ({ templates: [soap], nextCursor: null }),
      '/template/published/list': () => {
        if (fail) throw new ApiError({ status: 503, code: 'unavailable', message: 'down' });
        return { templates: [], nextCursor: null };
      },
    });
    renderLibrary();
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByText('The library is empty so far')).toBeInTheDocument();
  });

  it('Preview, then add: your own copy, with a link to open it', async () => {
    const post = answerPosts({
      '/template/get_templates': () => ({ templates: [soap], nextCursor: null }),
      '/template/published/list': () => ({ templates: [publishedTemplate()], nextCursor: null }),
      '/template/published/add_to_library': () => ({ template: template({ id: 'copy1', name: 'CBT session note', source: 'library' }) }),
    });
    renderLibrary();
    await userEvent.click(await screen.findByRole('button', { name: 'Preview CBT session note' }));
    const dialog = screen.getByRole('dialog', { name: 'CBT session note' });
    expect(within(dialog).getByText('Onset and course.')).toBeInTheDocument();
    // The accessible name starts with the words on the button (axe: label-content-name-mismatch), then says which.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add to my templates: CBT session note' }));
    expect(await within(dialog).findByRole('link', { name: /open my copy/ })).toHaveAttribute('href', '/templates/copy1');
    expect(post).toHaveBeenCalledWith('/template/published/add_to_library', { publishedTemplateId: 'p1' });
  });

  it('Your own entries can be unpublished', async () => {
    const post = answerPosts({
      '/template/get_templates': () => ({ templates: [template({ id: 'mine', published: true, publishedTemplateId: 'p2' }), soap], nextCursor: null }),
      '/template/published/list': () => ({ templates: [publishedTemplate(), publishedTemplate({ id: 'p2', templateId: 'mine', name: 'My knee review' })], nextCursor: null }),
      '/template/published/unpublish': () => ({ unpublished: true }),
    });
    renderLibrary();
    const mine = await screen.findByRole('listitem', { name: 'My knee review' });
    expect(within(mine).getByText('Yours')).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'CBT session note' })).queryByRole('button', { name: /Unpublish/ })).not.toBeInTheDocument();
    await userEvent.click(within(mine).getByRole('button', { name: 'Unpublish My knee review' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Unpublish this template?' })).getByRole('button', { name: 'Unpublish' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/template/published/unpublish', { publishedTemplateId: 'p2' }));
  });
});

describe('LibraryPage: reports, hidden entries and order', () => {
  it('Others\' entries can be reported (the name starts with the button\'s words); your own cannot', async () => {
    const post = answerPosts({
      '/template/get_templates': () => ({ templates: [template({ id: 'mine', published: true, publishedTemplateId: 'p2' }), soap], nextCursor: null }),
      '/template/published/list': () => ({ templates: [publishedTemplate(), publishedTemplate({ id: 'p2', templateId: 'mine', name: 'My knee review' })], nextCursor: null }),
      '/template/published/report': (body) => ({ report: { ...body, note: '', reportedAt: '2026-11-24T03:00:00.000Z' } }),
    });
    renderLibrary();
    const theirs = await screen.findByRole('listitem', { name: 'CBT session note' });
    expect(within(screen.getByRole('listitem', { name: 'My knee review' })).queryByRole('button', { name: /Report/ })).not.toBeInTheDocument();
    await userEvent.click(within(theirs).getByRole('button', { name: 'Report CBT session note' }));
    const dialog = screen.getByRole('dialog', { name: 'Report “CBT session note”' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'It is empty, a test or not a real template' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await within(dialog).findByText(/Thank you/);
    expect(post).toHaveBeenCalledWith('/template/published/report', { publishedTemplateId: 'p1', reason: 'junk' });
  });

  it('Says the list is the most added first, and shows the author that their entry is hidden until reviewed', async () => {
    answerPosts({
      '/template/get_templates': () => ({ templates: [template({ id: 'mine', published: true, publishedTemplateId: 'p2' }), soap], nextCursor: null }),
      '/template/published/list': () => ({ templates: [publishedTemplate(), publishedTemplate({ id: 'p2', templateId: 'mine', name: 'My knee review', addCount: 0, hiddenUntilReviewed: true })], nextCursor: null }),
    });
    renderLibrary();
    const mine = await screen.findByRole('listitem', { name: 'My knee review' });
    expect(within(mine).getByText('Hidden until reviewed')).toBeInTheDocument();
    expect(within(mine).getByText(/Several clinicians reported it/)).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'CBT session note' })).queryByText('Hidden until reviewed')).not.toBeInTheDocument();
    expect(screen.getByText(/Most added first/)).toBeInTheDocument();
  });
});

describe('PublishDialog: a description is needed', () => {
  it('Publish waits for a description of 10 visible characters, and says so', async () => {
    const post = answerPosts({
      '/template/get_templates': () => ({ templates: [template({ id: 'mine', name: 'Knee review', description: '' }), soap], nextCursor: null }),
      '/template/published/list': () => ({ templates: [], nextCursor: null }),
      '/template/published/publish': () => ({ template: publishedTemplate({ id: 'p9', templateId: 'mine', name: 'Knee review' }) }),
    });
    renderLibrary();
    await userEvent.click(await screen.findByRole('button', { name: 'Publish a template' }));
    const dialog = screen.getByRole('dialog', { name: 'Publish to the community library' });
    const publish = within(dialog).getByRole('button', { name: 'Publish' });
    expect(publish).toBeDisabled();
    const description = within(dialog).getByRole('textbox', { name: /Description/ });
    await userEvent.type(description, 'Knee');
    expect(publish).toBeDisabled();
    expect(within(dialog).getByText(/at least 10 visible characters/)).toBeInTheDocument();
    await userEvent.type(description, ' follow-up in clinic');
    expect(publish).toBeEnabled();
    await userEvent.click(publish);
    await waitFor(() => expect(post).toHaveBeenCalledWith('/template/published/publish', { templateId: 'mine', description: 'Knee follow-up in clinic', category: 'specialty' }));
  });
});

describe('PublishDialog: the library shows who published', () => {
  it('A clinician with no name is asked for one, kept in the profile before publishing', async () => {
    vi.mocked(api.get).mockImplementation((path: string) => (path === '/profile' ? Promise.resolve({ profile: profile({ displayName: '', title: '' }) }) : Promise.reject(new Error(path))));
    vi.mocked(api.put).mockImplementation((_path: string, body: unknown) => Promise.resolve({ profile: profile({ ...(body as object) }) }));
    const post = answerPosts({
      '/template/get_templates': () => ({ templates: [template({ id: 'mine', name: 'Knee review', description: 'Knee follow-up in clinic' }), soap], nextCursor: null }),
      '/template/published/list': () => ({ templates: [], nextCursor: null }),
      '/template/published/publish': () => ({ template: publishedTemplate({ id: 'p9', templateId: 'mine', name: 'Knee review' }) }),
    });
    renderLibrary();
    await userEvent.click(await screen.findByRole('button', { name: 'Publish a template' }));
    const dialog = screen.getByRole('dialog', { name: 'Publish to the community library' });
    const name = await within(dialog).findByRole('textbox', { name: /Your name/ });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(within(dialog).getByText('Enter the name to show with your template.')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalledWith('/template/published/publish', expect.anything());

    await userEvent.type(name, 'Ana Patiño');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/template/published/publish', expect.objectContaining({ templateId: 'mine' })));
    expect(api.put).toHaveBeenCalledWith('/profile', { displayName: 'Ana Patiño' });
  });
});

describe('SharedTemplatePage', () => {
  it('Shows what was shared and adds a copy', async () => {
    const post = answerPosts({
      '/template/published/get': () => ({ template: publishedTemplate({ id: 'sh1', addCount: 0 }) }),
      '/template/published/add_to_library': () => ({ template: template({ id: 'copy2', source: 'shared' }) }),
    });
    const router = renderRoutes(
      [
        { path: '/templates/shared/:shareId', element: <SharedTemplatePage /> },
        { path: '/templates/:templateId', element: <p>Editor page</p> },
      ],
      '/templates/shared/sh1',
    );
    expect(await screen.findByText(/Shared by Dr Ana Patiño/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add to my templates' }));
    await screen.findByText('Editor page');
    expect(router.state.location.pathname).toBe('/templates/copy2');
    expect(post).toHaveBeenCalledWith('/template/published/get', { shareId: 'sh1' });
    expect(post).toHaveBeenCalledWith('/template/published/add_to_library', { shareId: 'sh1' });
  });

  it('A revoked link says so', async () => {
    answerPosts({
      '/template/published/get': () => {
        throw new ApiError({ status: 404, code: 'not_found', message: 'gone' });
      },
    });
    renderRoutes([{ path: '/templates/shared/:shareId', element: <SharedTemplatePage /> }], '/templates/shared/old');
    expect(await screen.findByText(/does not work any more/)).toBeInTheDocument();
  });
});
