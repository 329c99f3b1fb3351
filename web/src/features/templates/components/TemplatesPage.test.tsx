import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { answerPosts } from '@/test/api';
import { soap, template } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { TemplatesPage } from './TemplatesPage';

vi.mock('@/lib/api');

const renderPage = () =>
  renderRoutes(
    [
      { path: '/templates', element: <TemplatesPage /> },
      { path: '/templates/:templateId', element: <p>Editor page</p> },
    ],
    '/templates',
  );

beforeEach(() => vi.clearAllMocks());

describe('TemplatesPage', () => {
  it('Lists your templates and the built-ins apart', async () => {
    answerPosts({ '/template/get_templates': () => ({ templates: [template({ published: true, publishedTemplateId: 'p1' }), soap], nextCursor: null }) });
    renderPage();
    const mine = await screen.findByRole('list', { name: 'Your templates' });
    expect(within(mine).getByRole('link', { name: 'Knee review' })).toHaveAttribute('href', '/templates/t1');
    expect(within(mine).getByText('Published')).toBeInTheDocument();
    expect(within(mine).getByText('2 sections')).toBeInTheDocument();
    const builtins = screen.getByRole('list', { name: 'Built-in templates' });
    expect(within(builtins).getByRole('link', { name: 'SOAP note' })).toBeInTheDocument();
    expect(within(builtins).queryByRole('button', { name: 'Delete SOAP note' })).not.toBeInTheDocument();
  });

  it('Empty: says so and offers to create one', async () => {
    answerPosts({ '/template/get_templates': () => ({ templates: [soap], nextCursor: null }) });
    renderPage();
    expect(await screen.findByText('No templates of your own yet')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'New template' })[0]).toHaveAttribute('href', '/templates/new');
  });

  it('Error: a message and a retry that works', async () => {
    let fail = true;
    answerPosts({
      '/template/get_templates': () => {
        if (fail) throw new ApiError({ status: 503, code: 'unavailable', message: 'down' });
        return { templates: [soap], nextCursor: null };
      },
    });
    renderPage();
    const retry = (await screen.findAllByRole('button', { name: 'Try again' }))[0]!;
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByRole('link', { name: 'SOAP note' })).toBeInTheDocument();
  });

  it('Duplicate a built-in: a copy of yours, opened in the editor', async () => {
    const post = answerPosts({
      '/template/get_templates': () => ({ templates: [soap], nextCursor: null }),
      '/template/upsert_template': (body) => ({ template: { ...template({ id: 'copy1' }), ...(body['template'] as object) } }),
    });
    const router = renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Duplicate SOAP note' }));
    await screen.findByText('Editor page');
    expect(router.state.location.pathname).toBe('/templates/copy1');
    const upsert = post.mock.calls.find(([path]) => path === '/template/upsert_template');
    expect(upsert?.[1]).toMatchObject({ template: { name: 'SOAP note (copy)', sections: soap.sections } });
    expect((upsert?.[1] as { template: { id?: string } }).template.id).toBeUndefined();
  });

  it('Delete asks first, then deletes and refreshes', async () => {
    let templates = [template(), soap];
    const post = answerPosts({
      '/template/get_templates': () => ({ templates, nextCursor: null }),
      '/template/delete_template': () => {
        templates = [soap];
        return { deleted: 1 };
      },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Knee review' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this template?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete template' }));
    expect(await screen.findByText('No templates of your own yet')).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith('/template/delete_template', { templateId: 't1' });
    await waitFor(() => expect(screen.getByText('Template deleted')).toBeInTheDocument());
  });
});
