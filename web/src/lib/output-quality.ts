// What the app says above output no real model made from this recording, in the contract's words
// (provenance.ts): the local AI emulator's transcripts are sample consultations and its notes are put together
// by rules; pocketsphinx hears the recording but poorly. Shared by the session page (transcript, note, chat)
// and the Record tab's transcript as it is recorded, so all say the same. Pure, so the words are tested exactly.
import { provenanceDetail, provenanceLabel, transcriptProvenance, type Provenance } from '@charta/contract';

export interface OutputWarning {
  title: string;
  detail: string;
  /** simulated: never for a record; demo: made from the recording, to be checked word by word. */
  level: 'simulated' | 'demo';
}

/** The warning over a text of this provenance; null for real output, which needs none. */
export function provenanceWarning(p: Provenance): OutputWarning | null {
  if (p.quality === 'real') return null;
  return { title: provenanceLabel(p), detail: provenanceDetail(p), level: p.quality };
}

export function transcriptWarning(engine: string | null | undefined): OutputWarning | null {
  return provenanceWarning(transcriptProvenance(engine));
}
