import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSection } from './check.js';
import { keptConfirmations, sentenceKey } from './confirmations.js';

type Line = [speaker: string, text: string];
const transcript = (...lines: Line[]) => lines.map(([speaker, text], i) => ({ id: `seg-${i + 1}`, speaker, text }));
const check = (content: string, segments: ReturnType<typeof transcript>, cited: string[] = []) => checkSection({ content, citedSegmentIds: cited }, segments);
const flagged = (content: string, segments: ReturnType<typeof transcript>) => check(content, segments).flags.map((f) => [f.kind, f.text]);

const VISIT = transcript(
  ['clinician', 'What do you take for your blood pressure?'],
  ['patient', 'Lisinopril, twenty milligrams once a day. And Lasix in the morning.'],
  ['clinician', 'Where does it hurt?'],
  ['patient', 'My left knee, for about three weeks now.'],
  ['clinician', 'Any chest pain?'],
  ['patient', 'No.'],
  ['clinician', 'Any shortness of breath?'],
  ['patient', 'Yes, on the stairs.'],
  ['clinician', 'Blood pressure is one twenty over eighty, no swelling in the legs.'],
);

describe('what a note says the session did not cover', () => {
  it('is no fact: the templates\' "not discussed" lines are not flagged as negations; a finding not reported or not noted still is', () => {
    for (const content of ['Not discussed in this session.', 'No plan discussed.', 'Assessment not stated in the session.', 'No examination findings recorded.', 'Allergies not documented.', 'Medications were not mentioned.']) {
      expect(flagged(content, VISIT), content).toEqual([]);
    }
    expect(flagged('No fever reported.', VISIT)).toEqual([['negation', 'No fever']]);
    expect(flagged('No rash noted.', VISIT)).toHaveLength(1);
  });
});

