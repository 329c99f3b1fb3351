import { saysNothingDiscussed } from '../../../contract/src/not-discussed.ts';
import { addTo, answerLines, applyInstruction, cannot, composeNote, composeSection, parseAddition, queryTerms, sectionQuery, speakerBias, terms, titleTerms } from '../compose.ts';
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
 * matching questions rather than the questions, the clinician's own statements for plans and findings. The
 * note as the clinician has it now comes too: what its sentences say about the question that the transcript
 * does not (a prescription the clinician typed) is answered from it, and the answer says it comes from the note.
 */
export function chat(prompt: string) {
  const messages = jsonBlock<{ role: string; content: string }[]>(prompt, 'messages', []);
  const note = jsonBlock<{ id: string; title: string; content: string }[]>(prompt, 'note', []);
  const question = [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
  const transcript = transcriptLines(prompt);
  const query = chatQuery(question);
  const lines = answerLines(query, transcript, 3, { strong: titleTerms(question), prefer: speakerBias(question) });
  const fromNote = noteOnlySentences(query, titleTerms(question), note, new Set(transcript.flatMap((l) => terms(l.text))), 2);
  const parts: string[] = [];
  if (lines.length > 0) parts.push(`From the transcript: ${lines.map((l) => `the ${l.speaker} said "${l.text.trim()}"`).join('; ')}.`);
  if (fromNote.length > 0) {
    const quoted = fromNote.map((s) => `${s.title}: "${s.text}"`).join('; ');
    parts.push(lines.length > 0 ? `The note also says (not in the transcript): ${quoted}.` : `The transcript does not say. The note says (${quoted}); this comes from the note, not the transcript.`);
  }
  const source = lines.length > 0 ? (fromNote.length > 0 ? 'transcript_and_note' : 'transcript') : fromNote.length > 0 ? 'note' : 'none';
  return {
    answer: parts.length > 0 ? parts.join(' ') : 'Neither the transcript nor the note says anything about that.',
    evidence: lines.map((l) => ({ segmentId: l.id, quote: l.text.trim().slice(0, 200) })),
    source,
    noteSectionIds: [...new Set(fromNote.map((s) => s.id))],
  };
}

/** Names a question about antibiotics is answered by, for the chat only (a note section's words stay as compose.ts has them). */
const ANTIBIOTICS = ['amoxicillin', 'penicillin', 'doxycycline', 'azithromycin', 'clarithromycin', 'cefalexin', 'nitrofurantoin', 'trimethoprim', 'flucloxacillin'];

function chatQuery(question: string): Set<string> {
  const query = queryTerms(question);
  if (query.has('antibiotic')) for (const name of ANTIBIOTICS) for (const t of terms(name)) query.add(t);
  return query;
}

/**
 * The note's sentences most about the question that the transcript does not say: fewer than half of their
 * words were said. (A sentence the note took from the transcript is answered from the transcript's lines.)
 */
function noteOnlySentences(query: Set<string>, strong: Set<string>, note: readonly { id: string; title: string; content: string }[], said: Set<string>, max: number) {
  const sentences = note.flatMap((section) =>
    section.content
      .split(/\n+/)
      .flatMap((line) => line.replace(/^\s*[-•*]\s*/, '').split(/(?<=[.!?])\s+/))
      .map((text) => text.trim())
      .filter((text) => text !== '' && !saysNothingDiscussed(text))
      .map((text) => ({ id: section.id, title: section.title, text })),
  );
  return sentences
    .map((sentence, order) => {
      const words = terms(sentence.text);
      const score = words.filter((t) => query.has(t)).length + 2 * words.filter((t) => strong.has(t)).length;
      const unsaid = words.length > 0 && words.filter((t) => said.has(t)).length / words.length < 0.5;
      return { sentence, order, score: unsaid ? score : 0 };
    })
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, max)
    .sort((a, b) => a.order - b.order)
    .map((s) => s.sentence);
}
