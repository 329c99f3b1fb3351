import { noteProvenance, provenanceChipLabel, provenanceHeader, provenanceLabel, sectionSourceLabel, sessionProvenance, transcriptProvenance } from '@charta/contract';
import '@/test/blob-reading';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';
import { answerPosts } from '@/test/api';
import { documentation, session, transcript } from '@/test/fixtures';
import { renderPage, renderRoutes } from '@/test/render';
import { SessionsPage } from '@/features/sessions/components/SessionsPage';
import { SessionPage } from './SessionPage';

// Output no real model made from this recording (the local AI emulator's, engine "ai-emulator/...", or from
// pocketsphinx's demo-quality transcript) says so on the page, in the list, in History and in what is copied,
// each in the contract's words (provenance.ts), and copying simulated output asks first.

vi.mock('@/lib/api');
const post = vi.mocked(api.post);

const EMULATOR_TRANSCRIPT = 'ai-emulator/medical_conversation';
const EMULATOR_NOTE = 'ai-emulator/gemini-2.5-flash · note-v1';
const POCKETSPHINX = 'pocketsphinx/en-us';
const MODEL_NOTE = 'gemini-2.5-flash · note-v1';

function serveSession(engines: { transcript: string; note: string }, extra: Parameters<typeof answerPosts>[0] = {}) {
  answerPosts({
    '/session/session': () => ({ session: session({ transcriptEngine: engines.transcript, documentationEngine: engines.note }) }),
    '/session/transcription': () => ({ transcript: { ...transcript, engine: engines.transcript } }),
    '/documentation/by_session': () => ({ documentation: documentation({ engine: engines.note }) }),
    ...extra,
  });
  return renderRoutes([{ path: '/sessions/:sessionId', element: <SessionPage /> }], '/sessions/s1');
}

function stubClipboard() {
  const write = vi.fn().mockResolvedValue(undefined);
  const writeText = vi.fn().mockResolvedValue(undefined);
  vi.stubGlobal('ClipboardItem', class {
    constructor(readonly items: Record<string, Blob>) {}
  });
  vi.stubGlobal('navigator', { ...navigator, clipboard: { write, writeText } });
  return { write, writeText };
}

