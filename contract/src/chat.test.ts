import { describe, expect, it } from 'vitest';
import { chatBody, latestExchanges, type ChatMessage } from './chat.js';

const message = (i: number, role: ChatMessage['role']): ChatMessage => ({ id: `m${i}`, role, content: `Message ${i}`, createdAt: '2026-11-28T10:00:00.000Z', evidence: [] });

describe('latestExchanges', () => {
  it('Keeps everything up to the limit, then drops the oldest exchanges whole', () => {
    const four = [message(0, 'user'), message(1, 'assistant'), message(2, 'user'), message(3, 'assistant')];
    expect(latestExchanges(four, 4)).toEqual(four);
    expect(latestExchanges(four, 2).map((m) => m.id)).toEqual(['m2', 'm3']);
    // An odd limit never keeps an answer without its question.
    expect(latestExchanges(four, 3).map((m) => m.id)).toEqual(['m2', 'm3']);
  });
});

describe('chatBody', () => {
  it('Takes one question; the conversation is the server’s', () => {
    expect(chatBody.parse({ sessionId: 's1', question: '  Any fever? ' })).toEqual({ sessionId: 's1', question: 'Any fever?' });
    expect(chatBody.safeParse({ sessionId: 's1', question: '   ' }).success).toBe(false);
    expect(chatBody.safeParse({ sessionId: 's1', messages: [{ role: 'user', content: 'Hi' }] }).success).toBe(false);
  });
});
