// What the app says about a transcript no real model made (the contract's engineQuality): the local AI
// emulator's transcripts are sample consultations, not the recording; pocketsphinx hears the recording but
// poorly. Shared by the session page and the Record tab's transcript as it is recorded, so both say the same.
// Pure, so the words are tested exactly.
import { engineQuality, TRANSCRIPT_QUALITY_LABELS } from '@charta/contract';

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
