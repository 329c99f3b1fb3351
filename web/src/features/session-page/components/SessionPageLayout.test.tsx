import '@/test/blob-reading';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';
import { answerPosts } from '@/test/api';
import { documentation, session, transcript } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { setViewportWidth, staticMediaQueryList } from '@/test/viewport';
import { formatDateTime } from '@/lib/format';
import { SessionPage } from './SessionPage';
import { PRINT_NOTE_CLASS } from './PrintableNote';

// The session page's layouts: a phone's own (tabs for Note / Transcript / Chat, actions in menus) below
// `md`, and the heading and facts that say the date once.

vi.mock('@/lib/api');

function renderPage(path = '/sessions/s1') {
  return renderRoutes(
    [
      { path: '/sessions/:sessionId', element: <SessionPage /> },
      { path: '/sessions', element: <p>Sessions list</p> },
    ],
    path,
  );
}

function serveReady(overrides: Parameters<typeof session>[0] = {}) {
  answerPosts({
    '/session/session': () => ({ session: session(overrides) }),
    '/session/transcription': () => ({ transcript }),
    '/documentation/by_session': () => ({ documentation: documentation() }),
    '/template/get_templates': () => ({ templates: [], nextCursor: null }),
    '/session/chat_history': () => ({ messages: [], limit: 40 }),
    '/session/chat_with_session': () => ({
      question: { id: 'q1', role: 'user', content: 'Any allergies?', createdAt: '', evidence: [] },
      message: { id: 'a1', role: 'assistant', content: 'The plan is rest.', createdAt: '', evidence: [{ segmentId: 'seg-3', quote: 'allergic to penicillin' }], source: 'transcript', noteSections: [] },
    }),
  });
}

beforeEach(() => {
  vi.mocked(api.post).mockReset();
});
afterEach(() => {
  // Back to the setup's default (nothing matches: a wide screen).
  window.matchMedia = (query: string) => staticMediaQueryList(query, false);
});

