/**
 * The consultation template previews run over when the user gives no transcript: an invented follow-up
 * visit (no real patient), long enough that most sections of most templates have something to say, and
 * silent on a few things (no family history, no procedures) so "not discussed" shows up as it would.
 */
import type { TranscriptSegment } from '../transcripts/transcript.js';

const LINES: readonly (readonly ['clinician' | 'patient', string])[] = [
  ['clinician', 'Good morning, Mr Okafor. Have a seat. We are following up on your blood pressure today, and you mentioned your knee on the phone?'],
  ['patient', 'Yes. The blood pressure I think is better, but my right knee has been bothering me for about three weeks now.'],
  ['clinician', 'Let us start with the knee. How did it begin?'],
  ['patient', 'No injury that I remember. It aches on the inside of the knee, worse going down stairs and after I have been sitting a long time.'],
  ['clinician', 'Any swelling, locking, or the knee giving way?'],
  ['patient', 'A bit of swelling in the evenings. It has never locked and it does not give way.'],
  ['clinician', 'How bad is the pain, on a scale of zero to ten?'],
  ['patient', 'About five on a bad day. I have been taking ibuprofen two hundred milligrams most evenings, which helps a little.'],
  ['clinician', 'Any fever, redness, or pain in other joints?'],
  ['patient', 'No fever, no redness. Just the one knee.'],
  ['clinician', 'And the blood pressure. Which medications are you taking at the moment?'],
  ['patient', 'My blood pressure medication, amlodipine five milligrams every morning, and the ibuprofen for the knee. No other medications.'],
  ['clinician', 'Good. What have your home blood pressure readings been?'],
  ['patient', 'Mostly around one thirty five over eighty five.'],
  ['clinician', 'Any headaches, chest pain, or ankle swelling since we started the amlodipine?'],
  ['patient', 'No chest pain. Maybe slight ankle swelling at the end of the day, but nothing much.'],
  ['clinician', 'Do you have any allergies to medicines?'],
  ['patient', 'Only penicillin. It gave me a rash years ago.'],
  ['clinician', 'How are things otherwise? Sleep, stress, work?'],
  ['patient', 'Work has been stressful since the reorganisation. I sleep about five hours and I wake up tired. I still walk the dog every day.'],
  ['clinician', 'Do you smoke or drink alcohol?'],
  ['patient', 'I stopped smoking ten years ago. A glass of wine at the weekend.'],
  ['clinician', 'Let me examine you. Your blood pressure today is one thirty two over eighty four, pulse seventy two and regular. Your weight is eighty eight kilograms.'],
  ['clinician', 'The right knee has a small effusion and tenderness along the medial joint line. Range of motion is full but painful at the end of flexion. The ligaments are stable.'],
  ['clinician', 'There is mild pitting oedema at both ankles. Your heart sounds are normal and your chest is clear.'],
  ['clinician', 'Your kidney function and potassium from last month were normal.'],
  ['patient', 'So what do you think is going on with the knee?'],
  ['clinician', 'This looks most likely like osteoarthritis of the inner part of the knee. A meniscal tear is possible, but the knee does not lock, so I think that is less likely.'],
  ['clinician', 'Your blood pressure is now at target on amlodipine. The ankle swelling is probably a side effect of amlodipine, and it is mild.'],
  ['clinician', 'For the knee, I would like you to use diclofenac gel three times a day instead of the ibuprofen tablets, which are not ideal with your blood pressure.'],
  ['clinician', 'I will refer you to physiotherapy for strengthening exercises, and we will get a standing X-ray of both knees.'],
  ['clinician', 'Keep taking amlodipine five milligrams. Raise your legs in the evening, and tell me if the ankle swelling gets worse; we can switch medicines then.'],
  ['clinician', 'For the sleep, try to keep the same bedtime and avoid screens for an hour before bed. We can talk about it more next time if it does not improve.'],
  ['clinician', 'If the knee becomes hot, red and very swollen, or you get a fever, come in the same day or go to the emergency department.'],
  ['patient', 'Understood. When should I come back?'],
  ['clinician', 'Let us see you in six weeks, after the physiotherapy has started and the X-ray is back. Bring your home blood pressure readings.'],
  ['patient', 'Thank you, doctor.'],
];

/** Roughly speaking speed (words per second), to give each line a plausible duration. */
const WORDS_PER_SECOND = 2.5;

function build(): TranscriptSegment[] {
  let at = 0;
  return LINES.map(([speaker, text], i) => {
    const durationMs = Math.max(1500, Math.round((text.split(/\s+/).length / WORDS_PER_SECOND) * 1000));
    const segment = { id: `seg-${i + 1}`, speaker, startMs: at, endMs: at + durationMs, text };
    at += durationMs + 500;
    return segment;
  });
}

export const SAMPLE_TRANSCRIPT: readonly TranscriptSegment[] = build();

/**
 * A transcript the user pasted for a preview: one utterance per line, "Speaker: text" where a speaker
 * is named ("Doctor:", "Patient:", "Dr Lee:"); lines without one are attributed to "speaker".
 */
export function transcriptFromText(text: string): TranscriptSegment[] {
  let at = 0;
  const segments: TranscriptSegment[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    const named = /^([\p{L}][\p{L} .'-]{0,30}):\s+(.+)$/u.exec(line);
    const speaker = named ? speakerRole(named[1]!) : 'speaker';
    const words = (named ? named[2]! : line).replace(/\s+/g, ' ');
    const durationMs = Math.max(1000, Math.round((words.split(' ').length / WORDS_PER_SECOND) * 1000));
    segments.push({ id: `seg-${segments.length + 1}`, speaker, startMs: at, endMs: at + durationMs, text: words });
    at += durationMs + 500;
  }
  return segments;
}

function speakerRole(label: string): string {
  const lower = label.trim().toLowerCase();
  if (/^(dr\b|doctor|clinician|nurse|therapist|physician|provider)/.test(lower)) return 'clinician';
  if (/^(patient|client|pt\b)/.test(lower)) return 'patient';
  return lower.replace(/[^a-z]+/g, '-').replace(/^-|-$/g, '') || 'speaker';
}
