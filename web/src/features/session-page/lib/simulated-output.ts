// What the page says about a note or chat answers no real model made from this recording, in the contract's
// words (provenance.ts): the local AI emulator puts its notes together from transcript quotes by rules; a
// note from a simulated transcript is about another consultation; one from pocketsphinx's transcript may hold
// misheard words. (The transcript's own warning is shared: lib/output-quality.ts.) Pure, so tested exactly.
import { noteProvenance, provenanceHeader, type Provenance } from '@charta/contract';
import { provenanceWarning, type OutputWarning } from '@/lib/output-quality';
import { escapeHtml } from './note-format';

export function noteWarning(documentationEngine: string | null | undefined, transcriptEngine: string | null | undefined): OutputWarning | null {
  return provenanceWarning(noteProvenance(documentationEngine, transcriptEngine));
}

/**
 * What the chat says about its answers, decided as the note's warning is: answers by the local AI emulator
 * (their engine) or from a simulated transcript are simulated; from a demo-quality transcript, demo. Before
 * the first answer the note's engine stands for it (the same writer answers).
 */
export function chatWarning(answerEngine: string | null | undefined, transcriptEngine: string | null | undefined): OutputWarning | null {
  return provenanceWarning(noteProvenance(answerEngine, transcriptEngine, 'answers'));
}

/**
 * The first line of anything copied or printed from a simulated note, so a pasted copy still says what it
 * is; null for any other note (copying a simulated note also asks first: SimulatedOutput.tsx).
 */
export function copyHeader(note: Provenance): string | null {
  return note.quality === 'simulated' ? provenanceHeader(note) : null;
}

export function markedForCopy(content: { plain: string; html: string }, header: string | null): { plain: string; html: string } {
  if (!header) return content;
  return { plain: `${header}\n\n${content.plain}`, html: `<p><strong>${escapeHtml(header)}</strong></p>${content.html}` };
}

export function markedPlainText(text: string, header: string | null): string {
  return header ? `${header}\n\n${text}` : text;
}
