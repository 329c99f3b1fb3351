import { applyInstruction, composeSection, rankLines, queryTerms, NOT_DISCUSSED } from '../compose.ts';
import { block, jsonBlock, transcriptLines, type SectionSpec } from '../prompt.ts';

/** write_note: every requested section, composed from the transcript, in one answer. */
export function writeNote(prompt: string) {
  const sections = jsonBlock<SectionSpec[]>(prompt, 'sections', []);
  const lines = transcriptLines(prompt);
  return { sections: sections.map((s) => composeSection(s, lines)) };
}

/** rewrite_section: regenerate one section, optionally with new instructions or an edit instruction. */
export function rewriteSection(prompt: string) {
  const section = jsonBlock<SectionSpec>(prompt, 'section', { id: 'section', title: 'Section' });
  const lines = transcriptLines(prompt);
  const instruction = block(prompt, 'instruction');
  const current = block(prompt, 'current_content');
  if (instruction && current !== null) {
    const composed = composeSection(section, lines);
    return { content: applyInstruction(current || composed.content, instruction), evidence: composed.evidence };
  }
  const { content, evidence } = composeSection(section, lines);
  return { content, evidence };
}

/** edit_note: apply one instruction to every section of a note. */
export function editNote(prompt: string) {
  const note = jsonBlock<{ id: string; title: string; content: string }[]>(prompt, 'note', []);
  const instruction = block(prompt, 'instruction') ?? '';
  const lines = transcriptLines(prompt);
  return {
    sections: note.map((s) => ({
      id: s.id,
      content: s.content === NOT_DISCUSSED ? s.content : applyInstruction(s.content, instruction),
      evidence: composeSection({ id: s.id, title: s.title }, lines).evidence,
    })),
  };
}

/** chat: answer the last question from the transcript lines most relevant to it, citing them. */
export function chat(prompt: string) {
  const messages = jsonBlock<{ role: string; content: string }[]>(prompt, 'messages', []);
  const question = [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
  const lines = rankLines(queryTerms(question), transcriptLines(prompt), 3);
  if (lines.length === 0) return { answer: 'The transcript does not say anything about that.', evidence: [] };
  const quotes = lines.map((l) => `the ${l.speaker} said "${l.text.trim()}"`);
  return {
    answer: `From the transcript: ${quotes.join('; ')}.`,
    evidence: lines.map((l) => ({ segmentId: l.id, quote: l.text.trim().slice(0, 200) })),
  };
}
