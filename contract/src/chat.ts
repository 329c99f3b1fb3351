// Chat (docs/api.md "Chat"): questions about a session, answered from its transcript and its note as it is
// now (with the clinician's edits), each answer citing the transcript segments it states and saying when it
// comes from the note instead. The conversation is kept per session on the server, up to CHAT_LIMITS.history.
import { z } from 'zod';
import { requiredText, resourceId } from './fields.js';
import type { Evidence } from './documentation.js';

export const CHAT_LIMITS = {
  /** One question. */
  question: 4000,
  /** Messages (questions and answers) a session's chat keeps: beyond it the oldest question and its answer go. */
  history: 40,
} as const;

/**
 * Where an answer comes from: the transcript (what was said, cited by segment), the note only (what the
 * clinician wrote or kept that the transcript does not say), both, or neither (the answer says nothing is there).
 */
export const CHAT_ANSWER_SOURCES = ['transcript', 'note', 'transcript_and_note', 'none'] as const;
export type ChatAnswerSource = (typeof CHAT_ANSWER_SOURCES)[number];

/** What the chat says under an answer about where it comes from. */
export const CHAT_ANSWER_SOURCE_LABELS: Readonly<Record<ChatAnswerSource, string>> = {
  transcript: 'From the transcript',
  note: 'From the note, not the transcript',
  transcript_and_note: 'From the transcript and the note',
  none: 'Not in the transcript or the note',
};

export interface ChatMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  createdAt: string;
  /** An answer's cited transcript segments (a question has none). */
  evidence: Evidence[];
  /** An answer's: where it comes from. */
  source?: ChatAnswerSource;
  /** An answer's: the note sections it used (what they were called when it answered). */
  noteSections?: { id: string; title: string }[];
  /** An answer's: which model and prompt wrote it ("gemini-2.5-flash · chat-v1"): engineQuality tells a simulated one. */
  engine?: string;
}

/** POST /session/chat_history: a session's kept conversation, oldest first, and how many messages it keeps. */
export interface ChatHistory {
  messages: ChatMessage[];
  limit: number;
}

/** POST /session/chat_with_session: the question as kept and its answer (`message`). */
export interface ChatExchange {
  question: ChatMessage;
  message: ChatMessage;
}

/**
 * A chat's messages with the oldest exchanges dropped beyond `limit`: what is kept starts with a question.
 * The server keeps this; the web app applies it to what it shows, so a reload shows the same.
 */
export function latestExchanges(messages: readonly ChatMessage[], limit: number = CHAT_LIMITS.history): ChatMessage[] {
  let drop = Math.max(0, messages.length - limit);
  while (drop < messages.length && messages[drop]?.role !== 'user') drop++;
  return messages.slice(drop);
}

// --- Requests ---------------------------------------------------------------------------------------------

/** The question only: the server has the conversation so far. */
export const chatBody = z.strictObject({ sessionId: resourceId, question: requiredText(CHAT_LIMITS.question) });
export const chatHistoryBody = z.strictObject({ sessionId: resourceId });
