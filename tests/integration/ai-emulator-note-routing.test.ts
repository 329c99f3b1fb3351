import { describe, expect, it } from 'vitest';
import { sectionKinds } from '../../emulators/ai-emulator/note-routing.ts';
import { TASKS } from '../../emulators/ai-emulator/tasks/index.ts';
import type { SectionSpec } from '../../functions/src/documentation/documentation.js';
import { rewriteSectionPrompt, systemInstruction, writeNotePrompt } from '../../functions/src/documentation/prompts/note-prompts.js';
import { BUILTIN_TEMPLATE_IDS, builtinTemplate } from '../../functions/src/templates/builtin-templates.js';
import { SAMPLE_TRANSCRIPT } from '../../functions/src/templates/sample-transcript.js';
import { segmentsFromText, type TranscriptSegment } from '../../functions/src/transcripts/transcript.js';

// The local AI emulator's notes from pasted text (POST /creation) and from dialogues: each sentence goes to
// the one section its cues say it belongs to, and a section nothing fits says it was not discussed (docs/magic-fill.md,
// "Simulated output, and what the emulator's writing does"). Through the app's own prompts and the app's own
// text-to-segments step, so what is tested is what /creation does.

type Section = { id: string; content: string; evidence: { segmentId: string; quote: string }[] };

/** Pasted text as POST /creation stores it: segmentsFromText, numbered as transcriptRecord numbers them. */
const pasted = (text: string): TranscriptSegment[] => segmentsFromText(text).map((s, i) => ({ ...s, id: `seg-${i + 1}` }));

function write(templateId: string, segments: readonly TranscriptSegment[]): Section[] {
  const sections = builtinTemplate(templateId)!.sections;
  const prompt = writeNotePrompt({ language: 'en-GB', specialty: '', segments }, sections);
  return (TASKS['write_note']!(prompt) as { sections: Section[] }).sections;
}

function rewrite(section: SectionSpec, segments: readonly TranscriptSegment[]): Section {
  return { id: section.id, ...(TASKS['rewrite_section']!(rewriteSectionPrompt({ language: 'en-GB', specialty: '', segments }, section)) as Omit<Section, 'id'>) };
}

/** The sections whose text holds `phrase`: a sentence routed once is found in exactly one. */
const holding = (note: readonly Section[], phrase: string) => note.filter((s) => s.content.includes(phrase)).map((s) => s.id);
const contentOf = (note: readonly Section[], id: string) => note.find((s) => s.id === id)!.content;

// Dictated notes, pasted as paragraphs without headings: one consultation, a sentence for every section.
const DICTATION = `Ms Rivera is a 54-year-old woman who presents with a sore throat for four days.
She reports pain on swallowing and a hoarse voice, worse in the mornings. She denies cough, runny nose or shortness of breath.

She takes levothyroxine 50 micrograms daily. She is allergic to penicillin, which gave her a rash. She smokes ten cigarettes a day. Her mother has hypothyroidism.

On examination her temperature is 37.9 °C and her pulse is 92. The tonsils are enlarged with white exudate, and there is tender anterior cervical lymphadenopathy.

This is most likely streptococcal tonsillitis.

Start clarithromycin 250 mg twice daily for five days. Follow up in one week if not improving. If she cannot swallow fluids or has difficulty breathing, she should go to the emergency department.`;

/** Each sentence of DICTATION by the words that find it, with the section it belongs to in a SOAP note and in a History and Physical. */
const DICTATION_SENTENCES: [phrase: string, soap: string, hp: string][] = [
  ['presents with a sore throat for four days', 'subjective', 'chief-complaint'],
  ['reports pain on swallowing', 'subjective', 'history-of-present-illness'],
  ['denies cough, runny nose or shortness of breath', 'subjective', 'review-of-systems'],
  ['takes levothyroxine 50 micrograms daily', 'subjective', 'medications'],
  ['allergic to penicillin, which gave her a rash', 'subjective', 'allergies'],
  ['smokes ten cigarettes a day', 'subjective', 'social-history'],
  ['mother has hypothyroidism', 'subjective', 'family-history'],
  ['temperature is 37.9 °C and her pulse is 92', 'objective', 'physical-examination'],
  ['tonsils are enlarged with white exudate', 'objective', 'physical-examination'],
  ['most likely streptococcal tonsillitis', 'assessment', 'assessment'],
  ['Start clarithromycin 250 mg twice daily for five days', 'plan', 'plan'],
  ['Follow up in one week if not improving', 'plan', 'plan'],
  ['go to the emergency department', 'plan', 'plan'],
];

