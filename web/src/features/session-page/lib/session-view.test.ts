import { describe, expect, it } from 'vitest';
import { parseSessionView } from './session-view';

describe('parseSessionView', () => {
  it('reads the three views and falls back to the note for anything else', () => {
    expect(parseSessionView('transcript')).toBe('transcript');
    expect(parseSessionView('chat')).toBe('chat');
    expect(parseSessionView('note')).toBe('note');
    expect(parseSessionView(null)).toBe('note');
    expect(parseSessionView('Transcript')).toBe('note');
    expect(parseSessionView('constructor')).toBe('note');
  });
});
