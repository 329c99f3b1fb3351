import type { Documentation, DocumentationSection, EvidenceSentence, FactFlag, Transcript } from '@charta/contract';
import '@/test/blob-reading';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-client';
import { answerPosts, postsTo, type Handler } from '@/test/api';
import { documentation, session, transcript } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { setViewportWidth, staticMediaQueryList } from '@/test/viewport';
import { AUTOSAVE_DELAY_MS } from '../lib/section-editing';
import { SessionToolsSlot, type SessionTool } from '@/components/layout/session-tools-slot';
import { SessionPage } from './SessionPage';

// Issue 21 on the session page: each sentence linked to the transcript segments that support it (both
// ways), the facts the transcript does not support marked in the text and listed in words, resolved by an
// edit or "I confirm this", and copying that asks first while any is unresolved.

vi.mock('@/lib/api');

const SUBJECTIVE = 'Dry cough for four days. Allergic to penicillin. Takes ibuprofen 400 mg.';

/** A sentence of `content` by its text, with the offsets the API gives it. */
function sentenceOf(content: string, text: string, segmentIds: string[]): EvidenceSentence {
  const start = content.indexOf(text);
  if (start < 0) throw new Error(`no “${text}” in the fixture`);
  return { text, start, end: start + text.length, segmentIds };
}

function flagOf(content: string, sentenceIndex: number, text: string, kind: FactFlag['kind'], id: string, status: FactFlag['status'] = 'unresolved'): FactFlag {
  const start = content.indexOf(text);
  return { id, sentenceIndex, text, start, end: start + text.length, kind, status };
}

const IBUPROFEN = 'd-1111111111111111';
const DOSE = 'n-2222222222222222';

function subjective(overrides: Partial<DocumentationSection> = {}): DocumentationSection {
  return {
    ...documentation().sections[0]!,
    content: SUBJECTIVE,
    sentences: [
      sentenceOf(SUBJECTIVE, 'Dry cough for four days.', ['seg-2']),
      sentenceOf(SUBJECTIVE, 'Allergic to penicillin.', ['seg-3']),
      sentenceOf(SUBJECTIVE, 'Takes ibuprofen 400 mg.', []),
    ],
    flags: [flagOf(SUBJECTIVE, 2, 'ibuprofen', 'drug', IBUPROFEN), flagOf(SUBJECTIVE, 2, '400 mg', 'number', DOSE)],
    ...overrides,
  };
}

function flaggedNote(overrides: Partial<Documentation> = {}, section: DocumentationSection = subjective()): Documentation {
  const base = documentation(overrides);
  return { ...base, sections: base.sections.map((s) => (s.id === 'subjective' ? section : s)) };
}

let handlers: Record<string, Handler>;
function serve(routes: Record<string, Handler> = {}, note: Documentation = flaggedNote(), current: Transcript = transcript, audio: string | null = session().audio_uri) {
  handlers = {
    '/session/session': () => ({ session: session({ audio_uri: audio }) }),
    '/session/transcription': () => ({ transcript: current }),
    '/documentation/by_session': () => ({ documentation: note }),
    ...routes,
  };
  answerPosts(handlers);
}

function renderPage(tool: ((props: SessionTool) => React.ReactNode) | null = null) {
  return renderRoutes(
    [
      {
        path: '/sessions/:sessionId',
        element: (
          <SessionToolsSlot value={tool}>
            <SessionPage />
          </SessionToolsSlot>
        ),
      },
      { path: '/sessions', element: <p>Sessions list</p> },
    ],
    '/sessions/s1',
  );
}

const highlighted = () =>
  within(screen.getByRole('list', { name: 'Transcript segments' }))
    .getAllByRole('listitem')
    .filter((li) => li.dataset['highlighted'] === 'true')
    .map((li) => li.dataset['segmentId']);

/** The marks drawn under a section's text, as [text, what marks it]. */
function marks(sectionTitle: string): [string, string][] {
  const region = screen.getByRole('region', { name: sectionTitle });
  return Array.from(region.querySelectorAll<HTMLElement>('[data-testid="section-text-marks"] mark')).map((mark) => [
    mark.textContent ?? '',
    [mark.dataset['flag'], mark.dataset['sentence']].filter(Boolean).join('+'),
  ]);
}

