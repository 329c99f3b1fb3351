import { provenanceChipLabel, provenanceLabel, sessionProvenance } from '@charta/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';
import { answerPosts } from '@/test/api';
import { session } from '@/test/fixtures';
import { renderPage } from '@/test/render';
import { SessionsPage } from './SessionsPage';

vi.mock('@/lib/api');

const EMULATOR_TRANSCRIPT = 'ai-emulator/medical_conversation';
const EMULATOR_NOTE = 'ai-emulator/gemini-2.5-flash · note-v1';

beforeEach(() => {
  vi.mocked(api.post).mockReset();
});

describe('Simulated output in the session list', () => {
  it('A session the emulator made, and one with a demo-quality transcript, say so in their rows', async () => {
    answerPosts({
      '/session/sessions': () => ({
        sessions: [
          session({ id: 's1', title: 'Emulated', transcriptEngine: EMULATOR_TRANSCRIPT, documentationEngine: EMULATOR_NOTE }),
          session({ id: 's2', title: 'Offline', transcriptEngine: 'pocketsphinx/en-us', documentationEngine: 'gemini-2.5-flash · note-v1' }),
          session({ id: 's3', title: 'Real', transcriptEngine: 'google-speech/medical_conversation', documentationEngine: 'gemini-2.5-flash · note-v1' }),
        ],
        nextCursor: null,
      }),
    });
    renderPage(<SessionsPage />);
    // The chip is the contract's short label, and its tooltip the banner's whole title.
    const emulated = sessionProvenance({ transcriptEngine: EMULATOR_TRANSCRIPT, documentationEngine: EMULATOR_NOTE })!;
    const emulatedChip = within(await screen.findByRole('listitem', { name: 'Emulated' })).getByText(provenanceChipLabel(emulated)!);
    expect(emulatedChip.textContent).toBe('Simulated transcript');
    expect(emulatedChip.closest('[title]')).toHaveAttribute('title', provenanceLabel(emulated));
    const offline = sessionProvenance({ transcriptEngine: 'pocketsphinx/en-us', documentationEngine: 'gemini-2.5-flash · note-v1' })!;
    expect(within(screen.getByRole('listitem', { name: 'Offline' })).getByText(provenanceChipLabel(offline)!).textContent).toBe('Demo-quality note');
    const real = screen.getByRole('listitem', { name: 'Real' });
    expect(within(real).queryByText(/demo|simulated/i)).not.toBeInTheDocument();
  });
});

describe('Consent and retention in the session list', () => {
  it('A row says how the patient consented, and what retention deleted', async () => {
    const consent = { method: 'verbal' as const, confirmedAt: '2026-11-21T10:00:00.000Z', confirmedByUid: 'u1', confirmedByName: 'Dr Ana' };
    const deletion = { deletedAt: `${new Date().getFullYear()}-12-03T12:00:00.000Z`, afterDays: 7 };
    answerPosts({
      '/session/sessions': () => ({
        sessions: [
          session({ id: 's1', title: 'Consented', consent, deletedByRetention: { audio: deletion, transcript: null } }),
          session({ id: 's2', title: 'Both gone', consent: { ...consent, method: 'written' }, deletedByRetention: { audio: deletion, transcript: deletion } }),
          session({ id: 's3', title: 'Typed', audio_uri: null, consent: null, deletedByRetention: { audio: null, transcript: null } }),
        ],
        nextCursor: null,
      }),
    });
    renderPage(<SessionsPage />);
    const consented = await screen.findByRole('listitem', { name: 'Consented' });
    expect(within(consented).getByText(/· Verbal consent$/)).toBeInTheDocument();
    expect(within(consented).getByText('Audio deleted on 3 Dec (your 7-day setting)')).toBeInTheDocument();
    const both = screen.getByRole('listitem', { name: 'Both gone' });
    expect(within(both).getByText(/· Written consent$/)).toBeInTheDocument();
    expect(within(both).getByText('Audio and transcript deleted (your retention settings)')).toBeInTheDocument();
    const typed = screen.getByRole('listitem', { name: 'Typed' });
    expect(within(typed).queryByText(/consent|deleted/)).not.toBeInTheDocument();
  });
});