// The same kind of note with the headings and lists clinicians type: a heading decides where what follows
// goes, even where a sentence's own words would point elsewhere ("stable" is said of an assessment, too).
const HEADED = `SUBJECTIVE:
Right knee pain for three weeks, worse going down stairs.
Medications: amlodipine 5 mg every morning.
Allergies: none known.

OBJECTIVE:
- BP 132/84, pulse 72 and regular.
- Small effusion of the right knee, tender along the medial joint line.
- Ligaments stable.

ASSESSMENT:
Probable medial compartment osteoarthritis of the right knee.

PLAN:
1. Diclofenac gel three times daily instead of ibuprofen.
2. Refer to physiotherapy.
3. Review in six weeks.`;

const HEADED_SENTENCES: [phrase: string, soap: string][] = [
  ['Right knee pain for three weeks', 'subjective'],
  ['Medications: amlodipine 5 mg every morning', 'subjective'],
  ['Allergies: none known', 'subjective'],
  ['BP 132/84, pulse 72 and regular', 'objective'],
  ['Small effusion of the right knee', 'objective'],
  ['Ligaments stable', 'objective'],
  ['Probable medial compartment osteoarthritis', 'assessment'],
  ['Diclofenac gel three times daily', 'plan'],
  ['Refer to physiotherapy', 'plan'],
  ['Review in six weeks', 'plan'],
];

// The same consultation as a dialogue, pasted with speaker lines (one of them holding both turns of an exchange).
const DIALOGUE = `Doctor: Good morning. What brings you in today?
Patient: I have had a sore throat for four days and it hurts to swallow.
Doctor: Any cough or runny nose?
Patient: No cough and no runny nose.
Doctor: Do you take any medicines regularly?
Patient: I take levothyroxine every morning.
Doctor: Any allergies to medicines? Patient: I am allergic to penicillin. It gave me a rash.
Doctor: Let me have a look. Your temperature is 37.9 and your tonsils are swollen with white patches on them.
Doctor: This is most likely a strep throat.
Doctor: I will start you on clarithromycin 250 mg twice a day for five days. Come back in a week if it is not better.
Patient: Thank you, doctor.`;

const DIALOGUE_SENTENCES: [phrase: string, soap: string, hp: string][] = [
  ['sore throat for four days and it hurts to swallow', 'subjective', 'chief-complaint'],
  ['No cough and no runny nose', 'subjective', 'review-of-systems'],
  ['take levothyroxine every morning', 'subjective', 'medications'],
  ['allergic to penicillin', 'subjective', 'allergies'],
  ['temperature is 37.9', 'objective', 'physical-examination'],
  ['most likely a strep throat', 'assessment', 'assessment'],
  ['start you on clarithromycin', 'plan', 'plan'],
  ['Come back in a week', 'plan', 'plan'],
];

