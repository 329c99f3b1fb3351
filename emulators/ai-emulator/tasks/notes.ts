import { saysNothingDiscussed } from '../../../contract/src/not-discussed.ts';
import { addTo, answerLines, applyInstruction, cannot, composeNote, composeSection, parseAddition, queryTerms, sectionQuery, speakerBias, titleTerms } from '../compose.ts';
import { block, jsonBlock, transcriptLines, type SectionSpec } from '../prompt.ts';

/** write_note: every requested section in one answer, each sentence of the transcript in the one it belongs to. */
export function writeNote(prompt: string) {
  const sections = jsonBlock<SectionSpec[]>(prompt, 'sections', []);
  return { sections: composeNote(sections, transcriptLines(prompt)) };
}

/** rewrite_section: regenerate one section, optionally with new instructions or an edit instruction. */
export function rewriteSection(prompt: string) {
  const section = jsonBlock<SectionSpec>(prompt, 'section', { id: 'section', title: 'Section' });
  const lines = transcriptLines(prompt);
  const instruction = block(prompt, 'instruction');
  const current = block(prompt, 'current_content');
  if (instruction && current !== null) {
    const composed = composeSection(section, lines);
    return { content: applyInstruction(current || composed.content, instruction, section.title), evidence: composed.evidence };
  }
  const { content, evidence } = composeSection(section, lines);
  return { content, evidence };
}

/**
 * edit_note: one instruction for the whole note. An addition goes to the one section it names ("to the
 * plan"), or else to the section its words are most about; other instructions apply to every section the
 * session covered. A note it cannot change says so in its first section only.
 */
export function editNote(prompt: string) {
  const note = jsonBlock<{ id: string; title: string; content: string }[]>(prompt, 'note', []);
  const instruction = block(prompt, 'instruction') ?? '';
  const lines = transcriptLines(prompt);
  const evidence = (s: { id: string; title: string }) => composeSection({ id: s.id, title: s.title }, lines).evidence;
  const addition = parseAddition(instruction, note.map((s) => s.title));
  if (addition) {
    const named = addition.target ? note.find((s) => s.title.toLowerCase() === addition.target!.toLowerCase()) : undefined;
    const words = queryTerms(addition.text);
    const fit = (s: { title: string }) => [...sectionQuery({ id: '', title: s.title })].filter((t) => words.has(t)).length;
    const target = named ?? (addition.target ? undefined : [...note].sort((a, b) => fit(b) - fit(a))[0]);
    return {
      sections: note.map((s, i) => ({
        id: s.id,
        content: target ? (s.id === target.id ? addTo(s.content, addition.text) : s.content) : i === 0 ? cannot('find the section this instruction names', s.content) : s.content,
        evidence: evidence(s),
      })),
    };
  }
  // A section that says nothing was discussed stays so: "- Not discussed." is no bullet list.
  const edited = note.map((s) => ({ id: s.id, content: saysNothingDiscussed(s.content) ? s.content : applyInstruction(s.content, instruction, s.title), evidence: evidence(s) }));
  // One "cannot" is enough: the first section says it, the others stay as they were.
  const refused = edited.filter((s) => s.content.startsWith('[The local AI emulator cannot'));
  if (refused.length > 0 && refused.length === edited.filter((s, i) => s.content !== note[i]!.content).length) {
    return { sections: edited.map((s, i) => (i === edited.indexOf(refused[0]!) ? s : { ...s, content: note[i]!.content })) };
  }
  return { sections: edited };
}

/**
 * chat: answer the last question from what was said about it, citing it: the answers to the clinician's
 * matching questions rather than the questions, the clinician's own statements for plans and findings.
 */
export function chat(prompt: string) {
  const messages = jsonBlock<{ role: string; content: string }[]>(prompt, 'messages', []);
  const question = [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
  const lines = answerLines(queryTerms(question), transcriptLines(prompt), 3, { strong: titleTerms(question), prefer: speakerBias(question) });
  if (lines.length === 0) return { answer: 'The transcript does not say anything about that.', evidence: [] };
  const quotes = lines.map((l) => `the ${l.speaker} said "${l.text.trim()}"`);
  return {
    answer: `From the transcript: ${quotes.join('; ')}.`,
    evidence: lines.map((l) => ({ segmentId: l.id, quote: l.text.trim().slice(0, 200) })),
  };
}
