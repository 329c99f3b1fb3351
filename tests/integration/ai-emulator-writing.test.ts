import { describe, expect, it } from 'vitest';
import { splitSentences } from '../../emulators/ai-emulator/compose.ts';
import { TASKS } from '../../emulators/ai-emulator/tasks/index.ts';
import { chatPrompt, editNotePrompt, rewriteSectionPrompt, writeNotePrompt } from '../../functions/src/documentation/prompts/note-prompts.js';
import { builtinTemplate } from '../../functions/src/templates/builtin-templates.js';
import { SAMPLE_TRANSCRIPT } from '../../functions/src/templates/sample-transcript.js';

// The local AI emulator's writing, through the app's own prompts (functions/src/documentation/prompts): it
// stays deterministic, and what it writes must not be nonsense that looks like output. Issue 13.

type Section = { id: string; content: string; evidence: { segmentId: string; quote: string }[] };
const ctx = { language: 'en-US', specialty: 'Family medicine', segments: SAMPLE_TRANSCRIPT };
const soap = builtinTemplate('soap')!;
const sectionSpec = (id: string) => soap.sections.find((s) => s.id === id)!;
const titleOf = (id: string) => sectionSpec(id).title;

const writeNote = () => (TASKS['write_note']!(writeNotePrompt(ctx, soap.sections)) as { sections: Section[] }).sections;
const note = writeNote();
const contentOf = (id: string) => note.find((s) => s.id === id)!.content;

