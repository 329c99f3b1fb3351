import { PIPELINE_TIMING, type DocumentationProposal, type Session } from '@charta/contract';
import '@/test/blob-reading';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-client';
import { answerPosts, postsTo, type Handler } from '@/test/api';
import { documentation, session, transcript } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { LIVE_TRANSCRIPT_POLL_MS, SESSION_POLL_MS as PROGRESS_POLL_MS } from '@/data/live-session';
import { formatDateTime } from '@/lib/format';
import { AUTOSAVE_DELAY_MS } from '../lib/section-editing';
import { THIS_TAB_EDITOR_ID } from '../api/documentation';
import { SessionPage } from './SessionPage';

vi.mock('@/lib/api');
const post = vi.mocked(api.post);

/** The routes the fake server answers; a test may change one while the page is open. */
let handlers: Record<string, Handler>;

function serve(routes: Record<string, Handler>) {
  handlers = routes;
  answerPosts(routes);
}

/** Autosave waits for a pause in typing (AUTOSAVE_DELAY_MS); the test waits a little longer. */
const AUTOSAVED_WITHIN_MS = AUTOSAVE_DELAY_MS + 2000;

const conflict = () => new ApiError({ status: 409, code: 'conflict', message: 'The documentation changed since you loaded it', field: 'counter' });

/** update_value answering a conflict to the first save and saving (counter 5) from then on. */
function conflictOnceThenSave(): Handler {
  let saves = 0;
  return (body) => {
    saves += 1;
    if (saves === 1) throw conflict();
    return { section: { ...documentation().sections[0]!, content: body['content'] }, counter: 5 };
  };
}

/** Another tab saves `content` into section `sectionId` (counter 4): the server answers that from now on. */
function editElsewhere(sectionId: string, content: string) {
  handlers['/documentation/by_session'] = () => ({
    documentation: documentation({ counter: 4, sections: documentation().sections.map((s) => (s.id === sectionId ? { ...s, content } : s)) }),
  });
}

function renderPage() {
  return renderRoutes(
    [
      { path: '/sessions/:sessionId', element: <SessionPage /> },
      { path: '/sessions', element: <p>Sessions list</p> },
    ],
    '/sessions/s1',
  );
}

/** What the browser reports about the tab (jsdom's document is always visible), announced as browsers do. */
function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => {
  post.mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
  // Back to jsdom's own (prototype) getter.
  Reflect.deleteProperty(document, 'visibilityState');
});

