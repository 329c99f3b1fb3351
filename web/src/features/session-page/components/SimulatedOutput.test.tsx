import { SIMULATED_NOTE_LABEL, TRANSCRIPT_QUALITY_LABELS } from '@charta/contract';
import '@/test/blob-reading';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';
import { answerPosts } from '@/test/api';
import { documentation, session, transcript } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { SIMULATED_COPY_HEADER } from '../lib/simulated-output';
import { SessionPage } from './SessionPage';

// Output no real model made (the local AI emulator's, engine "ai-emulator/...") says so on the page, in the
// list and in what is copied, and copying it asks first.

vi.mock('@/lib/api');
const post = vi.mocked(api.post);

const EMULATOR_TRANSCRIPT = 'ai-emulator/medical_conversation';
const EMULATOR_NOTE = 'ai-emulator/gemini-2.5-flash · note-v1';

function serveSession(engines: { transcript: string; note: string }) {
  answerPosts({
    '/session/session': () => ({ session: session({ transcriptEngine: engines.transcript, documentationEngine: engines.note }) }),
    '/session/transcription': () => ({ transcript: { ...transcript, engine: engines.transcript } }),
    '/documentation/by_session': () => ({ documentation: documentation({ engine: engines.note }) }),
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
  it('The transcript and the note each say they are demo output', async () => {
    serveSession({ transcript: EMULATOR_TRANSCRIPT, note: EMULATOR_NOTE });
    const transcriptRegion = await screen.findByRole('region', { name: 'Transcript' });
    expect(await within(transcriptRegion).findByText(TRANSCRIPT_QUALITY_LABELS.simulated!)).toBeInTheDocument();
    expect(transcriptRegion).toHaveTextContent('this is a sample consultation, not what was said');
    const note = await screen.findByRole('region', { name: 'Documentation' });
    expect(within(note).getByText(SIMULATED_NOTE_LABEL)).toBeInTheDocument();
    expect(note).toHaveTextContent('Do not paste it into a patient record.');
  });

  it('A real model\'s note from the emulator\'s transcript is still marked; a real transcript and note are not', async () => {
    serveSession({ transcript: EMULATOR_TRANSCRIPT, note: 'gemini-2.5-flash · note-v1' });
    const note = await screen.findByRole('region', { name: 'Documentation' });
    expect(within(note).getByText(SIMULATED_NOTE_LABEL)).toBeInTheDocument();
    expect(note).toHaveTextContent('written from a demo transcript of another consultation');
    cleanup();

    serveSession({ transcript: 'google-speech/medical_conversation', note: 'gemini-2.5-flash · note-v1' });
    await screen.findByRole('region', { name: 'Documentation' });
    expect(screen.queryByText(SIMULATED_NOTE_LABEL)).not.toBeInTheDocument();
    expect(screen.queryByText(TRANSCRIPT_QUALITY_LABELS.simulated!)).not.toBeInTheDocument();
  });

  it('pocketsphinx\'s transcript is called offline demo quality, and the note asks to be checked, without a copy question', async () => {
    const { write } = stubClipboard();
    serveSession({ transcript: 'pocketsphinx/en-us', note: 'gemini-2.5-flash · note-v1' });
    expect(await screen.findByText(TRANSCRIPT_QUALITY_LABELS.demo!)).toBeInTheDocument();
    expect(screen.getByText('Written from an offline demo-quality transcript')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Copy note' }));
    expect(await screen.findByText('Note copied, with its formatting.')).toBeInTheDocument();
    expect(write).toHaveBeenCalledTimes(1);
  });

  it('Copy note asks first: Cancel copies nothing; Copy demo note copies it with the demo line first', async () => {
    const { write } = stubClipboard();
    serveSession({ transcript: EMULATOR_TRANSCRIPT, note: EMULATOR_NOTE });
    await userEvent.click(await screen.findByRole('button', { name: 'Copy note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy a demo note?' });
    expect(dialog).toHaveTextContent('Do not paste it into a patient record.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(write).not.toHaveBeenCalled();

    await userEvent.click(await screen.findByRole('button', { name: 'Copy note' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Copy a demo note?' })).getByRole('button', { name: 'Copy demo note' }));
    expect(await screen.findByText('Note copied, with its formatting.')).toBeInTheDocument();
    const items = (write.mock.calls[0]![0] as { items: Record<string, Blob> }[])[0]!.items;
    expect(await items['text/plain']!.text()).toBe(`${SIMULATED_COPY_HEADER}\n\nSubjective\nDry cough for four days.\n\nObjective\nLungs clear.\n\nPlan\nNot discussed in this session.`);
    expect(await items['text/html']!.text()).toMatch(/^<p><strong>\[Demo note: .*<\/strong><\/p><h3>Subjective<\/h3>/);
  });

  it('Copying one section of a demo note asks too, and marks the copy', async () => {
    const { writeText } = stubClipboard();
    serveSession({ transcript: EMULATOR_TRANSCRIPT, note: EMULATOR_NOTE });
    await userEvent.click(within(await screen.findByRole('region', { name: 'Objective' })).getByRole('button', { name: 'Copy' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Copy a demo note?' })).getByRole('button', { name: 'Copy demo note' }));
    expect(writeText).toHaveBeenCalledWith(`${SIMULATED_COPY_HEADER}\n\nLungs clear.`);
  });
});
