// What the page says about output that no real model made (the contract's engineQuality): the local AI
// emulator's transcripts are sample consultations, not the recording, and its notes are stitched from quotes
// by rules; pocketsphinx hears the recording but poorly. Pure, so the words are tested exactly.
import { engineQuality, isSimulatedDocumentation, isSimulatedEngine, SIMULATED_NOTE_LABEL, TRANSCRIPT_QUALITY_LABELS } from '@charta/contract';
import { escapeHtml } from './note-format';

export interface OutputWarning {
  title: string;
  detail: string;
  /** simulated: never for a record; demo: made from the recording, to be checked word by word. */
  level: 'simulated' | 'demo';
}

export function transcriptWarning(engine: string | null | undefined): OutputWarning | null {
  const quality = engineQuality(engine);
  const title = TRANSCRIPT_QUALITY_LABELS[quality];
  if (quality === 'simulated' && title) {
    return {
      title,
      level: 'simulated',
      detail: 'The local AI emulator does not listen to audio: this is a sample consultation, not what was said. Do not use it for this patient.',
    };
  }
  if (quality === 'demo' && title) {
    return {
      title,
      level: 'demo',
      detail: 'Made from this recording by an offline recogniser of low accuracy (English only). Check every word against the recording.',
    };
  }
  return null;
}

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

/** The first line of anything copied from a simulated note, so a pasted copy still says what it is. */
export const SIMULATED_COPY_HEADER = `[${SIMULATED_NOTE_LABEL}. Do not use it in a patient record.]`;

export function markedForCopy(content: { plain: string; html: string }, simulated: boolean): { plain: string; html: string } {
  if (!simulated) return content;
  return { plain: `${SIMULATED_COPY_HEADER}\n\n${content.plain}`, html: `<p><strong>${escapeHtml(SIMULATED_COPY_HEADER)}</strong></p>${content.html}` };
}

export function markedPlainText(text: string, simulated: boolean): string {
  return simulated ? `${SIMULATED_COPY_HEADER}\n\n${text}` : text;
}