describe('SessionPage: progress', () => {
  it('Follows the session from transcribing to ready without a reload, then shows the note and transcript', async () => {
    const statuses: Session['status'][] = ['transcribing', 'generating', 'ready'];
    serve({
      '/session/session': () => ({ session: session({ status: statuses.length > 1 ? statuses.shift()! : statuses[0]! }) }),
      '/session/transcription': () => ({ transcript }),
      '/documentation/by_session': () => ({ documentation: documentation() }),
    });
    renderPage();

    expect(await screen.findByRole('heading', { name: 'Transcribing…' })).toBeInTheDocument();
    expect(screen.getByText('The transcript appears here when transcription has finished.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Writing the note' }, { timeout: 4000 })).toBeInTheDocument();
    // The transcript is there as soon as it exists, before the note.
    expect(await screen.findByText('A dry cough for four days.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Subjective' }, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Writing the note' })).not.toBeInTheDocument();

    // Polling stops once ready.
    const reads = postsTo('/session/session').length;
    await new Promise((r) => setTimeout(r, 1800));
    expect(postsTo('/session/session').length).toBe(reads);
  }, 12_000);

  it('Says how much is left to transcribe from the transcript so far, and stops asking for it once the note is being written', async () => {
    let current = session({ status: 'transcribing', documentationId: null, updatedAt: new Date().toISOString() });
    let live = { segments: [], transcribedUntilSec: 96.2, audioSec: 131.5, engine: 'google-speech/medical_conversation' };
    serve({
      '/session/session': () => ({ session: current }),
      '/session/live_transcript': () => live,
      '/session/transcription': () => ({ transcript }),
    });
    renderPage();

    expect(await screen.findByRole('heading', { name: 'Transcribing the last 35 seconds' })).toBeInTheDocument();
    expect(postsTo('/session/live_transcript')).toContainEqual({ sessionId: 's1' });
    live = { ...live, transcribedUntilSec: 121 };
    expect(await screen.findByRole('heading', { name: 'Transcribing the last 10 seconds' }, { timeout: 4000 })).toBeInTheDocument();

    current = session({ status: 'generating', documentationId: null, updatedAt: new Date().toISOString() });
    expect(await screen.findByRole('heading', { name: 'Writing the note' }, { timeout: 4000 })).toBeInTheDocument();
    const reads = postsTo('/session/live_transcript').length;
    // Past a whole poll interval of the transcript so far: no more reads of it.
    await new Promise((r) => setTimeout(r, LIVE_TRANSCRIPT_POLL_MS + 500));
    expect(postsTo('/session/live_transcript').length).toBe(reads);
  }, 15_000);

  it('Says only "Transcribing…" when the transcript so far cannot be read, and shows no error for it', async () => {
    serve({
      '/session/session': () => ({ session: session({ status: 'transcribing', documentationId: null, updatedAt: new Date().toISOString() }) }),
      '/session/live_transcript': () => {
        throw new ApiError({ status: 503, code: 'unavailable', message: 'Try again' });
      },
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Transcribing…' })).toBeInTheDocument();
    await waitFor(() => expect(postsTo('/session/live_transcript').length).toBeGreaterThanOrEqual(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Try again')).not.toBeInTheDocument();
  });

  it('A failure says why, and Retry starts processing again and follows it', async () => {
    let current = session({ status: 'failed', documentationId: null, error: { code: 'transcription_failed', message: 'The speech service did not answer in time.' } });
    serve({
      '/session/session': () => ({ session: current }),
      '/session/transcription': () => {
        throw new ApiError({ status: 409, code: 'conflict', message: 'The session is not transcribed yet (it is failed)' });
      },
      '/session/process': () => {
        current = session({ status: 'transcribing', documentationId: null });
        return { session: session({ status: 'uploaded', documentationId: null }) };
      },
    });
    renderPage();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The speech service did not answer in time.');
    // The expected 409 for the missing transcript is not an error to show.
    expect(screen.queryByText(/not transcribed yet/)).not.toBeInTheDocument();

    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(postsTo('/session/process')).toEqual([{ sessionId: 's1' }]);
    expect(await screen.findByRole('heading', { name: 'Starting transcription…' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Transcribing…' }, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.queryByText('The speech service did not answer in time.')).not.toBeInTheDocument();
  }, 10_000);

  it('Stops asking while the tab is hidden, and asks again as soon as it is shown', async () => {
    serve({ '/session/session': () => ({ session: session({ status: 'transcribing', documentationId: null, updatedAt: new Date().toISOString() }) }) });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Transcribing…' })).toBeInTheDocument();
    // Polling while shown.
    await waitFor(() => expect(postsTo('/session/session').length).toBeGreaterThanOrEqual(2), { timeout: 3000 });

    setVisibility('hidden');
    const reads = postsTo('/session/session').length;
    await new Promise((r) => setTimeout(r, 2 * PROGRESS_POLL_MS + 500));
    expect(postsTo('/session/session').length).toBe(reads);

    setVisibility('visible');
    await waitFor(() => expect(postsTo('/session/session').length).toBeGreaterThan(reads), { timeout: PROGRESS_POLL_MS + 1000 });
  }, 12_000);

  it('A step that takes longer than expected says so, and Retry restarts it', async () => {
    const stepStarted = new Date(Date.now() - PIPELINE_TIMING.stepLeaseMs - 60_000).toISOString();
    let current = session({ status: 'transcribing', documentationId: null, audioDurationSec: 42, updatedAt: stepStarted });
    serve({
      '/session/session': () => ({ session: current }),
      '/session/process': () => {
        current = session({ status: 'uploaded', documentationId: null, updatedAt: new Date().toISOString() });
        return { session: current };
      },
    });
    renderPage();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Taking longer than expected');
    // The progress stays: the work may still finish by itself.
    expect(screen.getByRole('heading', { name: 'Transcribing…' })).toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(postsTo('/session/process')).toEqual([{ sessionId: 's1' }]);
    expect(await screen.findByRole('heading', { name: 'Starting transcription…' })).toBeInTheDocument();
    expect(screen.queryByText('Taking longer than expected')).not.toBeInTheDocument();
  }, 10_000);

  it('Retry while the server still works on it restarts nothing, and says so', async () => {
    // Slow for its 42 s of audio (2 minutes), but within the step's lease: the run may still be at work.
    const current = session({ status: 'transcribing', documentationId: null, audioDurationSec: 42, updatedAt: new Date(Date.now() - 3 * 60_000).toISOString() });
    serve({ '/session/session': () => ({ session: current }), '/session/process': () => ({ session: current }) });
    renderPage();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Taking longer than expected');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(alert).findByText(/still working on it, so nothing was restarted/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Transcribing…' })).toBeInTheDocument();
  }, 10_000);

  it('Not slow yet: no warning until the step has taken longer than expected for its audio', async () => {
    serve({
      '/session/session': () => ({ session: session({ status: 'generating', documentationId: null, audioDurationSec: 42, updatedAt: new Date(Date.now() - 60_000).toISOString() }) }),
      '/session/transcription': () => ({ transcript }),
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Writing the note' })).toBeInTheDocument();
    expect(await screen.findByText('A dry cough for four days.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('Says so when the session does not exist', async () => {
    serve({
      '/session/session': () => {
        throw new ApiError({ status: 404, code: 'not_found', message: 'No such session' });
      },
    });
    renderPage();
    expect(await screen.findByText('This session does not exist, or it was deleted.')).toBeInTheDocument();
  });
});

// Typing with userEvent and waiting out the autosave's pause takes seconds; under CI's load more than vitest's
// default 5 s (the autosave test once took 5.0 s there).
describe('SessionPage: editing', { timeout: 30_000 }, () => {
  function readyRoutes(extra: Record<string, Handler> = {}) {
    serve({
      '/session/session': () => ({ session: session() }),
      '/session/transcription': () => ({ transcript }),
      '/documentation/by_session': () => ({ documentation: documentation() }),
      ...extra,
    });
  }

  it('Saves a section by itself once typing pauses, with the note’s counter, and says it is saved (no Save button)', async () => {
    readyRoutes({
      '/session/documentation/section/update_value': (body) => ({
        section: { ...documentation().sections[0]!, content: body['content'] },
        counter: 4,
      }),
    });
    renderPage();
    const box = await screen.findByRole('textbox', { name: 'Subjective' });
    await userEvent.clear(box);
    await userEvent.type(box, 'Cough for four days, no fever.');
    const section = screen.getByRole('region', { name: 'Subjective' });
    expect(within(section).getByText('Unsaved changes')).toBeInTheDocument();
    // AI rewrites wait until the text is saved.
    expect(within(section).getByRole('button', { name: 'Magic edit' })).toBeDisabled();
    expect(within(section).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();

    expect(await within(section).findByText('Saved', {}, { timeout: AUTOSAVED_WITHIN_MS })).toBeInTheDocument();
    expect(postsTo('/session/documentation/section/update_value')).toEqual([
      { documentationId: 's1', sectionId: 'subjective', content: 'Cough for four days, no fever.', counter: 3, editorId: THIS_TAB_EDITOR_ID },
    ]);
    // One id for this tab's saves, so the API can tell them from another tab's (whose text it then keeps).
    expect(THIS_TAB_EDITOR_ID).toMatch(/^tab-[0-9a-f-]{36}$/);
    expect(box).toHaveValue('Cough for four days, no fever.');
    expect(within(section).getByRole('button', { name: 'Magic edit' })).toBeEnabled();
  });

  it('A failed save keeps the text, says so, and saves when asked again', async () => {
    let fail = true;
    readyRoutes({
      '/session/documentation/section/update_value': (body) => {
        if (fail) throw new ApiError({ status: 503, code: 'unavailable', message: 'The service is unavailable' });
        return { section: { ...documentation().sections[0]!, content: body['content'] }, counter: 4 };
      },
    });
    renderPage();
    const box = await screen.findByRole('textbox', { name: 'Subjective' });
    await userEvent.type(box, ' Worse at night.');
    const section = screen.getByRole('region', { name: 'Subjective' });
    const alert = await within(section).findByRole('alert', {}, { timeout: AUTOSAVED_WITHIN_MS });
    expect(alert).toHaveTextContent('Not saved');
    expect(alert).toHaveTextContent('Your text is still here.');
    expect(box).toHaveValue(`${documentation().sections[0]!.content} Worse at night.`);
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByText('Saved')).toBeInTheDocument();
    expect(box).toHaveValue(`${documentation().sections[0]!.content} Worse at night.`);
  });

  it('A conflict on the same section keeps the draft, shows the latest, and can overwrite with the new counter', async () => {
    readyRoutes({
      '/session/documentation/section/update_value': conflictOnceThenSave(),
    });
    renderPage();
    const box = await screen.findByRole('textbox', { name: 'Subjective' });
    // Meanwhile, another tab saved a different Subjective.
    editElsewhere('subjective', 'Edited in another tab.');
    await userEvent.clear(box);
    await userEvent.type(box, 'My version.');
    const section = screen.getByRole('region', { name: 'Subjective' });
    const alert = await within(section).findByRole('alert', {}, { timeout: AUTOSAVED_WITHIN_MS });
    expect(alert).toHaveTextContent('This section was changed elsewhere');
    expect(alert).toHaveTextContent('Edited in another tab.');
    expect(box).toHaveValue('My version.');

    await userEvent.click(within(alert).getByRole('button', { name: 'Overwrite with mine' }));
    expect(await within(section).findByText('Saved')).toBeInTheDocument();
    expect(postsTo('/session/documentation/section/update_value')).toEqual([
      { documentationId: 's1', sectionId: 'subjective', content: 'My version.', counter: 3, editorId: THIS_TAB_EDITOR_ID },
      { documentationId: 's1', sectionId: 'subjective', content: 'My version.', counter: 4, editorId: THIS_TAB_EDITOR_ID },
    ]);
    expect(box).toHaveValue('My version.');
  });

  it('A conflict can also be resolved by taking the latest version', async () => {
    readyRoutes({
      '/session/documentation/section/update_value': () => {
        throw conflict();
      },
    });
    renderPage();
    const box = await screen.findByRole('textbox', { name: 'Subjective' });
    editElsewhere('subjective', 'Edited in another tab.');
    await userEvent.type(box, ' More.');
    const section = screen.getByRole('region', { name: 'Subjective' });
    await userEvent.click(await within(section).findByRole('button', { name: 'Reload latest' }, { timeout: AUTOSAVED_WITHIN_MS }));
    expect(box).toHaveValue('Edited in another tab.');
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('When only another section changed, saving again with the new counter needs no decision', async () => {
    readyRoutes({
      '/session/documentation/section/update_value': conflictOnceThenSave(),
    });
    renderPage();
    const box = await screen.findByRole('textbox', { name: 'Subjective' });
    editElsewhere('objective', 'Changed elsewhere.');
    await userEvent.type(box, ' Better.');
    const section = screen.getByRole('region', { name: 'Subjective' });
    expect(await within(section).findByText('Saved', {}, { timeout: AUTOSAVED_WITHIN_MS })).toBeInTheDocument();
    expect(postsTo('/session/documentation/section/update_value').map((b) => (b as { counter: number }).counter)).toEqual([3, 4]);
    expect(screen.getByRole('textbox', { name: 'Objective' })).toHaveValue('Changed elsewhere.');
  });

  /** A proposal for one section, as the API answers `propose: true`: its text now, as proposed, and the diff. */
  function sectionProposal(change: DocumentationProposal['change'], sectionId: string, proposed: string, extra: Partial<DocumentationProposal> = {}): { proposal: DocumentationProposal } {
    const current = documentation().sections.find((s) => s.id === sectionId)!;
    return {
      proposal: {
        documentationId: 's1',
        counter: 3,
        change,
        sections: [
          {
            sectionId,
            title: current.title,
            current: current.content,
            proposed,
            evidence: [],
            changes: [
              { kind: 'removed', text: current.content },
              { kind: 'added', text: proposed },
            ],
            removesTyped: [],
          },
        ],
        ...extra,
      },
    };
  }
  /** The note after an accepted proposal (counter 4). */
  const accepted = (sectionId: string, content: string, counter = 4) => ({
    documentation: documentation({ counter, sections: documentation().sections.map((s) => (s.id === sectionId ? { ...s, content } : s)) }),
  });

  it('Magic edit proposes a diff; nothing changes until Accept, which saves the proposal with its counter', async () => {
    readyRoutes({
      '/session/magic_edit_section': () => sectionProposal('magic_edit_section', 'subjective', 'Dry cough.'),
      '/session/documentation/accept_proposal': () => accepted('subjective', 'Dry cough.'),
    });
    renderPage();
    const section = await screen.findByRole('region', { name: 'Subjective' });
    await userEvent.click(within(section).getByRole('button', { name: 'Magic edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Magic edit: Subjective' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Make it shorter' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Show the change' }));
    const review = await screen.findByRole('dialog', { name: 'Review: Magic edit: Subjective' });
    expect(postsTo('/session/magic_edit_section')).toEqual([{ documentationId: 's1', sectionId: 'subjective', counter: 3, instruction: 'Make it shorter', propose: true }]);
    // Shown, not saved.
    expect(within(review).getByTestId('proposal-diff').querySelector('ins')).toHaveTextContent('Added: Dry cough.');
    expect(screen.getByRole('textbox', { name: 'Subjective', hidden: true })).toHaveValue('Dry cough for four days.');
    expect(postsTo('/session/documentation/accept_proposal')).toEqual([]);

    await userEvent.click(within(review).getByRole('button', { name: 'Accept change' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Subjective' })).toHaveValue('Dry cough.'));
    expect(postsTo('/session/documentation/accept_proposal')).toEqual([
      { documentationId: 's1', counter: 3, change: 'magic_edit_section', sections: [{ sectionId: 'subjective', content: 'Dry cough.', evidence: [] }] },
    ]);
  });

  it('Regenerate and Customize propose with the counter, and save only what is accepted', async () => {
    let counter = 3;
    readyRoutes({
      '/session/regenerate_documentation_section': () => sectionProposal('regenerate_section', 'objective', 'Temperature 37.2.'),
      '/session/customize_section': () => sectionProposal('customize_section', 'objective', 'Temp 37.2 °C.', { counter: 4, instructions: 'Units always' }),
      '/session/documentation/accept_proposal': (body) => accepted('objective', (body['sections'] as { content: string }[])[0]!.content, ++counter),
    });
    renderPage();
    const section = await screen.findByRole('region', { name: 'Objective' });
    await userEvent.click(within(section).getByRole('button', { name: 'Regenerate' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Review: Regenerate: Objective' })).getByRole('button', { name: 'Accept change' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Objective' })).toHaveValue('Temperature 37.2.'));
    await userEvent.click(within(section).getByRole('button', { name: 'Customize' }));
    const dialog = await screen.findByRole('dialog', { name: 'Customize: Objective' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Instructions for this section' }), 'Units always');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Show the rewrite' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Review: Customize: Objective' })).getByRole('button', { name: 'Accept change' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Objective' })).toHaveValue('Temp 37.2 °C.'));
    expect(postsTo('/session/regenerate_documentation_section')).toEqual([{ documentationId: 's1', sectionId: 'objective', counter: 3, propose: true }]);
    expect(postsTo('/session/customize_section')).toEqual([{ documentationId: 's1', sectionId: 'objective', counter: 4, instructions: 'Units always', propose: true }]);
    expect(postsTo('/session/documentation/accept_proposal')).toEqual([
      { documentationId: 's1', counter: 3, change: 'regenerate_section', sections: [{ sectionId: 'objective', content: 'Temperature 37.2.', evidence: [] }] },
      { documentationId: 's1', counter: 4, change: 'customize_section', instructions: 'Units always', sections: [{ sectionId: 'objective', content: 'Temp 37.2 °C.', evidence: [] }] },
    ]);
  });

  it('Regenerate over the clinician’s text shows the typing it removes; accepted, Undo puts it back in one click', async () => {
    const mine = { ...documentation().sections[1]!, content: 'My own objective.', source: 'clinician' as const };
    const withMine = documentation({ sections: documentation().sections.map((s) => (s.id === 'objective' ? mine : s)) });
    readyRoutes({
      '/documentation/by_session': () => ({ documentation: withMine }),
      '/session/regenerate_documentation_section': () => ({
        proposal: {
          documentationId: 's1',
          counter: 3,
          change: 'regenerate_section',
          sections: [
            {
              sectionId: 'objective',
              title: 'Objective',
              current: 'My own objective.',
              proposed: 'Temperature 37.2.',
              evidence: [],
              changes: [
                { kind: 'removed', text: 'My own objective.', typed: true },
                { kind: 'added', text: 'Temperature 37.2.' },
              ],
              removesTyped: ['My own objective.'],
            },
          ],
        },
      }),
      '/session/documentation/accept_proposal': () => ({ documentation: { ...withMine, counter: 4, sections: withMine.sections.map((s) => (s.id === 'objective' ? { ...mine, content: 'Temperature 37.2.', source: 'regenerate_section' as const } : s)) } }),
      '/session/documentation/section/versions': () => ({
        versions: [{ id: 'v2', sectionId: 'objective', content: 'My own objective.', evidence: [], source: 'clinician', writtenAt: '2026-11-20T10:00:00.000Z', replacedBy: 'regenerate_section', replacedAt: '2026-11-20T10:05:00.000Z', counter: 4 }],
      }),
      '/session/documentation/section/restore': () => ({ section: mine, counter: 5 }),
    });
    renderPage();
    const section = await screen.findByRole('region', { name: 'Objective' });
    await userEvent.click(within(section).getByRole('button', { name: 'Regenerate' }));
    const review = await screen.findByRole('dialog', { name: 'Review: Regenerate: Objective' });
    expect(within(review).getByRole('note', { name: /You typed this; the change removes it/ })).toHaveTextContent('“My own objective.”');
    // Nothing changed yet (the page behind the dialog is hidden from the accessibility tree).
    expect(screen.getByRole('textbox', { name: 'Objective', hidden: true })).toHaveValue('My own objective.');
    await userEvent.click(within(review).getByRole('button', { name: 'Accept change' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Objective' })).toHaveValue('Temperature 37.2.'));
    expect(postsTo('/session/regenerate_documentation_section')).toEqual([{ documentationId: 's1', sectionId: 'objective', counter: 3, propose: true }]);

    await userEvent.click(within(section).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Objective' })).toHaveValue('My own objective.'));
    expect(postsTo('/session/documentation/section/restore')).toEqual([{ documentationId: 's1', sectionId: 'objective', versionId: 'v2', counter: 4 }]);
    expect(within(section).queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
  });

  it('Discarding a proposal leaves the text as it is and saves nothing', async () => {
    readyRoutes({
      '/session/regenerate_documentation_section': () => sectionProposal('regenerate_section', 'plan', 'Rest and fluids.'),
    });
    renderPage();
    const section = await screen.findByRole('region', { name: 'Plan' });
    await userEvent.click(within(section).getByRole('button', { name: 'Regenerate' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Review: Regenerate: Plan' })).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'Plan' })).toHaveValue('Not discussed in this session.');
    expect(postsTo('/session/documentation/accept_proposal')).toEqual([]);
  });

  it('History lists a section’s earlier versions and restores one with the counter', async () => {
    readyRoutes({
      '/session/documentation/section/versions': () => ({
        versions: [{ id: 'v1', sectionId: 'plan', content: 'Rest and fluids.', evidence: [], source: 'generated', writtenAt: '2026-11-20T10:00:00.000Z', replacedBy: 'clinician', replacedAt: '2026-11-20T10:05:00.000Z', counter: 2 }],
      }),
      '/session/documentation/section/restore': () => ({ section: { ...documentation().sections[2]!, content: 'Rest and fluids.' }, counter: 4 }),
    });
    renderPage();
    const section = await screen.findByRole('region', { name: 'Plan' });
    await userEvent.click(within(section).getByRole('button', { name: 'History' }));
    const dialog = await screen.findByRole('dialog', { name: 'History: Plan' });
    const list = await within(dialog).findByRole('list', { name: 'Earlier versions of Plan' });
    expect(list).toHaveTextContent('Written by an AI model');
    expect(list).toHaveTextContent('Rest and fluids.');
    await userEvent.click(within(list).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Plan' })).toHaveValue('Rest and fluids.'));
    expect(postsTo('/session/documentation/section/restore')).toEqual([{ documentationId: 's1', sectionId: 'plan', versionId: 'v1', counter: 3 }]);
  });

  it('Mark as done; a done note asks before it is edited', async () => {
    let doneAt: string | null = null;
    readyRoutes({
      '/session/session': () => ({ session: session({ doneAt }) }),
      '/session/mark_done': (body) => {
        doneAt = body['done'] ? '2026-11-20T11:00:00.000Z' : null;
        return { session: session({ doneAt }) };
      },
      '/session/documentation/section/update_value': (body) => ({ section: { ...documentation().sections[2]!, content: body['content'] }, counter: 4 }),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Mark as done' }));
    expect(await screen.findByText('Done')).toBeInTheDocument();
    expect(postsTo('/session/mark_done')).toEqual([{ sessionId: 's1', done: true }]);

    const box = screen.getByRole('textbox', { name: 'Plan' });
    await userEvent.type(box, 'X');
    const ask = await screen.findByRole('dialog', { name: 'Edit a note marked done?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Edit the note' }));
    await waitFor(() => expect(box).toHaveValue(`${documentation().sections[2]!.content}X`));
    // Once agreed, typing goes on without asking again.
    await userEvent.type(box, 'Y');
    expect(box).toHaveValue(`${documentation().sections[2]!.content}XY`);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('A stale counter on an AI edit reloads the note and explains it', async () => {
    readyRoutes({
      '/session/magic_edit_documentation': () => {
        throw conflict();
      },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Magic edit note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Magic edit: the whole note' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'What should change?' }), 'More formal');
    handlers['/documentation/by_session'] = () => ({ documentation: documentation({ counter: 9 }) });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Show the changes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The note was changed elsewhere');
    expect(postsTo('/session/magic_edit_documentation')).toEqual([{ documentationId: 's1', instruction: 'More formal', counter: 3, propose: true }]);
  });

  it('Regenerate note shows the whole note written again as a diff, with the typed line it removes, and saves only on Accept', async () => {
    const typedPlan = 'Rest and fluids.\nAmoxicillin 500 mg.';
    readyRoutes({
      '/session/regenerate_documentation': () => {
        const made = sectionProposal('regenerate_note', 'plan', 'Rest and fluids.');
        const only = made.proposal.sections[0]!;
        return { proposal: { ...made.proposal, sections: [{ ...only, current: typedPlan, changes: [{ kind: 'same', text: 'Rest and fluids.' }, { kind: 'removed', text: '\nAmoxicillin 500 mg.', typed: true }], removesTyped: ['Amoxicillin 500 mg.'] }] } };
      },
      '/session/documentation/accept_proposal': () => ({ documentation: documentation({ counter: 4, sections: documentation().sections.map((x) => (x.id === 'plan' ? { ...x, content: 'Rest and fluids.', source: 'regenerate_note' } : x)) }) }),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Regenerate note' }));
    const review = await screen.findByRole('dialog', { name: 'Review: Regenerate note' });
    expect(review).toHaveTextContent('Amoxicillin 500 mg.');
    expect(postsTo('/session/regenerate_documentation')).toEqual([{ sessionId: 's1', counter: 3, propose: true }]);
    expect(postsTo('/session/documentation/accept_proposal')).toEqual([]);
    await userEvent.click(within(review).getByRole('button', { name: 'Accept change' }));
    expect(await screen.findByText('Note regenerated.')).toBeInTheDocument();
    expect(postsTo('/session/documentation/accept_proposal')).toEqual([
      { documentationId: 's1', counter: 3, change: 'regenerate_note', sections: [{ sectionId: 'plan', content: 'Rest and fluids.', evidence: [] }] },
    ]);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Plan' })).toHaveValue('Rest and fluids.'));
  });

  it('A note changed while its proposal was read: Accept is refused (409), the latest note is shown, and the proposal can only be discarded', async () => {
    readyRoutes({
      '/session/magic_edit_documentation': () => sectionProposal('magic_edit_note', 'subjective', 'The patient reported a dry cough.'),
      '/session/documentation/accept_proposal': () => {
        throw conflict();
      },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Magic edit note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Magic edit: the whole note' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'What should change?' }), 'More formal');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Show the changes' }));
    const review = await screen.findByRole('dialog', { name: 'Review: Magic edit of the note' });
    handlers['/documentation/by_session'] = () => ({ documentation: documentation({ counter: 9, sections: documentation().sections.map((s) => (s.id === 'plan' ? { ...s, content: 'Changed elsewhere.' } : s)) }) });
    await userEvent.click(within(review).getByRole('button', { name: 'Accept change' }));
    expect(await within(review).findByRole('alert')).toHaveTextContent('since this change was proposed');
    expect(within(review).getByRole('button', { name: 'Accept change' })).toBeDisabled();
    await userEvent.click(within(review).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Plan' })).toHaveValue('Changed elsewhere.'));
    expect(screen.getByRole('textbox', { name: 'Subjective' })).toHaveValue('Dry cough for four days.');
  });
});

// As the editing tests: typing a question and waiting for the answer can pass 5 s under CI's load.
describe('SessionPage: evidence, copy and chat', { timeout: 30_000 }, () => {
  beforeEach(() => {
    serve({
      '/session/session': () => ({ session: session() }),
      '/session/transcription': () => ({ transcript }),
      '/documentation/by_session': () => ({ documentation: documentation() }),
      '/session/chat_history': () => ({ messages: [], limit: 40 }),
      '/session/chat_with_session': (body) => ({
        question: { id: 'q1', role: 'user', content: body['question'], createdAt: '', evidence: [] },
        message: { id: 'a1', role: 'assistant', content: 'From the transcript: the patient said "I am allergic to penicillin."', createdAt: '', evidence: [{ segmentId: 'seg-3', quote: 'allergic to penicillin' }], source: 'transcript', noteSections: [], engine: 'gemini-2.5-flash · chat-v1' },
      }),
    });
  });

  const highlighted = () =>
    within(screen.getByRole('list', { name: 'Transcript segments' }))
      .getAllByRole('listitem')
      .filter((li) => li.dataset['highlighted'] === 'true')
      .map((li) => li.dataset['segmentId']);

  it('Shows speakers and times; a section’s support is highlighted in the transcript with its quotes', async () => {
    renderPage();
    const segments = await screen.findByRole('list', { name: 'Transcript segments' });
    expect(within(segments).getAllByText('Patient')).toHaveLength(2);
    expect(within(segments).getByText('Clinician')).toBeInTheDocument();
    expect(within(segments).getByRole('button', { name: 'Play from 01:05' })).toBeInTheDocument();

    const subjective = await screen.findByRole('region', { name: 'Subjective' });
    await userEvent.click(within(subjective).getByRole('button', { name: 'Show transcript support (2)' }));
    expect(highlighted()).toEqual(['seg-2', 'seg-3']);
    expect(within(subjective).getByRole('list', { name: 'Supporting quotes' })).toHaveTextContent('“allergic to penicillin”');
    expect(screen.getByText('Support for Subjective: 2 segments highlighted')).toBeInTheDocument();

    await userEvent.click(within(subjective).getByRole('button', { name: 'Hide transcript support' }));
    expect(highlighted()).toEqual([]);
  });

  it('Marks a section nothing supports, but not one the session did not cover', async () => {
    renderPage();
    const objective = await screen.findByRole('region', { name: 'Objective' });
    expect(within(objective).getByText('Not supported by the transcript: check it.')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Plan' })).queryByText(/Not supported/)).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Subjective' })).queryByText(/Not supported/)).not.toBeInTheDocument();
  });

  it('Copy note writes plain text and HTML; Copy writes one section as plain text', async () => {
    const write = vi.fn().mockResolvedValue(undefined);
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('ClipboardItem', class {
      constructor(readonly items: Record<string, Blob>) {}
    });
    vi.stubGlobal('navigator', { ...navigator, clipboard: { write, writeText } });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Copy note' }));
    expect(await screen.findByText('Note copied, with its formatting.')).toBeInTheDocument();
    const items = (write.mock.calls[0]![0] as { items: Record<string, Blob> }[])[0]!.items;
    expect(await items['text/plain']!.text()).toBe('Subjective\nDry cough for four days.\n\nObjective\nLungs clear.\n\nPlan\nNot discussed in this session.');
    expect(await items['text/html']!.text()).toContain('<h3>Objective</h3><p>Lungs clear.</p>');

    await userEvent.click(within(screen.getByRole('region', { name: 'Objective' })).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('Lungs clear.');
    // Each copy is reported to the audit trail (the server cannot see the clipboard).
    expect(postsTo('/audit/event')).toEqual([{ action: 'note.copied', sessionId: 's1' }, { action: 'note.copied', sessionId: 's1' }]);
  });

  it('Chat answers cite segments; a citation highlights them in the transcript', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Chat' }));
    const input = await screen.findByRole('textbox', { name: 'Ask about this session' });
    await userEvent.type(input, 'Any allergies?{Enter}');
    expect(await screen.findByText(/I am allergic to penicillin\."/)).toBeInTheDocument();
    expect(postsTo('/session/chat_with_session')).toEqual([{ sessionId: 's1', question: 'Any allergies?' }]);
    expect(input).toHaveValue('');

    const cited = screen.getByRole('list', { name: 'Cited transcript segments' });
    await userEvent.click(within(cited).getByRole('button', { name: 'Show in transcript, at 01:05' }));
    await waitFor(() => expect(highlighted()).toEqual(['seg-3']));
    expect(screen.getByText('Cited in the chat: 1 segment highlighted')).toBeInTheDocument();
  });

  it('A failed chat question can be asked again', async () => {
    let calls = 0;
    handlers['/session/chat_with_session'] = () => {
      calls += 1;
      if (calls === 1) throw new ApiError({ status: 503, code: 'unavailable', message: 'busy' });
      return {
        question: { id: 'q1', role: 'user', content: 'What is the plan?', createdAt: '', evidence: [] },
        message: { id: 'a1', role: 'assistant', content: 'The plan is rest.', createdAt: '', evidence: [], source: 'transcript', noteSections: [] },
      };
    };
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Chat' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Ask about this session' }), 'What is the plan?');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(/No answer: Charta had a problem/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('The plan is rest.')).toBeInTheDocument();
    expect(postsTo('/session/chat_with_session')).toEqual([
      { sessionId: 's1', question: 'What is the plan?' },
      { sessionId: 's1', question: 'What is the plan?' },
    ]);
    // Asked once, however many tries it took.
    await waitFor(() => expect(screen.getAllByText('What is the plan?')).toHaveLength(1));
  });

  it('Asks before leaving with unsaved text', async () => {
    const router = renderPage();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Plan' }), ' Review in a week.');
    await userEvent.click(screen.getByRole('link', { name: 'All sessions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(dialog).toHaveTextContent('Your changes to Plan are not saved yet.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/sessions/s1');
    // Once the dialog has gone, the page is there again with the text as it was.
    expect(await screen.findByRole('textbox', { name: 'Plan' })).toHaveValue('Not discussed in this session. Review in a week.');
  });
});

describe('SessionPage: consent and retention', { timeout: 30_000 }, () => {
  const thisYear = new Date().getFullYear();
  const consent = { method: 'written' as const, confirmedAt: `${thisYear}-11-21T10:02:00.000Z`, confirmedByUid: 'u1', confirmedByName: 'Dr Ana Ruiz' };

  it('Says who confirmed the patient’s consent, how and when', async () => {
    serve({
      '/session/session': () => ({ session: session({ consent }) }),
      '/session/transcription': () => ({ transcript }),
      '/documentation/by_session': () => ({ documentation: documentation() }),
    });
    renderPage();
    expect(await screen.findByText(`Written consent confirmed by Dr Ana Ruiz, ${formatDateTime(consent.confirmedAt)}`)).toBeInTheDocument();
  });

  it('A recorded session without consent says so', async () => {
    serve({
      '/session/session': () => ({ session: session({ consent: null }) }),
      '/session/transcription': () => ({ transcript }),
      '/documentation/by_session': () => ({ documentation: documentation() }),
    });
    renderPage();
    expect(await screen.findByText('No consent recorded')).toBeInTheDocument();
  });

  it('Audio deleted by retention: said where the player was; playing from a time is off', async () => {
    serve({
      '/session/session': () => ({
        session: session({ consent, audio_uri: null, deletedByRetention: { audio: { deletedAt: `${thisYear}-12-03T12:00:00.000Z`, afterDays: 7 }, transcript: null } }),
      }),
      '/session/transcription': () => ({ transcript }),
      '/documentation/by_session': () => ({ documentation: documentation() }),
    });
    renderPage();
    const panel = await screen.findByRole('region', { name: 'Transcript' });
    expect(await within(panel).findByText('Audio deleted on 3 Dec (your 7-day setting): it can no longer be played.')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Listen to the recording' })).not.toBeInTheDocument();
    expect(await within(panel).findByRole('button', { name: 'Play from 00:00' })).toBeDisabled();
  });

  it('Transcript deleted by retention: not asked for, said in its place, and every AI action is off saying why', async () => {
    serve({
      '/session/session': () => ({
        session: session({ deletedByRetention: { audio: { deletedAt: `${thisYear}-11-22T12:00:00.000Z`, afterDays: 0 }, transcript: { deletedAt: `${thisYear}-12-21T12:00:00.000Z`, afterDays: 30 } } }),
      }),
      '/documentation/by_session': () => ({ documentation: documentation() }),
    });
    renderPage();
    const panel = await screen.findByRole('region', { name: 'Transcript' });
    expect(within(panel).getByText('Transcript deleted on 21 Dec (your 30-day setting). The note written from it stays.')).toBeInTheDocument();
    expect(within(panel).getByText('Audio deleted on 22 Nov (your “when the note is ready” setting): it can no longer be played.')).toBeInTheDocument();
    const section = await screen.findByRole('region', { name: 'Subjective' });
    for (const name of ['Magic edit', 'Regenerate', 'Customize']) expect(within(section).getByRole('button', { name })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Magic edit note' })).toBeDisabled();
    expect(screen.getByText(/Transcript deleted on 21 Dec \(your 30-day setting\)\. Magic edit, Regenerate, Customize and Chat work from the transcript/)).toBeInTheDocument();
    // The note stays the clinician's to edit.
    expect(screen.getByRole('textbox', { name: 'Subjective' })).toBeEnabled();
    expect(postsTo('/session/transcription')).toEqual([]);
  });
});
