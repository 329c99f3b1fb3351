// Which part of the session a phone shows (Note, Transcript or Chat), kept in the address (?view=transcript)
// so a reload or coming back keeps it.

export const SESSION_VIEWS = ['note', 'transcript', 'chat'] as const;

export type SessionView = (typeof SESSION_VIEWS)[number];

export const SESSION_VIEW_LABELS = { note: 'Note', transcript: 'Transcript', chat: 'Chat' } as const satisfies Record<SessionView, string>;

/** The address's `view`, or the note when it names none or something unknown (an old or hand-typed link). */
export function parseSessionView(value: string | null): SessionView {
  return SESSION_VIEWS.find((view) => view === value) ?? 'note';
}