describe('Pasted dictated notes: each sentence in the one section it belongs to', () => {
  it('SOAP: every sentence once, in its section; nothing quoted whole into every section', () => {
    const note = write('soap', pasted(DICTATION));
    for (const [phrase, soap] of DICTATION_SENTENCES) expect(holding(note, phrase), phrase).toEqual([soap]);
    for (const s of note) expect(s.content, s.id).not.toMatch(/Note says|says:/);
  });

  it('History and Physical: the same sentences spread over its finer sections; one nothing fits says it was not discussed', () => {
    const note = write('history-and-physical', pasted(DICTATION));
    for (const [phrase, , hp] of DICTATION_SENTENCES) expect(holding(note, phrase), phrase).toEqual([hp]);
    // Nothing in the dictation is past medical history: the section says so in its instructions' own words.
    expect(contentOf(note, 'past-medical-history')).toBe('Not discussed.');
    expect(note.find((s) => s.id === 'past-medical-history')!.evidence).toEqual([]);
  });

  it('Headings and lists: a heading decides where its lines go, each list item is its own sentence', () => {
    const note = write('soap', pasted(HEADED));
    for (const [phrase, soap] of HEADED_SENTENCES) expect(holding(note, phrase), phrase).toEqual([soap]);
    // The headings are where a sentence goes, not what it says.
    expect(note.map((s) => s.content).join('\n')).not.toMatch(/SUBJECTIVE|OBJECTIVE|ASSESSMENT|PLAN|^\s*\d\./m);
    // A bulleted section gets one bullet per item.
    expect(contentOf(note, 'plan').split('\n')).toEqual(['- Diclofenac gel three times daily instead of ibuprofen.', '- Refer to physiotherapy.', '- Review in six weeks.']);
  });

  it('Each section cites exactly the segments its sentences came from, quoting those sentences', () => {
    const segments = pasted(DICTATION);
    for (const templateId of ['soap', 'history-and-physical']) {
      for (const s of write(templateId, segments)) {
        const used = segments.filter((seg) => seg.text.split(/(?<=\.)\s+/).some((sentence) => s.content.includes(sentence.trim()))).map((seg) => seg.id);
        expect(s.evidence.map((e) => e.segmentId), s.id).toEqual(used);
        for (const e of s.evidence) for (const part of e.quote.split(' … ')) expect(segments.find((seg) => seg.id === e.segmentId)!.text, s.id).toContain(part);
      }
    }
    // One paragraph spread over four sections: each cites it with its own sentence, not the paragraph.
    const hp = write('history-and-physical', segments);
    expect(hp.find((s) => s.id === 'medications')!.evidence).toEqual([{ segmentId: 'seg-2', quote: 'She takes levothyroxine 50 micrograms daily.' }]);
    expect(hp.find((s) => s.id === 'family-history')!.evidence).toEqual([{ segmentId: 'seg-2', quote: 'Her mother has hypothyroidism.' }]);
    expect(hp.find((s) => s.id === 'history-of-present-illness')!.evidence).toEqual([{ segmentId: 'seg-1', quote: 'She reports pain on swallowing and a hoarse voice, worse in the mornings.' }]);
    // Sentences of one segment that are not next to each other are quoted with "…" between them.
    const plan = write('soap', pasted('Start amoxicillin 500 mg three times daily. This is likely a chest infection. Review in one week.')).find((s) => s.id === 'plan')!;
    expect(plan.evidence).toEqual([{ segmentId: 'seg-1', quote: 'Start amoxicillin 500 mg three times daily. … Review in one week.' }]);
  });

  it('Allergies nobody mentioned are "Not discussed.", never "No known allergies"', () => {
    const note = write('history-and-physical', pasted('Cough for three days, worse at night. On examination the chest is clear.'));
    expect(contentOf(note, 'allergies')).toBe('Not discussed.');
    expect(note.map((s) => s.content).join('\n')).not.toMatch(/No known allergies/);
    // The system instruction's sentinel, for a section whose instructions name none, is the emulator's too.
    const custom = rewrite({ id: 'goals', title: 'Goals', format: 'paragraph', instructions: '' }, pasted('Cough for three days.'));
    expect(systemInstruction({ language: 'en-GB', specialty: '' })).toContain(`"${custom.content}"`);
  });

  it('Same pasted text, same note: exactly this one', () => {
    const text = 'Cough for three days with green sputum.\n\nChest: crackles at the right base.\n\nLikely community-acquired pneumonia. Start amoxicillin 500 mg three times daily.';
    const expected: Section[] = [
      { id: 'subjective', content: 'Cough for three days with green sputum.', evidence: [{ segmentId: 'seg-1', quote: 'Cough for three days with green sputum.' }] },
      { id: 'objective', content: '- Chest: crackles at the right base.', evidence: [{ segmentId: 'seg-2', quote: 'crackles at the right base.' }] },
      { id: 'assessment', content: 'Likely community-acquired pneumonia.', evidence: [{ segmentId: 'seg-3', quote: 'Likely community-acquired pneumonia.' }] },
      { id: 'plan', content: '- Start amoxicillin 500 mg three times daily.', evidence: [{ segmentId: 'seg-3', quote: 'Start amoxicillin 500 mg three times daily.' }] },
    ];
    expect(write('soap', pasted(text))).toEqual(expected);
    expect(write('soap', pasted(text))).toEqual(expected);
  });
});

