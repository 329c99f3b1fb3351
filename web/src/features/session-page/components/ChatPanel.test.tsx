import { noteProvenance, provenanceLabel, type ChatMessage } from '@charta/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';
import { answerPosts, postsTo } from '@/test/api';
import { transcript } from '@/test/fixtures';
import { renderPage } from '@/test/render';
import { useSessionChat } from '../hooks/use-session-chat';
import { chatWarning } from '../lib/simulated-output';
import { ChatPanel } from './ChatPanel';

vi.mock('@/lib/api');

const EMULATOR = 'ai-emulator/gemini-2.5-flash · chat-v1';

const asked = (id: string, content: string): ChatMessage => ({ id, role: 'user', content, createdAt: '2026-11-28T10:00:00.000Z', evidence: [] });
const answered = (id: string, content: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  role: 'assistant',
  content,
  createdAt: '2026-11-28T10:00:01.000Z',
  evidence: [],
  source: 'transcript',
  noteSections: [],
  engine: 'gemini-2.5-flash · chat-v1',
  ...extra,
});

/** The panel as the session page has it: the hook loading the kept chat, the label decided by the engines. */
function Chat({ onShowCitation = () => undefined }: { onShowCitation?: (evidence: unknown, segmentId: string) => void }) {
  const chat = useSessionChat('s1');
  const warning = chatWarning(chat.messages.findLast((m) => m.engine !== undefined)?.engine, transcript.engine);
  return <ChatPanel chat={chat} available segments={transcript.segments} timed warning={warning} onShowCitation={onShowCitation} />;
}

beforeEach(() => {
  vi.mocked(api.post).mockReset();
});

describe('ChatPanel', () => {
  it('Loads the kept chat when it opens, with each answer’s citations as links to the transcript and its source', async () => {
    answerPosts({
      '/session/chat_history': () => ({
        limit: 40,
        messages: [
          asked('q1', 'Any allergies?'),
          answered('a1', 'From the transcript: the patient said "I am allergic to penicillin."', { evidence: [{ segmentId: 'seg-3', quote: 'I am allergic to penicillin.' }] }),
          asked('q2', 'Which antibiotic was prescribed?'),
          answered('a2', 'The transcript does not say. The note says (Plan: "Clarithromycin 500 mg.")', { source: 'note', noteSections: [{ id: 'plan', title: 'Plan' }] }),
        ],
      }),
    });
    const onShowCitation = vi.fn();
    renderPage(<Chat onShowCitation={onShowCitation} />);
    const log = await screen.findByRole('log', { name: 'Chat messages' });
    expect(await within(log).findByText('Any allergies?')).toBeInTheDocument();
    expect(postsTo('/session/chat_history')).toEqual([{ sessionId: 's1' }]);
    expect(screen.getByText('Kept with the session: the last 20 questions and answers')).toBeInTheDocument();
    // No suggestions once there is a conversation.
    expect(screen.queryByRole('button', { name: 'What is the plan?' })).not.toBeInTheDocument();

    const quotes = within(log).getByRole('list', { name: 'Cited transcript segments' });
    expect(quotes).toHaveTextContent('“I am allergic to penicillin.”');
    expect(within(log).getByText('From the transcript')).toBeInTheDocument();
    expect(within(log).getByText('From the note, not the transcript (Plan)')).toBeInTheDocument();
    await userEvent.click(within(quotes).getByRole('button', { name: 'Show in transcript, at 01:05' }));
    expect(onShowCitation).toHaveBeenCalledWith([{ segmentId: 'seg-3', quote: 'I am allergic to penicillin.' }], 'seg-3');
    // A real model's answers over a real transcript carry no demo label.
    expect(screen.queryByText(/^(Simulated|Demo-quality) answers/)).not.toBeInTheDocument();
  });

  it('Labels the answers like the note when the AI emulator wrote them, and adds a new exchange to the kept ones', async () => {
    answerPosts({
      '/session/chat_history': () => ({ limit: 40, messages: [] }),
      '/session/chat_with_session': (body) => ({
        question: asked('q1', body['question'] as string),
        message: answered('a1', 'From the transcript: the clinician said "Rest and fluids."', { engine: EMULATOR, evidence: [{ segmentId: 'seg-2', quote: 'A dry cough' }] }),
      }),
    });
    renderPage(<Chat />);
    const input = await screen.findByRole('textbox', { name: 'Ask about this session' });
    await userEvent.type(input, 'What is the plan?{Enter}');
    expect(await screen.findByText('From the transcript: the clinician said "Rest and fluids."')).toBeInTheDocument();
    expect(postsTo('/session/chat_with_session')).toEqual([{ sessionId: 's1', question: 'What is the plan?' }]);
    expect(input).toHaveValue('');
    // The question shows once (as kept), and the answer says what wrote it.
    await waitFor(() => expect(screen.getAllByText('What is the plan?')).toHaveLength(1));
    expect(screen.getByText('Charta · Simulated')).toBeInTheDocument();
    const label = await screen.findByText(provenanceLabel(noteProvenance(EMULATOR, transcript.engine, 'answers')));
    expect(label).toHaveTextContent(/^Simulated answers: /);
    expect(label.closest('[data-output-quality]')).toHaveAttribute('data-output-quality', 'simulated');
  });

  it('Says when the kept chat cannot be loaded, and loads it again on request', async () => {
    let calls = 0;
    answerPosts({
      '/session/chat_history': () => {
        calls += 1;
        if (calls === 1) throw new Error('offline');
        return { limit: 40, messages: [asked('q1', 'Any fever?'), answered('a1', 'No fever was mentioned.')] };
      },
    });
    renderPage(<Chat />);
    expect(await screen.findByText(/The earlier questions could not be loaded/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByText('No fever was mentioned.')).toBeInTheDocument());
  });
});