/** Puts the caret at `offset` in a textarea with a click there, as a clinician's click does. */
async function clickAt(user: ReturnType<typeof userEvent.setup>, box: HTMLElement, offset: number) {
  await user.pointer([{ target: box, offset, keys: '[MouseLeft]' }]);
}

beforeEach(() => {
  vi.mocked(api.post).mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.matchMedia = (query: string) => staticMediaQueryList(query, false);
});

describe('Sentence evidence on the session page', { timeout: 30_000 }, () => {
  it('A click in a sentence highlights its segments, names it under the text and plays the audio from its first segment', async () => {
    serve();
    vi.mocked(api.getBlob).mockResolvedValue(new Blob([new Uint8Array(16)], { type: 'audio/webm' }));
    URL.createObjectURL = vi.fn(() => 'blob:audio-1');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const user = userEvent.setup();
    renderPage();
    const box = await screen.findByRole('textbox', { name: 'Subjective' });
    await screen.findByRole('list', { name: 'Transcript segments' });

    await clickAt(user, box, SUBJECTIVE.indexOf('penicillin'));
    const selected = await screen.findByRole('region', { name: 'Selected sentence' });
    expect(selected).toHaveTextContent('“Allergic to penicillin.”');
    expect(within(selected).getByRole('list', { name: 'What was said' })).toHaveTextContent('I am allergic to penicillin.');
    expect(highlighted()).toEqual(['seg-3']);
    expect(screen.getByText('Sentence 2 of Subjective: 1 segment highlighted')).toBeInTheDocument();
    expect(marks('Subjective')).toContainEqual(['Allergic to penicillin.', 'selected']);

    // The transcript offers it too, beside what it highlights (its status line; the segment has its own time button).
    const transcriptStatus = within(screen.getByRole('region', { name: 'Transcript' })).getByText('Sentence 2 of Subjective: 1 segment highlighted').closest('[role="status"]');
    expect(within(transcriptStatus as HTMLElement).getByRole('button', { name: 'Play from 01:05' })).toBeInTheDocument();
    // Play from the sentence's first segment: the audio is loaded and starts at its time.
    await user.click(within(selected).getByRole('button', { name: 'Play from 01:05' }));
    const audio = await screen.findByLabelText<HTMLAudioElement>(/^Audio of/);
    Object.defineProperty(audio, 'duration', { configurable: true, get: () => 42 });
    fireEvent(audio, new Event('loadedmetadata'));
    expect(audio.currentTime).toBe(65);
    // It plays from there by itself once loaded (the element's autoplay; jsdom plays nothing).
    expect(audio.autoplay).toBe(true);
  });

  it('The keyboard moves the sentence: arrow keys in the text select the sentence the caret reaches', async () => {
    serve();
    const user = userEvent.setup();
    renderPage();
    const box = await screen.findByRole('textbox', { name: 'Subjective' });
    await screen.findByRole('list', { name: 'Transcript segments' });
    await clickAt(user, box, SUBJECTIVE.indexOf('Allergic') + 1);
    expect(highlighted()).toEqual(['seg-3']);
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    await waitFor(() => expect(highlighted()).toEqual(['seg-2']));
    expect(screen.getByRole('region', { name: 'Selected sentence' })).toHaveTextContent('“Dry cough for four days.”');

    // A sentence nothing supports says so, and the transcript shows nothing highlighted.
    await clickAt(user, box, SUBJECTIVE.indexOf('Takes'));
    expect(await screen.findByText('Nothing in the transcript is linked to this sentence.')).toBeInTheDocument();
    expect(highlighted()).toEqual([]);
    await user.click(within(screen.getByRole('region', { name: 'Selected sentence' })).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: 'Selected sentence' })).not.toBeInTheDocument();
  });

  it('Selecting a segment lists the sentences that use it, marks them in the note, and takes the clinician to one', async () => {
    serve();
    const user = userEvent.setup();
    renderPage();
    const segments = await screen.findByRole('list', { name: 'Transcript segments' });
    await screen.findByRole('textbox', { name: 'Subjective' });
    const row = within(segments)
      .getAllByRole('listitem')
      .find((li) => li.dataset['segmentId'] === 'seg-2')!;
    // The clinician's question supports no sentence: nothing to open there.
    expect(
      within(within(segments).getAllByRole('listitem').find((li) => li.dataset['segmentId'] === 'seg-1')!).queryByRole('button', { name: /Used in/ }),
    ).not.toBeInTheDocument();

    const toggle = within(row).getByRole('button', { name: 'Used in 1 sentence' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const uses = within(row).getByRole('list', { name: 'Sentences that use this segment' });
    expect(marks('Subjective')).toContainEqual(['Dry cough for four days.', 'linked']);

    await user.click(within(uses).getByRole('button', { name: 'Subjective: “Dry cough for four days.”' }));
    const selected = await screen.findByRole('region', { name: 'Selected sentence' });
    await waitFor(() => expect(within(selected).getByText('Selected sentence')).toHaveFocus());
    expect(highlighted()).toEqual(['seg-2']);
  });

  it('Pasted text: the sentence’s segments are shown and highlighted, with no time and nothing to play', async () => {
    const pasted: Transcript = { ...transcript, engine: 'typed', segments: transcript.segments.map((s) => ({ ...s, startMs: 0, endMs: 0 })) };
    serve({}, flaggedNote(), pasted, null);
    const user = userEvent.setup();
    renderPage();
    const box = await screen.findByRole('textbox', { name: 'Subjective' });
    await screen.findByText('From typed or pasted text: no audio or times.');
    await clickAt(user, box, 3);
    const selected = await screen.findByRole('region', { name: 'Selected sentence' });
    expect(highlighted()).toEqual(['seg-2']);
    expect(within(selected).queryByRole('button', { name: /^Play/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Play from/ })).not.toBeInTheDocument();
    expect(within(selected).getByRole('button', { name: 'Show in transcript' })).toHaveTextContent('Show');
  });

  it('On a phone, a sentence selected in the Note tab takes the clinician to its segments in the Transcript tab, and back', async () => {
    setViewportWidth(390);
    serve();
    const user = userEvent.setup();
    const router = renderPage();
    const box = await screen.findByRole('textbox', { name: 'Subjective' });
    await clickAt(user, box, 2);
    const selected = await screen.findByRole('region', { name: 'Selected sentence' });
    await user.click(within(selected).getByRole('button', { name: 'Show in transcript, at 00:04' }));
    await waitFor(() => expect(router.state.location.search).toBe('?view=transcript'));
    expect(await screen.findByRole('list', { name: 'Transcript segments' })).toBeVisible();
    expect(highlighted()).toEqual(['seg-2']);

    // And from a segment back to its sentence, in the Note tab.
    const row = within(screen.getByRole('list', { name: 'Transcript segments' }))
      .getAllByRole('listitem')
      .find((li) => li.dataset['segmentId'] === 'seg-3')!;
    await user.click(within(row).getByRole('button', { name: 'Used in 1 sentence' }));
    await user.click(within(row).getByRole('button', { name: 'Subjective: “Allergic to penicillin.”' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    const arrived = await screen.findByRole('region', { name: 'Selected sentence' });
    expect(arrived).toHaveTextContent('“Allergic to penicillin.”');
    // The focus follows, once the Note tab is shown (the button pressed is in the tab now hidden).
    await waitFor(() => expect(within(arrived).getByText('Selected sentence')).toHaveFocus());
  });
});

describe('Unsupported facts on the session page', { timeout: 30_000 }, () => {
  it('Marks each unresolved fact in the text and lists it in words with its kind and “Not found in the transcript”; a count sits by Copy', async () => {
    serve();
    renderPage();
    const section = await screen.findByRole('region', { name: 'Subjective' });
    const list = within(section).getByRole('list', { name: 'Facts to check in Subjective' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringContaining('“ibuprofen” Drug · Not found in the transcript'),
      expect.stringContaining('“400 mg” Dose or number · Not found in the transcript'),
    ]);
    expect(marks('Subjective')).toEqual([
      ['ibuprofen', 'unresolved'],
      ['400 mg', 'unresolved'],
    ]);
    // Not by colour alone, nor by sight alone: the text's description names them.
    expect(within(section).getByRole('textbox', { name: 'Subjective' })).toHaveAccessibleDescription(
      '2 facts not found in the transcript: “ibuprofen” (Drug), “400 mg” (Dose or number).',
    );
    expect(screen.getByRole('button', { name: '2 facts to check' })).toBeInTheDocument();
    // A section with no flags has no list.
    expect(within(screen.getByRole('region', { name: 'Objective' })).queryByRole('list', { name: /Facts to check/ })).not.toBeInTheDocument();
  });

  it('“I confirm this” sends the confirmation with the counter; the fact is then shown as confirmed, quietly, and the count drops', async () => {
    serve({
      '/session/documentation/confirm_fact': () => ({
        section: subjective({ flags: [subjective().flags[0]!, { ...subjective().flags[1]!, status: 'confirmed' }] }),
        counter: 4,
      }),
    });
    const user = userEvent.setup();
    renderPage();
    const section = await screen.findByRole('region', { name: 'Subjective' });
    await user.click(within(section).getByRole('button', { name: 'I confirm this: “400 mg”' }));
    expect(await within(section).findByText('You confirmed “400 mg” (Dose or number).')).toBeInTheDocument();
    expect(postsTo('/session/documentation/confirm_fact')).toEqual([{ documentationId: 's1', sectionId: 'subjective', flagId: DOSE, counter: 3 }]);
    expect(within(section).queryByRole('button', { name: 'I confirm this: “400 mg”' })).not.toBeInTheDocument();
    expect(marks('Subjective')).toEqual([
      ['ibuprofen', 'unresolved'],
      ['400 mg', 'confirmed'],
    ]);
    expect(screen.getByRole('button', { name: '1 fact to check' })).toBeInTheDocument();
    // The focus stays with the fact, not lost to the page's start.
    await waitFor(() => expect(within(section).getByText('You confirmed “400 mg” (Dose or number).').closest('li')).toHaveFocus());
  });

  it('A confirmation over a note changed elsewhere reloads it and confirms the same fact with the new counter', async () => {
    let attempts = 0;
    serve({
      '/session/documentation/confirm_fact': (body) => {
        attempts += 1;
        if (attempts === 1) throw new ApiError({ status: 409, code: 'conflict', message: 'The documentation changed since you loaded it', field: 'counter' });
        return { section: subjective({ flags: [{ ...subjective().flags[0]!, status: 'confirmed' }, subjective().flags[1]!] }), counter: Number(body['counter']) + 1 };
      },
    });
    const user = userEvent.setup();
    renderPage();
    const section = await screen.findByRole('region', { name: 'Subjective' });
    handlers['/documentation/by_session'] = () => ({ documentation: flaggedNote({ counter: 7 }) });
    await user.click(within(section).getByRole('button', { name: 'I confirm this: “ibuprofen”' }));
    expect(await within(section).findByText('You confirmed “ibuprofen” (Drug).')).toBeInTheDocument();
    expect(postsTo('/session/documentation/confirm_fact')).toEqual([
      { documentationId: 's1', sectionId: 'subjective', flagId: IBUPROFEN, counter: 3 },
      { documentationId: 's1', sectionId: 'subjective', flagId: IBUPROFEN, counter: 7 },
    ]);
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('Editing resolves a fact: the marks wait while the change is unsaved, and the saved answer’s flags replace them', async () => {
    const edited = 'Dry cough for four days. Allergic to penicillin. Takes ibuprofen.';
    serve({
      '/session/documentation/section/update_value': () => ({
        // The dose is gone; the drug is still not in the transcript.
        section: subjective({
          content: edited,
          sentences: [sentenceOf(edited, 'Dry cough for four days.', ['seg-2']), sentenceOf(edited, 'Allergic to penicillin.', ['seg-3']), sentenceOf(edited, 'Takes ibuprofen.', [])],
          flags: [flagOf(edited, 2, 'ibuprofen', 'drug', IBUPROFEN)],
        }),
        counter: 4,
      }),
    });
    const user = userEvent.setup();
    renderPage();
    const box = await screen.findByRole('textbox', { name: 'Subjective' });
    // The dose deleted: the caret before the full stop, seven characters back.
    await clickAt(user, box, SUBJECTIVE.length - 1);
    await user.keyboard('{Backspace>7/}');
    expect(box).toHaveValue(edited);
    const section = screen.getByRole('region', { name: 'Subjective' });
    expect(marks('Subjective')).toEqual([]);
    expect(within(section).getByText(/your change is checked again once it saves/)).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'I confirm this: “400 mg”' })).toBeDisabled();

    await within(section).findByText('Saved', {}, { timeout: AUTOSAVE_DELAY_MS + 3000 });
    expect(within(within(section).getByRole('list', { name: 'Facts to check in Subjective' })).getAllByRole('listitem')).toHaveLength(1);
    // The sentence the caret is in stays selected, its marks the saved text's.
    expect(marks('Subjective')).toEqual([
      ['Takes ', 'selected'],
      ['ibuprofen', 'unresolved+selected'],
      ['.', 'selected'],
    ]);
    expect(screen.getByRole('button', { name: '1 fact to check' })).toBeInTheDocument();
  });
});

describe('Copying with unresolved facts', { timeout: 30_000 }, () => {
  function stubClipboard() {
    const write = vi.fn().mockResolvedValue(undefined);
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('ClipboardItem', class {
      constructor(readonly items: Record<string, Blob>) {}
    });
    vi.stubGlobal('navigator', { ...navigator, clipboard: { write, writeText } });
    return { write, writeText };
  }

  it('Copy note asks first, listing the facts; Review copies nothing and takes the clinician to the first; Copy anyway copies', async () => {
    serve();
    const user = userEvent.setup();
    // After user-event's setup, which puts a clipboard of its own in place.
    const { write } = stubClipboard();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Copy note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy the note with 2 facts not found in the transcript?' });
    const listed = within(dialog).getByRole('list', { name: 'Facts not found in the transcript' });
    expect(within(listed).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Subjective: “ibuprofen” (Drug, not found in the transcript)In “Takes ibuprofen 400 mg.”',
      'Subjective: “400 mg” (Dose or number, not found in the transcript)In “Takes ibuprofen 400 mg.”',
    ]);
    // Review is the safe default: Enter does not copy.
    expect(within(dialog).getByRole('button', { name: 'Review' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(write).not.toHaveBeenCalled();
    const first = within(screen.getByRole('list', { name: 'Facts to check in Subjective' })).getAllByRole('listitem')[0]!;
    await waitFor(() => expect(first).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Copy note' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Copy anyway' }));
    expect(await screen.findByText('Note copied, with its formatting.')).toBeInTheDocument();
    expect(write).toHaveBeenCalledTimes(1);
  });

  it('Copying a section asks only when that section has unresolved facts', async () => {
    serve();
    const user = userEvent.setup();
    const { writeText } = stubClipboard();
    renderPage();
    await user.click(within(await screen.findByRole('region', { name: 'Objective' })).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('Lungs clear.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(within(screen.getByRole('region', { name: 'Subjective' })).getByRole('button', { name: 'Copy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy Subjective with 2 facts not found in the transcript?' });
    await user.click(within(dialog).getByRole('button', { name: 'Copy anyway' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(SUBJECTIVE));

  });

  it('A note whose facts are all confirmed copies at once, with no count by Copy', async () => {
    serve({}, flaggedNote({}, subjective({ flags: subjective().flags.map((f) => ({ ...f, status: 'confirmed' as const })) })));
    const user = userEvent.setup();
    const { write } = stubClipboard();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Copy note' }));
    expect(await screen.findByText('Note copied, with its formatting.')).toBeInTheDocument();
    expect(write).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /to check$/ })).not.toBeInTheDocument();
  });
});

describe('A session tool (the extension’s magic fill) and the facts to check', { timeout: 30_000 }, () => {
  it('Gets the note’s unresolved facts, and its Review (like the count by Copy) takes the clinician to the first flag', async () => {
    serve();
    const user = userEvent.setup();
    renderPage(({ unresolvedFacts, onReviewFacts }) => (
      <button type="button" onClick={onReviewFacts}>
        Tool review: {unresolvedFacts.map((f) => f.text).join(', ')}
      </button>
    ));
    await user.click(await screen.findByRole('button', { name: 'Tool review: ibuprofen, 400 mg' }));
    const first = within(screen.getByRole('list', { name: 'Facts to check in Subjective' })).getAllByRole('listitem')[0]!;
    await waitFor(() => expect(first).toHaveFocus());

    (document.activeElement as HTMLElement).blur();
    await user.click(screen.getByRole('button', { name: '2 facts to check' }));
    await waitFor(() => expect(first).toHaveFocus());
  });
});