// Notes for the other built-in templates: a therapy session and a hospital stay, dictated.
const THERAPY = `Client reports feeling anxious most days since starting a new job three weeks ago, and sleeping about five hours a night. She appeared tense and tearful when talking about her manager.

We practised a breathing exercise and used cognitive restructuring on the thought that she will be fired. She found the breathing exercise helpful and agreed that the evidence for being fired is weak.

Her anxiety is improving compared with last session.

Homework: practise the breathing exercise twice daily and keep a thought record. Next session in two weeks.`;

const STAY = `Mr Osei was admitted on 3 March with a productive cough, fever and breathlessness.

Diagnosis: community-acquired pneumonia.

During the admission he was treated with intravenous co-amoxiclav and fluids, and his kidney function returned to baseline by day 3. He underwent a bronchoscopy on 5 March.

He is discharged home, mobile independently and back to baseline. He goes home on amoxicillin 500 mg three times daily for three more days.

Follow up with his GP in one week with repeat kidney function; the sputum culture is pending. If his breathing gets worse or the fever returns, he should come back to the emergency department.`;

describe('The other built-in templates: each of their sections takes its own kind of sentence', () => {
  it('Every section of every built-in template is one the emulator can route to', () => {
    for (const id of BUILTIN_TEMPLATE_IDS) for (const section of builtinTemplate(id)!.sections) expect(sectionKinds(section), `${id}/${section.id}`).not.toEqual([]);
  });

  it('A therapy session: BIRP and DAP', () => {
    const birp = write('birp', pasted(THERAPY));
    expect(holding(birp, 'feeling anxious most days')).toEqual(['behavior']);
    expect(holding(birp, 'tense and tearful')).toEqual(['behavior']);
    expect(holding(birp, 'We practised a breathing exercise')).toEqual(['intervention']);
    expect(holding(birp, 'She found the breathing exercise helpful')).toEqual(['response']);
    expect(holding(birp, 'Practise the breathing exercise twice daily')).toEqual(['plan']);
    expect(holding(birp, 'Next session in two weeks')).toEqual(['plan']);
    const dap = write('dap', pasted(THERAPY));
    expect(holding(dap, 'We practised a breathing exercise')).toEqual(['data']);
    expect(holding(dap, 'Her anxiety is improving compared with last session')).toEqual(['assessment']);
    expect(holding(dap, 'Next session in two weeks')).toEqual(['plan']);
  });

  it('A hospital stay: the discharge summary', () => {
    const note = write('discharge-summary', pasted(STAY));
    const expected: [string, string][] = [
      ['admitted on 3 March with a productive cough', 'admission'],
      ['Community-acquired pneumonia', 'diagnoses'],
      ['treated with intravenous co-amoxiclav', 'hospital-course'],
      ['underwent a bronchoscopy', 'procedures'],
      ['mobile independently', 'condition-at-discharge'],
      ['goes home on amoxicillin 500 mg', 'discharge-medications'],
      ['sputum culture is pending', 'follow-up'],
      ['come back to the emergency department', 'patient-instructions'],
    ];
    for (const [phrase, id] of expected) expect(holding(note, phrase), phrase).toEqual([id]);
  });
});

