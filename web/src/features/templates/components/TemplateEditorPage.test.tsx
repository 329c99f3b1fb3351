import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { answerPosts } from '@/test/api';
import { soap, template } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { TemplateEditorPage } from './TemplateEditorPage';

vi.mock('@/lib/api');

const renderEditor = (path: string) =>
  renderRoutes(
    [
      { path: '/templates', element: <p>Templates list</p> },
      { path: '/templates/new', element: <TemplateEditorPage /> },
      { path: '/templates/:templateId', element: <TemplateEditorPage /> },
    ],
    path,
  );

const previewOf = (body: Record<string, unknown>) => {
  const sections = (body['template'] as { sections: { id?: string; title: string }[] } | undefined)?.sections ?? soap.sections;
  return { sections: sections.map((s, i) => ({ id: s.id ?? `s${i}`, title: s.title, content: `Written: ${s.title}` })) };
};

beforeEach(() => vi.clearAllMocks());

// Typing through user-event is slow in jsdom; these tests type whole forms.
describe('TemplateEditorPage', { timeout: 20_000 }, () => {
  it('Creates a template: name, sections in the order arranged, then opens it', async () => {
    const post = answerPosts({
      '/template/preview_template': previewOf,
      '/template/upsert_template': (body) => ({ template: { ...template({ id: 'new1' }), ...(body['template'] as object), sections: (body['template'] as { sections: object[] }).sections.map((s, i) => ({ id: `s${i}`, ...s })) } }),
      '/template/get_template': () => ({ template: template({ id: 'new1' }) }),
    });
    const router = renderEditor('/templates/new');
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole('textbox', { name: /Template name/ }), 'Knee review');
    await user.type(screen.getByRole('textbox', { name: 'Section title' }), 'History');
    await user.click(screen.getByRole('button', { name: 'Add section' }));
    await user.type(screen.getAllByRole('textbox', { name: 'Section title' })[1]!, 'Plan');
    await user.click(within(screen.getByRole('group', { name: 'Format of section 2' })).getByRole('button', { name: 'Bullets' }));
    // Keyboard-and-screen-reader friendly reordering: the Move buttons.
    await user.click(screen.getByRole('button', { name: 'Move section 2 up' }));
    expect(screen.getAllByRole('textbox', { name: 'Section title' }).map((el) => (el as HTMLInputElement).value)).toEqual(['Plan', 'History']);

    await user.click(screen.getByRole('button', { name: 'Save template' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/templates/new1'));
    const upsert = post.mock.calls.find(([path]) => path === '/template/upsert_template');
    expect(upsert?.[1]).toEqual({
      template: {
        name: 'Knee review',
        description: '',
        category: 'general',
        sections: [
          { title: 'Plan', instructions: '', format: 'bullets' },
          { title: 'History', instructions: '', format: 'paragraph' },
        ],
      },
    });
  });

  it('Missing and repeated titles are shown before anything is sent', async () => {
    const post = answerPosts({ '/template/preview_template': previewOf });
    renderEditor('/templates/new');
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Save template' }));
    expect(screen.getByText('Give the template a name.')).toBeInTheDocument();
    expect(screen.getByText('Give the section a title.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Template name/ }), 'N');
    await user.type(screen.getByRole('textbox', { name: 'Section title' }), 'Plan');
    await user.click(screen.getByRole('button', { name: 'Add section' }));
    await user.type(screen.getAllByRole('textbox', { name: 'Section title' })[1]!, 'plan');
    expect(screen.getByText('Another section has this title; titles must be unique.')).toBeInTheDocument();
    expect(post.mock.calls.some(([path]) => path === '/template/upsert_template')).toBe(false);
  });

  it('An error the API names lands on its field', async () => {
    answerPosts({
      '/template/get_template': () => ({ template: template() }),
      '/template/preview_template': previewOf,
      '/template/upsert_template': () => {
        throw new ApiError({ status: 400, code: 'invalid_argument', message: 'template.sections.1.instructions is invalid: too long', field: 'template.sections.1.instructions' });
      },
    });
    renderEditor('/templates/t1');
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByRole('textbox', { name: /Template name/ }), ' 2');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const second = screen.getByRole('listitem', { name: 'Section 2: Plan' });
    expect(await within(second).findByText(/too long/)).toBeInTheDocument();
  });

  it('Help me write fills the instructions from the title (and what was there)', async () => {
    const post = answerPosts({
      '/template/get_template': () => ({ template: template() }),
      '/template/preview_template': previewOf,
      '/template/help_me_write_section': (body) => ({ instructions: `Document "${String(body['title'])}" carefully.` }),
    });
    renderEditor('/templates/t1');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Help me write the instructions of section 2' }));
    const second = screen.getByRole('listitem', { name: 'Section 2: Plan' });
    await waitFor(() => expect(within(second).getByRole('textbox', { name: 'Instructions' })).toHaveValue('Document "Plan" carefully.'));
    expect(post).toHaveBeenCalledWith('/template/help_me_write_section', { title: 'Plan', description: 'What was agreed.' });
  });

  it('Live preview of the template being edited, and a section preview', async () => {
    const post = answerPosts({
      '/template/get_template': () => ({ template: template() }),
      '/template/preview_template': previewOf,
      '/template/preview_section': () => ({ content: 'Only the history.' }),
    });
    renderEditor('/templates/t1');
    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(await within(preview).findByText('Written: History', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith('/template/preview_template', { template: expect.objectContaining({ name: 'Knee review' }) });
    await userEvent.click(screen.getByRole('button', { name: 'Preview section 1' }));
    expect(await screen.findByText('Only the history.')).toBeInTheDocument();
  });

  it('A built-in is read-only, with a preview and Duplicate to edit', async () => {
    answerPosts({ '/template/get_template': () => ({ template: soap }), '/template/preview_template': previewOf });
    renderEditor('/templates/soap');
    expect(await screen.findByRole('button', { name: 'Duplicate to edit' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Template name/ })).not.toBeInTheDocument();
    expect(screen.getByText(/cannot be changed/)).toBeInTheDocument();
  });

  it('Someone else\'s or a deleted template: said plainly', async () => {
    answerPosts({
      '/template/get_template': () => {
        throw new ApiError({ status: 404, code: 'not_found', message: 'No such template' });
      },
    });
    renderEditor('/templates/gone');
    expect(await screen.findByText(/does not exist or is not one of yours/)).toBeInTheDocument();
  });

  it('Leaving with unsaved changes asks first', async () => {
    answerPosts({ '/template/get_template': () => ({ template: template() }), '/template/preview_template': previewOf });
    const router = renderEditor('/templates/t1');
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByRole('textbox', { name: /Template name/ }), ' 2');
    await user.click(screen.getByRole('link', { name: 'All templates' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(router.state.location.pathname).toBe('/templates/t1');
    // The dialog's closing transition hides the page from assistive tech for a moment.
    await user.click(await screen.findByRole('link', { name: 'All templates' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', { name: 'Leave without saving' }));
    expect(await screen.findByText('Templates list')).toBeInTheDocument();
  });
});