describe('SessionPage on a phone (390 px)', () => {
  beforeEach(() => setViewportWidth(390));

  it('Shows one of Note, Transcript and Chat at a time, chosen by tabs and kept in the address', async () => {
    serveReady();
    const router = renderPage();
    const tabs = await screen.findByRole('tablist', { name: 'Parts of the session' });
    expect(within(tabs).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Note', 'Transcript', 'Chat']);
    expect(within(tabs).getByRole('tab', { name: 'Note' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('region', { name: 'Subjective' })).toBeVisible();
    // The other panels are not on screen (nor in the accessibility tree).
    expect(screen.queryByRole('list', { name: 'Transcript segments' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Ask about this session' })).not.toBeInTheDocument();
    // No Chat button beside the facts: the chat is a tab.
    expect(screen.queryByRole('button', { name: 'Chat' })).not.toBeInTheDocument();

    await userEvent.click(within(tabs).getByRole('tab', { name: 'Transcript' }));
    expect(await screen.findByRole('list', { name: 'Transcript segments' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Subjective' })).not.toBeInTheDocument();
    expect(screen.getByRole('tabpanel', { name: 'Transcript' })).toBeVisible();
    expect(router.state.location.search).toBe('?view=transcript');

    // The keyboard: arrows move between tabs, Enter chooses.
    await userEvent.keyboard('{ArrowRight}');
    expect(within(tabs).getByRole('tab', { name: 'Chat' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('textbox', { name: 'Ask about this session' })).toBeVisible();
    expect(router.state.location.search).toBe('?view=chat');
    // A chat tab is not a panel to close.
    expect(screen.queryByRole('button', { name: 'Close chat' })).not.toBeInTheDocument();

    await userEvent.click(within(tabs).getByRole('tab', { name: 'Note' }));
    expect(await screen.findByRole('region', { name: 'Subjective' })).toBeVisible();
    expect(router.state.location.search).toBe('');
  });

  it('Opens on the view its address names, as after a reload', async () => {
    serveReady();
    renderPage('/sessions/s1?view=transcript');
    expect(await screen.findByRole('tab', { name: 'Transcript' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('list', { name: 'Transcript segments' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Subjective' })).not.toBeInTheDocument();
  });

  it('Keeps unsaved text in the note while another tab is shown', async () => {
    serveReady();
    renderPage();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Plan' }), ' Review in a week.');
    await userEvent.click(screen.getByRole('tab', { name: 'Transcript' }));
    await userEvent.click(screen.getByRole('tab', { name: 'Note' }));
    expect(await screen.findByRole('textbox', { name: 'Plan' })).toHaveValue('Not discussed in this session. Review in a week.');
  });

  it('A chat citation opens the Transcript tab with the cited segment marked', async () => {
    serveReady();
    renderPage('/sessions/s1?view=chat');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Ask about this session' }), 'Any allergies?{Enter}');
    await userEvent.click(within(await screen.findByRole('list', { name: 'Cited transcript segments' })).getByRole('button', { name: 'Show in transcript, at 01:05' }));
    expect(await screen.findByRole('tab', { name: 'Transcript' })).toHaveAttribute('aria-selected', 'true');
    const list = await screen.findByRole('list', { name: 'Transcript segments' });
    await waitFor(() => expect(within(list).getAllByRole('listitem').filter((li) => li.dataset['highlighted'] === 'true').map((li) => li.dataset['segmentId'])).toEqual(['seg-3']));
  });

  it('Puts the note’s and each section’s actions in labelled menus, Copy kept in sight', async () => {
    serveReady();
    renderPage();
    const subjective = await screen.findByRole('region', { name: 'Subjective' });
    for (const name of ['Mark as done', 'Magic edit note', 'History', 'Magic edit', 'Regenerate', 'Customize']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Copy note' })).toBeVisible();
    expect(within(subjective).getByRole('button', { name: 'Copy' })).toBeVisible();

    await userEvent.click(within(subjective).getByRole('button', { name: 'More actions for Subjective' }));
    const sectionMenu = await screen.findByRole('menu', { name: 'More actions for Subjective' });
    expect(within(sectionMenu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['History', 'Magic edit', 'Regenerate', 'Customize']);
    await userEvent.click(within(sectionMenu).getByRole('menuitem', { name: 'Magic edit' }));
    expect(await screen.findByRole('dialog', { name: 'Magic edit: Subjective' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'More actions for the note' }));
    const noteMenu = await screen.findByRole('menu', { name: 'More actions for the note' });
    expect(within(noteMenu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Mark as done', 'Magic edit note', 'Regenerate note', 'Print']);
    await userEvent.click(within(noteMenu).getByRole('menuitem', { name: 'Magic edit note' }));
    expect(await screen.findByRole('dialog', { name: 'Magic edit: the whole note' })).toBeInTheDocument();
  });
});

describe('SessionPage on a desktop', () => {
  it('Keeps its layout: no tabs, the transcript beside the note, the actions as buttons', async () => {
    setViewportWidth(1280);
    serveReady();
    renderPage();
    expect(await screen.findByRole('region', { name: 'Subjective' })).toBeVisible();
    expect(await screen.findByRole('list', { name: 'Transcript segments' })).toBeVisible();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark as done' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Subjective' })).getByRole('button', { name: 'Regenerate' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /More actions/ })).not.toBeInTheDocument();
  });
});

describe('SessionPage: heading, facts and loading', () => {
  it('Says the date once, in one format, with the template; the patient is not repeated', async () => {
    answerPosts({
      '/session/session': () => ({ session: session() }),
      '/session/transcription': () => ({ transcript }),
      '/documentation/by_session': () => ({ documentation: documentation() }),
      '/template/get_templates': () => ({ templates: [{ id: 'soap', name: 'SOAP note' }], nextCursor: null }),
    });
    renderPage();
    await screen.findByRole('region', { name: 'Subjective' });
    const facts = await screen.findByText((_content, element) => element?.tagName === 'P' && (element.textContent ?? '').startsWith(formatDateTime(session().createdAt)));
    await waitFor(() => expect(facts).toHaveTextContent('SOAP note'));
    expect(facts.textContent).toBe(`${formatDateTime(session().createdAt)} · 0:42 · English (United States) · SOAP note`);
    // The default title's date ("21 Nov 2026") is not said a second time, nor the patient's name (on screen:
    // the print layout, hidden there, heads the paper with the name).
    const onScreen = { ignore: `.${PRINT_NOTE_CLASS} *, script, style` };
    expect(screen.queryByText(/21 Nov 2026$/, onScreen)).not.toBeInTheDocument();
    expect(screen.queryByText('María García', onScreen)).not.toBeInTheDocument();
  });

  it('Names the patient among the facts when the title is one the clinician wrote', async () => {
    serveReady({ title: 'Knee follow-up' });
    renderPage();
    expect(await screen.findByText(/^For María García · /)).toBeInTheDocument();
  });

  it('Says that the session is loading, to screen readers too', () => {
    answerPosts({ '/session/session': () => new Promise(() => undefined) });
    renderPage();
    expect(screen.getByRole('status', { name: 'Loading session…' })).toBeInTheDocument();
  });
});
