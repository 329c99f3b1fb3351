import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { answerPosts } from '@/test/api';
import { publishedTemplate } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { ReportDialog } from './ReportDialog';

vi.mock('@/lib/api');

const entry = publishedTemplate();

function renderDialog() {
  const onClose = vi.fn();
  renderRoutes([{ path: '/', element: <ReportDialog entry={entry} onClose={onClose} /> }], '/');
  return { onClose, dialog: screen.getByRole('dialog', { name: 'Report “CBT session note”' }) };
}

beforeEach(() => vi.clearAllMocks());

describe('ReportDialog', () => {
  it('Sends the chosen reason and note, then confirms; sending needs a reason', async () => {
    const post = answerPosts({
      '/template/published/report': (body) => ({ report: { ...body, note: body['note'] ?? '', reportedAt: '2026-11-24T03:00:00.000Z' } }),
    });
    const { dialog, onClose } = renderDialog();
    const send = within(dialog).getByRole('button', { name: 'Send report' });
    expect(send).toBeDisabled();
    const reasons = within(dialog).getByRole('radiogroup', { name: 'What is wrong with it?' });
    expect(within(reasons).getAllByRole('radio')).toHaveLength(6);
    await userEvent.click(within(reasons).getByRole('radio', { name: 'It contains patient information' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Note for the reviewer/ }), '  Names a real patient in section 2 ');
    await userEvent.click(send);
    expect(await within(dialog).findByText(/Thank you: your report was sent/)).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith('/template/published/report', { publishedTemplateId: 'p1', reason: 'patient-data', note: 'Names a real patient in section 2' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('Leaves out an empty note, and says what the server refused', async () => {
    const post = answerPosts({
      '/template/published/report': () => {
        throw new ApiError({ status: 404, code: 'not_found', message: 'No such template in the library' });
      },
    });
    const { dialog } = renderDialog();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'It is advertising or spam' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/no longer in the library|No such template/);
    await waitFor(() => expect(post).toHaveBeenCalledWith('/template/published/report', { publishedTemplateId: 'p1', reason: 'spam' }));
    expect(within(dialog).queryByText(/Thank you/)).not.toBeInTheDocument();
  });
});