beforeEach(() => {
  post.mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Simulated output on the session page', () => {
  it('The transcript and the note each say they are simulated, in the contract\'s words', async () => {
    serveSession({ transcript: EMULATOR_TRANSCRIPT, note: EMULATOR_NOTE });
    const transcriptRegion = await screen.findByRole('region', { name: 'Transcript' });
    expect(await within(transcriptRegion).findByText(provenanceLabel(transcriptProvenance(EMULATOR_TRANSCRIPT)))).toBeInTheDocument();
    expect(transcriptRegion).toHaveTextContent('a sample consultation, not this recording');
    const note = await screen.findByRole('region', { name: 'Documentation' });
    expect(within(note).getByText(provenanceLabel(noteProvenance(EMULATOR_NOTE, EMULATOR_TRANSCRIPT)))).toBeInTheDocument();
    expect(note).toHaveTextContent('Do not use it in a patient record.');
  });

  it('pocketsphinx\'s transcript with the emulator\'s note: the transcript is from this recording (demo quality), the note is simulated, and History, the list and the copy say the same', async () => {
    const { write } = stubClipboard();
    serveSession(
      { transcript: POCKETSPHINX, note: EMULATOR_NOTE },
      {
        '/session/documentation/section/versions': () => ({
          versions: [{ id: 'v1', sectionId: 'plan', content: 'Rest.', evidence: [], source: 'generated', writtenAt: '2026-11-20T10:00:00.000Z', replacedBy: 'clinician', replacedAt: '2026-11-20T10:05:00.000Z', counter: 2 }],
        }),
      },
    );
    const transcriptLabel = provenanceLabel(transcriptProvenance(POCKETSPHINX));
    const note = noteProvenance(EMULATOR_NOTE, POCKETSPHINX);
    expect(transcriptLabel).toMatch(/^Demo-quality transcript: made from this recording/);
    expect(provenanceLabel(note)).toMatch(/^Simulated note: put together by the AI emulator from this recording’s demo-quality transcript/);
    expect(await screen.findByText(transcriptLabel)).toBeInTheDocument();
    const noteRegion = screen.getByRole('region', { name: 'Documentation' });
    expect(within(noteRegion).getByText(provenanceLabel(note))).toBeInTheDocument();

    await userEvent.click(within(screen.getByRole('region', { name: 'Plan' })).getByRole('button', { name: 'History' }));
    const history = await screen.findByRole('list', { name: 'Earlier versions of Plan' });
    expect(history).toHaveTextContent(sectionSourceLabel('generated', note));
    expect(history).toHaveTextContent('Written by the AI emulator (simulated)');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(await screen.findByRole('button', { name: 'Copy note' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Copy a simulated note?' })).getByRole('button', { name: 'Copy simulated note' }));
    const items = (write.mock.calls[0]![0] as { items: Record<string, Blob> }[])[0]!.items;
    expect((await items['text/plain']!.text()).split('\n')[0]).toBe(provenanceHeader(note));
    cleanup();

    answerPosts({ '/session/sessions': () => ({ sessions: [session({ id: 's1', title: 'Offline', transcriptEngine: POCKETSPHINX, documentationEngine: EMULATOR_NOTE })], nextCursor: null }) });
    renderPage(<SessionsPage />);
    const chip = within(await screen.findByRole('listitem', { name: 'Offline' })).getByText(provenanceChipLabel(sessionProvenance({ transcriptEngine: POCKETSPHINX, documentationEngine: EMULATOR_NOTE })!)!);
    expect(chip).toHaveTextContent(/^Simulated note$/);
    expect(provenanceLabel(note).startsWith(`${chip.textContent}: `)).toBe(true);
  });

  it('A real model\'s note from the emulator\'s transcript is still marked; a real transcript and note are not', async () => {
    serveSession({ transcript: EMULATOR_TRANSCRIPT, note: MODEL_NOTE });
    const note = await screen.findByRole('region', { name: 'Documentation' });
    expect(within(note).getByText(provenanceLabel(noteProvenance(MODEL_NOTE, EMULATOR_TRANSCRIPT)))).toBeInTheDocument();
    expect(note).toHaveTextContent('Simulated note: written by an AI model from a sample consultation, not this recording');
    cleanup();

    serveSession({ transcript: 'google-speech/medical_conversation', note: MODEL_NOTE });
    await screen.findByRole('region', { name: 'Documentation' });
    expect(screen.queryByText(/Simulated|Demo-quality/)).not.toBeInTheDocument();
  });

  it('pocketsphinx\'s transcript is called offline demo quality, and the note asks to be checked, without a copy question', async () => {
    const { write } = stubClipboard();
    serveSession({ transcript: POCKETSPHINX, note: MODEL_NOTE });
    expect(await screen.findByText(provenanceLabel(transcriptProvenance(POCKETSPHINX)))).toBeInTheDocument();
    expect(screen.getByText(provenanceLabel(noteProvenance(MODEL_NOTE, POCKETSPHINX)))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Copy note' }));
    expect(await screen.findByText('Note copied, with its formatting.')).toBeInTheDocument();
    expect(write).toHaveBeenCalledTimes(1);
  });

  it('Copy note asks first: Cancel copies nothing; Copy simulated note copies it with its provenance line first', async () => {
    const { write } = stubClipboard();
    serveSession({ transcript: EMULATOR_TRANSCRIPT, note: EMULATOR_NOTE });
    await userEvent.click(await screen.findByRole('button', { name: 'Copy note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy a simulated note?' });
    expect(dialog).toHaveTextContent('Do not use it in a patient record.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(write).not.toHaveBeenCalled();

    await userEvent.click(await screen.findByRole('button', { name: 'Copy note' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Copy a simulated note?' })).getByRole('button', { name: 'Copy simulated note' }));
    expect(await screen.findByText('Note copied, with its formatting.')).toBeInTheDocument();
    const items = (write.mock.calls[0]![0] as { items: Record<string, Blob> }[])[0]!.items;
    expect(await items['text/plain']!.text()).toBe(`${provenanceHeader(noteProvenance(EMULATOR_NOTE, EMULATOR_TRANSCRIPT))!}\n\nSubjective\nDry cough for four days.\n\nObjective\nLungs clear.\n\nPlan\nNot discussed in this session.`);
    expect(await items['text/html']!.text()).toMatch(/^<p><strong>\[Simulated note: .*<\/strong><\/p><h3>Subjective<\/h3>/);
  });

  it('Copying one section of a simulated note asks too, and marks the copy', async () => {
    const { writeText } = stubClipboard();
    serveSession({ transcript: EMULATOR_TRANSCRIPT, note: EMULATOR_NOTE });
    await userEvent.click(within(await screen.findByRole('region', { name: 'Objective' })).getByRole('button', { name: 'Copy' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Copy a simulated note?' })).getByRole('button', { name: 'Copy simulated note' }));
    expect(writeText).toHaveBeenCalledWith(`${provenanceHeader(noteProvenance(EMULATOR_NOTE, EMULATOR_TRANSCRIPT))!}\n\nLungs clear.`);
  });
});