describe('each kind of fact, found and missed', () => {
  it('numbers: said in words or digits with the same unit are found; another value or unit is flagged', () => {
    expect(flagged('Lisinopril 20 mg once daily. BP 120/80. Knee pain for 3 weeks.', VISIT)).toEqual([]);
    expect(flagged('Lisinopril 40 mg once daily.', VISIT)).toEqual([['number', '40 mg']]);
    expect(flagged('Lisinopril 20 mcg once daily.', VISIT)).toEqual([['number', '20 mcg']]);
    expect(flagged('Lisinopril 20 mg twice daily.', VISIT)).toEqual([['number', 'twice daily']]);
    expect(flagged('BP 130/80.', VISIT)).toEqual([['number', '130/80']]);
    expect(flagged('Knee pain for 3 months.', VISIT)).toEqual([['number', '3 months']]);
  });

  it('a bare number is found only near what the sentence is about', () => {
    const segments = transcript(['patient', 'I am eighty years old.'], ['clinician', 'Good.'], ['patient', 'The metoprolol is fine.']);
    expect(flagged('Metoprolol 80.', segments)).toEqual([['number', '80']]);
    expect(flagged('She is 80.', transcript(['patient', 'she is eighty next week']))).toEqual([]);
  });

  it('a specific value needs nothing else nearby; a plural body part is both sides (ACI-Bench tuning)', () => {
    const readings = transcript(['clinician', 'how has it been?'], ['patient', "it's been running at about 146 to 152 lately"], ['clinician', 'ok']);
    expect(flagged('Systolic blood pressure readings between 146-152.', readings)).toEqual([]);
    expect(flagged('Edema of bilateral lower extremities.', transcript(['clinician', 'your legs are a bit swollen']))).toEqual([]);
    expect(flagged('Edema of bilateral lower extremities.', transcript(['clinician', 'your left leg is a bit swollen']))).toEqual([['laterality', 'bilateral lower extremities']]);
  });

  it('elliptical answers, "not yet", redness for erythema, "a day" for one day (ACI-Bench tuning)', () => {
    const legs = transcript(['clinician', 'any leg swelling or calf swelling?'], ['patient', 'my knee hurts but there is no swelling']);
    expect(flagged('Denies lower extremity edema.', legs)).toEqual([]);
    expect(flagged('Denies coughing up anything.', transcript(['clinician', 'are you coughing up anything?'], ['patient', 'not yet']))).toEqual([]);
    expect(flagged('No signs of infection or erythema.', transcript(['clinician', 'no signs of infection or any redness']))).toEqual([]);
    expect(flagged('Symptoms resolved after 1 day.', transcript(['patient', 'it went away after a day']))).toEqual([]);
    expect(flagged('Depressed for about a year and a half.', transcript(['patient', 'it has been a tough year-and-a-half']))).toEqual([]);
  });

  it('a score out of ten is said as its score; "the second metatarsal" is 2nd; injuries are injured (ACI-Bench tuning)', () => {
    expect(flagged('Pain rated 8/10.', transcript(['clinician', 'how bad is the pain?'], ['patient', 'like a seven eight']))).toEqual([]);
    expect(flagged('Displacement of the 2nd metatarsal.', transcript(['clinician', 'the first and second metatarsals are displaced']))).toEqual([]);
    expect(flagged('Denies previous injuries to her arm.', transcript(['clinician', 'have you ever injured this arm before ?'], ['patient', 'no']))).toEqual([]);
  });

  it('drugs: by generic or brand name, or a recogniser\'s near spelling; others are flagged', () => {
    expect(flagged('Takes lisinopril and furosemide.', VISIT)).toEqual([]);
    expect(flagged('Takes lisinopril and Lasix.', transcript(['patient', 'lisinopril and furosemide']))).toEqual([]);
    expect(flagged('Takes lisinopril.', transcript(['patient', 'i take lisinipril']))).toEqual([]);
    expect(flagged('Takes lisinopril and metformin.', VISIT)).toEqual([['drug', 'metformin']]);
  });

  it('sides: found with the same body part; the other side is flagged', () => {
    expect(flagged('Pain in the left knee.', VISIT)).toEqual([]);
    expect(flagged('Pain in the right knee.', VISIT)).toEqual([['laterality', 'right knee']]);
    expect(flagged('Pain in the left shoulder.', VISIT)).toEqual([['laterality', 'left shoulder']]);
    // "Which knee?" "The right one.": the side in the answer, the part in the question.
    expect(flagged('Right knee pain.', transcript(['clinician', 'which knee is it?'], ['patient', 'the right one']))).toEqual([]);
  });

  it('negations: a denial said or answered no is found; one nobody made is flagged', () => {
    expect(flagged('Denies chest pain. No leg swelling.', VISIT)).toEqual([]);
    expect(flagged('Denies shortness of breath.', VISIT)).toEqual([['negation', 'Denies shortness of breath']]);
    expect(flagged('Denies chest pain or fever.', VISIT)).toEqual([['negation', 'fever']]);
  });

  it('a dropped "no": a finding the patient denied, stated as present, is flagged', () => {
    expect(flagged('Reports chest pain.', VISIT)).toEqual([['negation', 'chest pain']]);
    // Said both ways in the speech: the note may be right.
    const both = transcript(['clinician', 'any chest pain?'], ['patient', 'no'], ['patient', 'well i did have chest pain on sunday']);
    expect(flagged('Reports chest pain.', both)).toEqual([]);
  });
});

