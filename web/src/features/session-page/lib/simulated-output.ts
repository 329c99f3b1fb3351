// What the page says about a note no real model made (the contract's engineQuality): the local AI emulator
// stitches its notes from transcript quotes by rules; a note from pocketsphinx's transcript may hold misheard
// words. (The transcript's own warning is shared: lib/output-quality.ts.) Pure, so the words are tested exactly.
import { engineQuality, isSimulatedDocumentation, isSimulatedEngine, SIMULATED_NOTE_LABEL } from '@charta/contract';
import type { OutputWarning } from '@/lib/output-quality';
import { escapeHtml } from './note-format';

export function noteWarning(documentationEngine: string | null | undefined, transcriptEngine: string | null | undefined): OutputWarning | null {
  if (isSimulatedDocumentation(documentationEngine, transcriptEngine)) {
    const why = isSimulatedEngine(transcriptEngine)
      ? 'It was written from a demo transcript of another consultation.'
      : 'The local AI emulator stitched it together from transcript quotes by fixed rules.';
    return { title: SIMULATED_NOTE_LABEL, level: 'simulated', detail: `${why} Do not paste it into a patient record.` };
  }
  if (engineQuality(transcriptEngine) === 'demo') {
    return {
      title: 'Written from an offline demo-quality transcript',
      level: 'demo',
      detail: 'Words may have been misheard. Check the note against the recording before you use it.',
    };
  }
  return null;
}

/**
 * What the chat says about its answers, decided as the note's warning is: answers by the local AI emulator
 * (their engine) or from a simulated transcript are simulated; from a demo-quality transcript, demo. Before
 * the first answer the note's engine stands for it (the same writer answers).
 */
export function chatWarning(answerEngine: string | null | undefined, transcriptEngine: string | null | undefined): OutputWarning | null {
  if (isSimulatedDocumentation(answerEngine, transcriptEngine)) {
    const why = isSimulatedEngine(transcriptEngine)
      ? 'They come from a demo transcript of another consultation.'
      : 'The local AI emulator answers by matching the question’s words in the transcript and the note, by fixed rules.';
    return { title: 'Demo answers: not written from this recording by an AI model', level: 'simulated', detail: `${why} Do not rely on them for this patient.` };
  }
  if (engineQuality(transcriptEngine) === 'demo') {
    return { title: 'Answers from an offline demo-quality transcript', level: 'demo', detail: 'Words may have been misheard. Check an answer against the recording before you use it.' };
  }
  return null;
}

/** The first line of anything copied from a simulated note, so a pasted copy still says what it is. */
export const SIMULATED_COPY_HEADER = `[${SIMULATED_NOTE_LABEL}. Do not use it in a patient record.]`;

export function markedForCopy(content: { plain: string; html: string }, simulated: boolean): { plain: string; html: string } {
  if (!simulated) return content;
  return { plain: `${SIMULATED_COPY_HEADER}\n\n${content.plain}`, html: `<p><strong>${escapeHtml(SIMULATED_COPY_HEADER)}</strong></p>${content.html}` };
}

export function markedPlainText(text: string, simulated: boolean): string {
  return simulated ? `${SIMULATED_COPY_HEADER}\n\n${text}` : text;
}