describe('A dialogue is routed the same way, sentence by sentence', () => {
  it('SOAP and History and Physical: the same sections as the dictation of the same consultation', () => {
    const segments = pasted(DIALOGUE);
    const soap = write('soap', segments);
    const hp = write('history-and-physical', segments);
    for (const [phrase, inSoap, inHp] of DIALOGUE_SENTENCES) {
      expect(holding(soap, phrase), phrase).toEqual([inSoap]);
      expect(holding(hp, phrase), phrase).toEqual([inHp]);
    }
    // Quoted and attributed (a doctor is the clinician), never greetings, questions or thanks.
    expect(contentOf(soap, 'assessment')).toBe('Clinician notes: "This is most likely a strep throat."');
    expect(soap.map((s) => s.content).join('\n')).not.toMatch(/Good morning|\?"|Thank you|Let me have a look/);
    expect(contentOf(hp, 'family-history')).toBe('Not discussed.');
    // The answer on the question's line is the patient's.
    expect(contentOf(hp, 'allergies')).toBe('- Patient reports: "I am allergic to penicillin. It gave me a rash."');
  });

  it('The sample consultation: no sentence in two sections, each section about its own part of the visit', () => {
    const note = write('soap', SAMPLE_TRANSCRIPT);
    const sentences = SAMPLE_TRANSCRIPT.flatMap((s) => s.text.split(/(?<=[.!?])\s+/)).filter((x) => x.split(' ').length >= 4);
    for (const sentence of sentences) expect(holding(note, sentence).length, sentence).toBeLessThanOrEqual(1);
    expect(holding(note, 'my right knee has been bothering me for about three weeks now')).toEqual(['subjective']);
    expect(holding(note, 'Only penicillin.')).toEqual(['subjective']);
    expect(holding(note, 'The right knee has a small effusion')).toEqual(['objective']);
    expect(holding(note, 'Your kidney function and potassium from last month were normal.')).toEqual(['objective']);
    expect(holding(note, 'most likely like osteoarthritis')).toEqual(['assessment']);
    expect(holding(note, 'probably a side effect of amlodipine')).toEqual(['assessment']);
    expect(holding(note, 'I will refer you to physiotherapy')).toEqual(['plan']);
    expect(holding(note, 'Let us see you in six weeks')).toEqual(['plan']);
  });

  it('A template of its own topics ("Knee", "Blood pressure"): each takes what is said of it, a plan still goes to the Plan', () => {
    const sections: SectionSpec[] = [
      { id: 'knee', title: 'Knee', format: 'bullets', instructions: '' },
      { id: 'bp', title: 'Blood pressure', format: 'bullets', instructions: '' },
      { id: 'plan', title: 'Plan', format: 'bullets', instructions: '' },
    ];
    const note = (TASKS['write_note']!(writeNotePrompt({ language: 'en-GB', specialty: '', segments: SAMPLE_TRANSCRIPT }, sections)) as { sections: Section[] }).sections;
    expect(holding(note, 'The right knee has a small effusion')).toEqual(['knee']);
    expect(holding(note, 'Your blood pressure today is one thirty two over eighty four')).toEqual(['bp']);
    expect(holding(note, 'For the knee, I would like you to use diclofenac gel')).toEqual(['plan']);
    expect(holding(note, 'Bring your home blood pressure readings.')).toEqual(['plan']);
  });

  it('A section regenerated alone says what the whole note said in it, and nothing of the others', () => {
    const segments = pasted(DICTATION);
    const note = write('soap', segments);
    for (const section of builtinTemplate('soap')!.sections) expect(rewrite(section, segments), section.id).toEqual(note.find((s) => s.id === section.id));
    const subjective = rewrite(builtinTemplate('soap')!.sections[0]!, segments).content;
    expect(subjective).toContain('presents with a sore throat');
    expect(subjective).not.toMatch(/tonsils|most likely|clarithromycin/);
  });
});