describe('speaker attribution', () => {
  const finding = fc.constantFrom('fever', 'cough', 'nausea', 'headache', 'rash', 'diarrhea');
  it('a denial is supported by another speaker answering no to the question, not by a yes or by the asker', () => {
    fc.assert(
      fc.property(finding, fc.constantFrom('no', 'nope', 'no , not at all', 'not really'), (word, answer) => {
        const note = `Denies ${word}.`;
        expect(check(note, transcript(['clinician', `any ${word} ?`], ['patient', answer])).flags).toEqual([]);
        expect(check(note, transcript(['clinician', `any ${word} ?`], ['clinician', answer])).flags).toHaveLength(1);
        expect(check(note, transcript(['clinician', `any ${word} ?`], ['patient', 'yes , a little'])).flags).toHaveLength(1);
      }),
    );
  });

  it('a negated question agreed to is a denial; a bare "yes" to it is not (ACI-Bench tuning)', () => {
    const asked = (answer: string) => transcript(['clinician', 'and then no allergies to medicines that you know of , is that correct ?'], ['patient', answer]);
    expect(flagged('No known drug allergies.', asked('correct .'))).toEqual([]);
    expect(flagged('No known drug allergies.', asked("yes , that's right"))).toEqual([]);
    expect(flagged('No known drug allergies.', asked('yes , penicillin'))).toEqual([['negation', 'No known drug allergies']]);
  });

  it('a negated question is no denial by itself', () => {
    expect(flagged('Denies fever.', transcript(['clinician', 'no fever ?'], ['patient', 'actually yes i had one']))).toEqual([['negation', 'Denies fever']]);
    expect(flagged('Denies fever.', transcript(['clinician', 'no fever ?'], ['patient', 'no']))).toEqual([]);
  });
});

describe('sentences and their evidence', () => {
  it('each sentence is linked to the segments that support it; citations that do not hold are dropped', () => {
    const { sentences } = check('Lisinopril 20 mg once daily.\n- Left knee pain for three weeks.', VISIT, ['seg-2', 'seg-7']);
    expect(sentences).toMatchObject([
      { text: 'Lisinopril 20 mg once daily.', start: 0, segmentIds: ['seg-2'] },
      { text: 'Left knee pain for three weeks.', start: 31, segmentIds: ['seg-4'] },
    ]);
  });

  it('pasted text (one speaker, "note") supports what it says', () => {
    const pasted = transcript(['note', 'Knee pain for 2 weeks. Taking ibuprofen 400 mg.'], ['note', 'No fever.']);
    const { sentences, flags } = check('Knee pain for 2 weeks. Ibuprofen 400 mg. Denies fever.', pasted);
    expect(flags).toEqual([]);
    expect(sentences.map((s) => s.segmentIds)).toEqual([['seg-1'], ['seg-1'], ['seg-2']]);
  });
});

describe('flag ids and confirmations', () => {
  it('the same fact in the same sentence keeps its id whatever else changes; another sentence gives another', () => {
    const [a] = check('Lisinopril 40 mg daily.', VISIT).flags;
    const [b] = check('Knee pain.\nLisinopril  40 mg daily.', VISIT).flags;
    const [c] = check('Lisinopril 40 mg daily with food.', VISIT).flags;
    expect(b!.id).toBe(a!.id);
    expect(b!.sentenceIndex).toBe(1);
    expect(c!.id).not.toBe(a!.id);
    expect(a!.id).toMatch(/^n-[0-9a-f]{16}$/);
  });

  it('a confirmed flag is confirmed; the confirmation is kept while its sentence is there and dropped when it changes', () => {
    const content = 'Lisinopril 40 mg daily. Knee pain.';
    const [flag] = check(content, VISIT).flags;
    expect(checkSection({ content, citedSegmentIds: [], confirmedFlagIds: [flag!.id] }, VISIT).flags).toMatchObject([{ id: flag!.id, status: 'confirmed' }]);
    const confirmation = { flagId: flag!.id, sentenceKey: sentenceKey('Lisinopril 40 mg daily.'), confirmedAt: '2026-01-01T00:00:00.000Z' };
    expect(keptConfirmations([confirmation], 'Knee pain, left. Lisinopril 40 mg daily.')).toEqual([confirmation]);
    expect(keptConfirmations([confirmation], 'Lisinopril 40 mg daily with food. Knee pain.')).toEqual([]);
  });

  it('flags point into the content at their text', () => {
    const content = '- Plan: lisinopril 40 mg daily.\n- Right knee brace.';
    for (const f of check(content, VISIT).flags) expect(content.slice(f.start, f.end)).toBe(f.text);
  });
});
