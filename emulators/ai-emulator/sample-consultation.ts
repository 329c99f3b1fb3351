import { SIMULATED_TRANSCRIPT_NOTICE } from '../../contract/src/provenance.ts';
import type { RegisteredSegment } from './state.ts';

/** The notice in brackets at the start of a sample transcript's first line, as the note and chat writers drop it. */
export const SIMULATED_NOTICE = new RegExp(`^\\s*\\[${SIMULATED_TRANSCRIPT_NOTICE.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\]\\s*`);

/**
 * The bundled sample consultation: what the emulated recognizer "hears" in audio no test registered.
 * About two and a half minutes, repeated (as a follow-up visit) and cut to the audio's measured duration.
 * Its first line begins with the contract's SIMULATED_TRANSCRIPT_NOTICE in brackets: the answer says it is
 * not the recording's (as its own segment it would be a third speaker and break the clinician/patient guess).
 */
const SAMPLE: { speaker: 'clinician' | 'patient'; text: string; seconds: number }[] = [
  { speaker: 'clinician', text: 'Good morning, come in and have a seat. What brings you in today?', seconds: 5 },
  { speaker: 'patient', text: 'I have had a sore throat and a dry cough for about four days now.', seconds: 6 },
  { speaker: 'clinician', text: 'Have you had any fever or chills?', seconds: 3 },
  { speaker: 'patient', text: 'A low fever the first two nights, around thirty eight degrees, none since yesterday.', seconds: 7 },
  { speaker: 'clinician', text: 'Any shortness of breath, chest pain or wheezing?', seconds: 4 },
  { speaker: 'patient', text: 'No chest pain. I get a little breathless climbing stairs, but that is all.', seconds: 6 },
  { speaker: 'clinician', text: 'Are you taking any medication at the moment, and do you have any allergies?', seconds: 5 },
  { speaker: 'patient', text: 'Just ibuprofen four hundred milligrams when the throat is bad. I am allergic to penicillin.', seconds: 7 },
  { speaker: 'clinician', text: 'Let me examine you. Your temperature is thirty seven point two and your oxygen saturation is ninety eight percent.', seconds: 8 },
  { speaker: 'clinician', text: 'Your throat is red without exudate, and your lungs are clear on both sides when I listen.', seconds: 7 },
  { speaker: 'patient', text: 'So is it an infection?', seconds: 2 },
  { speaker: 'clinician', text: 'I think this is most likely a viral upper respiratory infection. It does not look bacterial.', seconds: 7 },
  { speaker: 'clinician', text: 'The plan is rest, plenty of fluids, and paracetamol or ibuprofen for the throat pain.', seconds: 7 },
  { speaker: 'clinician', text: 'No antibiotics are needed. Come back or call if you have trouble breathing or the fever returns after five days.', seconds: 8 },
  { speaker: 'patient', text: 'Okay, thank you. Should I stay home from work?', seconds: 4 },
  { speaker: 'clinician', text: 'Stay home until you have been without fever for twenty four hours. We will follow up in one week if you are not better.', seconds: 9 },
  { speaker: 'patient', text: 'That sounds good. Thank you, doctor.', seconds: 3 },
];

export function sampleConsultation(durationSec: number): RegisteredSegment[] {
  const limitMs = Math.max(1000, Math.round(durationSec * 1000));
  const segments: RegisteredSegment[] = [];
  let at = 0;
  for (let round = 0; at < limitMs; round++) {
    for (const line of SAMPLE) {
      if (at >= limitMs) break;
      const endMs = Math.min(limitMs, at + line.seconds * 1000);
      let text = round === 0 ? line.text : line.text.replace('Good morning', 'Welcome back');
      // Marked in the transcript itself, so the marking travels wherever the text goes (prompts, copies).
      if (segments.length === 0) text = `[${SIMULATED_TRANSCRIPT_NOTICE}] ${text}`;
      segments.push({ speaker: line.speaker, text, startMs: at, endMs });
      at = endMs + 400;
    }
  }
  return segments;
}