function editSection(id: string, instruction: string, currentContent = contentOf(id)): string {
  return (TASKS['rewrite_section']!(rewriteSectionPrompt(ctx, sectionSpec(id), { currentContent, instruction })) as Section).content;
}
function editWholeNote(instruction: string): Section[] {
  const current = note.map((s) => ({ id: s.id, title: titleOf(s.id), content: s.content }));
  return (TASKS['edit_note']!(editNotePrompt(ctx, current, instruction)) as { sections: Section[] }).sections;
}
type ChatAnswer = { answer: string; evidence: { segmentId: string }[]; source: string; noteSectionIds: string[] };
const ask = (question: string, noteNow: { id: string; title: string; content: string }[] = []) => TASKS['chat']!(chatPrompt(ctx, noteNow, [{ role: 'user', content: question }])) as ChatAnswer;
const segmentText = (id: string) => SAMPLE_TRANSCRIPT.find((s) => s.id === id)!.text;
const quotesBalanced = (text: string) => text.split('\n').every((line) => (line.match(/"/g) ?? []).length % 2 === 0);

describe('The AI emulator writes a note, not a greeting', () => {
  it('Same request, same answer', () => {
    expect(writeNote()).toEqual(note);
  });

  it('The template preview over the sample consultation quotes findings and decisions: no greetings, thanks or questions', () => {
    const all = note.map((s) => s.content).join('\n');
    expect(all).not.toMatch(/Good morning|Have a seat|Thank you|Let me examine/);
    // No quoted question: a question is not a finding (its answer is).
    expect(all).not.toMatch(/\?"/);
    expect(contentOf('plan')).toMatch(/physiotherapy|diclofenac/);
    expect(contentOf('objective')).toMatch(/one thirty two over eighty four/);
    for (const s of note) expect(s.evidence.length, s.id).toBeGreaterThan(0);
  });
});

describe('Edit instructions take visible effect, or the answer says the emulator cannot follow them', () => {
  const instructions = ['shorter', 'bullet points', 'more formal', 'Add that the patient walks the dog daily', 'Write it like a poem', 'Remove the mention of wine'];

  it('An instruction is never pasted into the note', () => {
    for (const instruction of instructions) {
      const edited = editSection('subjective', instruction);
      expect(edited, instruction).not.toContain(instruction);
      expect(edited, instruction).not.toMatch(/Edited as asked/);
    }
  });

  it('"shorter" makes it shorter, also a single sentence', () => {
    expect(editSection('subjective', 'Make it shorter').length).toBeLessThan(contentOf('subjective').length);
    const one = 'Patient reports: "No chest pain. Maybe slight ankle swelling at the end of the day, but nothing much."';
    expect(editSection('subjective', 'shorter', one)).toBe('Patient reports: "No chest pain …"');
  });

  it('"bullet points" makes one bullet per sentence and never splits a quoted sentence', () => {
    const edited = editSection('subjective', 'Use bullet points');
    const lines = edited.split('\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(line).toMatch(/^- (Patient reports|Clinician notes): ".*"$/);
    expect(quotesBalanced(edited)).toBe(true);
    expect(splitSentences('Patient reports: "No chest pain. Some swelling." Clinician notes: "Chest clear."')).toEqual(['Patient reports: "No chest pain. Some swelling."', 'Clinician notes: "Chest clear."']);
  });

  it('"more formal" changes the wording around the quotes and leaves the quotes verbatim', () => {
    const edited = editSection('subjective', 'more formal');
    expect(edited).not.toBe(contentOf('subjective'));
    expect(edited).toMatch(/^The patient reported: "/);
    expect(edited).toContain(segmentText('seg-20'));
  });

  it('"add X" adds X to the section; "add X to section Y" on the whole note adds it to Y only', () => {
    expect(editSection('subjective', 'Add that the patient is a non-smoker')).toBe(`${contentOf('subjective')} The patient is a non-smoker.`);
    const edited = editWholeNote('Add review in six weeks to the Plan section');
    for (const s of edited) {
      if (s.id === 'plan') expect(s.content).toBe(`${contentOf('plan')}\n- Review in six weeks.`);
      else expect(s.content, s.id).toBe(contentOf(s.id));
    }
    // Without a section, to the one section the words are about: here the plan again.
    expect(editWholeNote('Add a referral to physiotherapy').filter((s) => s.content !== contentOf(s.id)).map((s) => s.id)).toEqual(['plan']);
  });

  it('An instruction it cannot follow leaves the text as it was, and says so', () => {
    const edited = editSection('subjective', 'Write it like a poem');
    expect(edited).toBe(`[The local AI emulator cannot follow this instruction (it follows: shorter, bullet points, paragraph, more formal, add …, remove …); the text is unchanged.]\n${contentOf('subjective')}`);
    // Asked of the whole note: said once, in the first section.
    const whole = editWholeNote('Write it like a poem');
    expect(whole.filter((s) => s.content.startsWith('[The local AI emulator cannot')).map((s) => s.id)).toEqual(['subjective']);
    // And a later edit that works drops the notice.
    expect(editSection('subjective', 'shorter', edited)).not.toMatch(/local AI emulator/);
  });

  it('A whole-note edit leaves the sections that say nothing was discussed as they are', () => {
    const segments = [{ id: 'seg-1', speaker: 'note', startMs: 0, endMs: 0, text: 'Cough for three days. Likely viral.' }];
    const progress = builtinTemplate('progress-note')!;
    const pastedCtx = { ...ctx, segments };
    const written = (TASKS['write_note']!(writeNotePrompt(pastedCtx, progress.sections)) as { sections: Section[] }).sections;
    const current = written.map((s) => ({ id: s.id, title: progress.sections.find((x) => x.id === s.id)!.title, content: s.content }));
    const edited = (TASKS['edit_note']!(editNotePrompt(pastedCtx, current, 'Use bullet points')) as { sections: Section[] }).sections;
    expect(edited.map((s) => s.content)).toEqual(['- Cough for three days.', 'Not discussed.', 'No examination recorded.', 'No results reviewed.', '- Likely viral.', 'No plan discussed.']);
  });

  it('Custom section instructions take effect: a bulleted list of only what they ask for', () => {
    const custom = { ...sectionSpec('subjective'), instructions: 'Only the medications the patient takes, as a bulleted list.' };
    const { content } = TASKS['rewrite_section']!(rewriteSectionPrompt(ctx, custom)) as Section;
    expect(content).not.toBe(contentOf('subjective'));
    expect(content.split('\n').every((l) => l.startsWith('- '))).toBe(true);
    expect(content).toMatch(/amlodipine/);
  });
});

describe('Chat answers from what was said about the question', () => {
  it('An answer quotes the patient\'s answer, not the clinician\'s question', () => {
    const { answer, evidence } = ask('Does the patient have any allergies?');
    expect(answer).toContain('Only penicillin. It gave me a rash years ago.');
    expect(answer).not.toContain('Do you have any allergies to medicines?');
    expect(evidence.map((e) => e.segmentId)).toContain('seg-18');
  });

  it('What the clinician added to the note and the transcript does not say is answered from the note, saying so', () => {
    const plan = { id: 'plan', title: 'Plan', content: `${contentOf('plan')}\n- Clarithromycin 500 mg twice daily for 5 days.` };
    const before = ask('Which antibiotic was prescribed?', [{ ...plan, content: contentOf('plan') }]);
    expect(before.answer).not.toContain('Clarithromycin');
    expect(before.source).toBe('transcript');
    const after = ask('Which antibiotic was prescribed?', [plan]);
    expect(after.answer).toContain('Plan: "Clarithromycin 500 mg twice daily for 5 days."');
    expect(after.answer).toMatch(/not in the transcript/);
    expect(after).toMatchObject({ source: 'transcript_and_note', noteSectionIds: ['plan'] });
    // A sentence the note took from the transcript is not "from the note": the transcript answers it.
    expect(ask('What is the plan?', [{ ...plan, content: contentOf('plan') }]).source).toBe('transcript');
    expect(ask('Any tattoos?', [plan])).toMatchObject({ answer: 'Neither the transcript nor the note says anything about that.', source: 'none', evidence: [] });
  });

  it('"What is the plan?" finds the plan', () => {
    const { answer } = ask('What is the plan?');
    expect(answer).toMatch(/^From the transcript: the clinician said/);
    expect(answer).toMatch(/physiotherapy|diclofenac|six weeks/);
    expect(answer).not.toMatch(/Good morning|\?"/);
  });
});

describe('Text with <, > and & reads back as typed (the prompts XML-escape their blocks)', () => {
  it('An addition and the current text keep their characters, never entities', () => {
    const edited = editSection('objective', 'Add that BP < 140/90 & HR > 60 on review', 'Temp 37.2 & SpO2 > 97%.');
    expect(edited).toContain('Temp 37.2 & SpO2 > 97%');
    expect(edited).toContain('BP < 140/90 & HR > 60');
    expect(edited).not.toMatch(/&(lt|gt|amp);/);
  });

  it('A transcript line with them is quoted as said', () => {
    const segments = [{ id: 'seg-1', speaker: 'clinician', startMs: 0, endMs: 2000, text: 'Your blood pressure is < 140 & your pulse is > 60, that is fine.' }];
    const written = (TASKS['write_note']!(writeNotePrompt({ ...ctx, segments }, soap.sections)) as { sections: Section[] }).sections;
    const all = written.map((s) => s.content + s.evidence.map((e) => e.quote).join(' ')).join('\n');
    expect(all).toContain('< 140 & your pulse is > 60');
    expect(all).not.toMatch(/&(lt|gt|amp);/);
  });
});
