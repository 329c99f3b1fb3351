import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-client';
import { renderRoutes } from '@/test/render';
import { PasteNotes } from './PasteNotes';

vi.mock('@/lib/api');
const post = vi.mocked(api.post);

const templates = [
  { id: 'soap', name: 'SOAP note' },
  { id: 'history-and-physical', name: 'History and Physical' },
];

function renderAt() {
  return renderRoutes(
    [
      { path: '/', element: <PasteNotes defaults={{ patientName: 'Ana Ruiz', templateId: 'soap', language: 'es-ES' }} templates={templates} disabled={false} /> },
      { path: '/sessions/:sessionId', element: <p>Session page</p> },
    ],
    '/',
  );
}

// A hook that returns a function has it called as its teardown: the braces keep the mock from being called.
beforeEach(() => {
  post.mockReset();
});

describe('PasteNotes', () => {
  it('Starts from the Record tab’s choices, writes documentation from the text and opens the new session', async () => {
    post.mockResolvedValue({ session: { id: 'new-1' }, documentation: {} });
    const router = renderAt();
    await userEvent.click(screen.getByRole('button', { name: 'Paste notes instead' }));
    const dialog = await screen.findByRole('dialog', { name: 'Documentation from notes' });
    expect(within(dialog).getByRole('textbox', { name: 'Patient name' })).toHaveValue('Ana Ruiz');
    expect(within(dialog).getByRole('combobox', { name: 'Template' })).toHaveValue('soap');
    expect(within(dialog).getByRole('combobox', { name: 'Language' })).toHaveValue('es-ES');

    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Template' }), 'history-and-physical');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Notes or transcript' }), 'Clinician: What brings you in?{Enter}Patient: A cough.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Write documentation' }));

    expect(post).toHaveBeenCalledWith('/creation', {
      patientName: 'Ana Ruiz',
      templateId: 'history-and-physical',
      language: 'es-ES',
      text: 'Clinician: What brings you in?\nPatient: A cough.',
    });
    expect(await screen.findByText('Session page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sessions/new-1');
  });

  it('Asks for the text and the name before sending anything', async () => {
    renderAt();
    await userEvent.click(screen.getByRole('button', { name: 'Paste notes instead' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Patient name' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Write documentation' }));
    expect(within(dialog).getByText('Enter the patient’s name.')).toBeInTheDocument();
    expect(within(dialog).getByText('Paste or type the notes or the transcript.')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it('Keeps the text and says why when the server refuses', async () => {
    post.mockRejectedValue(new ApiError({ status: 400, code: 'invalid_argument', message: 'templateId is not a template you can use', field: 'templateId' }));
    renderAt();
    await userEvent.click(screen.getByRole('button', { name: 'Paste notes instead' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Notes or transcript' }), 'Dry cough for three days.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Write documentation' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('templateId is not a template you can use');
    expect(within(dialog).getByRole('textbox', { name: 'Notes or transcript' })).toHaveValue('Dry cough for three days.');
  });

  it('When the note could not be written, says the session is kept and where to find it', async () => {
    post.mockRejectedValue(
      new ApiError({ status: 503, code: 'unavailable', message: 'The documentation could not be written right now. The session is saved: retry it from the session page.' }),
    );
    renderAt();
    await userEvent.click(screen.getByRole('button', { name: 'Paste notes instead' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Notes or transcript' }), 'Dry cough.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Write documentation' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('The session is saved: retry it from the session page.');
    expect(within(alert).getByRole('link', { name: 'Open Sessions' })).toHaveAttribute('href', '/sessions');
  });
});
