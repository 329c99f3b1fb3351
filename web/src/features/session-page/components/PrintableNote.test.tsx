import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';
import { renderPage } from '@/test/render';
import { PRINT_NOTE_CLASS, PrintableNote } from './PrintableNote';

vi.mock('@/lib/api');
const mockedApi = vi.mocked(api);

beforeEach(() => {
  mockedApi.post.mockImplementation((path: string) => {
    if (path === '/template/get_templates') return Promise.resolve({ templates: [{ id: 'soap', name: 'SOAP note', sections: [] }], nextCursor: null });
    return Promise.resolve({ recorded: true });
  });
});

const props = {
  sessionId: 'sess1',
  patientName: 'Ana Ruiz',
  createdAt: '2026-11-03T09:30:00.000Z',
  templateId: 'soap',
  sections: [
    { title: 'Subjective', content: 'Dry cough for 3 days.\nNo fever.' },
    { title: 'Plan', content: 'Fluids and rest.' },
  ],
  simulatedNotice: null,
};

describe('PrintableNote', () => {
  it('lays out patient, date, template and the note beside the app, for print only', async () => {
    renderPage(<PrintableNote {...props} />);
    const printed = screen.getByTestId('printable-note');
    expect(printed).toHaveClass(PRINT_NOTE_CLASS);
    // Not on screen (nor read out): it exists for the printer.
    expect(printed).not.toBeVisible();
    // A child of body, outside the app's root, so the print styles can hide everything but it.
    expect(printed.parentElement).toBe(document.body);
    expect(within(printed).getByRole('heading', { level: 1, hidden: true })).toHaveTextContent('Ana Ruiz');
    expect(await within(printed).findByText(/3 Nov 2026.*· SOAP note|Nov 3, 2026.*· SOAP note/)).toBeInTheDocument();
    expect(within(printed).getAllByRole('heading', { level: 2, hidden: true }).map((h) => h.textContent)).toEqual(['Subjective', 'Plan']);
    expect(within(printed).getByText(/Dry cough for 3 days\.\s+No fever\./)).toBeInTheDocument();
    expect(within(printed).queryByRole('button', { hidden: true })).toBeNull();
  });

  it('reports a print to the audit trail, however it was started', async () => {
    renderPage(<PrintableNote {...props} />);
    window.dispatchEvent(new Event('beforeprint'));
    await vi.waitFor(() => expect(mockedApi.post).toHaveBeenCalledWith('/audit/event', { action: 'note.printed', sessionId: 'sess1' }));
  });
});
