import type { SectionSpec, TranscriptLine } from './prompt.ts';

/**
 * The emulator's deterministic "writer": it picks the transcript lines most relevant to a section's title
 * and instructions (word overlap, with a small clinical synonym list) and composes the section from them,
 * citing them as evidence. Same request, same answer.
 */
const STOPWORDS = new Set(
  'a an and are as at be been but by do does for from had has have i if in into is it its me my no not of on or our so than that the their them then there these they this to was we were what when where which who will with you your yes any about how did just also only very can could would should'.split(' '),
);

const SYNONYMS: Record<string, string[]> = {
  subjective: ['complaint', 'symptom', 'feel', 'feeling', 'pain', 'cough', 'fever', 'history', 'since', 'day', 'week', 'started', 'breath', 'breathless', 'tired', 'sleep', 'mood'],
  complaint: ['cough', 'pain', 'fever', 'brings', 'problem'],
  history: ['since', 'ago', 'before', 'past', 'started'],
  objective: ['exam', 'examination', 'temperature', 'pressure', 'heart', 'lung', 'listen', 'vital', 'pulse', 'clear', 'normal', 'breath', 'oxygen', 'saturation'],
  examination: ['exam', 'temperature', 'pressure', 'heart', 'lung', 'listen', 'clear', 'normal'],
  assessment: ['diagnosis', 'likely', 'think', 'impression', 'probably', 'infection', 'viral', 'sounds'],
  plan: ['plan', 'prescribe', 'start', 'take', 'follow', 'return', 'test', 'order', 'refer', 'rest', 'fluid', 'mg', 'daily', 'call', 'antibiotic'],
  medication: ['mg', 'take', 'prescribe', 'tablet', 'dose', 'daily', 'ibuprofen', 'paracetamol'],
  data: ['reports', 'said', 'feel', 'mood', 'sleep'],
  behavior: ['said', 'appeared', 'mood', 'anxious'],
  intervention: ['discussed', 'suggest', 'practice', 'try', 'plan'],
  response: ['agreed', 'understood', 'felt', 'willing'],
  summary: ['cough', 'fever', 'plan', 'take', 'return'],
  reason: ['brings', 'cough', 'pain', 'referral', 'problem'],
};

function stem(word: string): string {
  return word.replace(/(ing|ed|es|s)$/u, '');
}

export function terms(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 1 && !STOPWORDS.has(w))
    .map(stem);
}

export function queryTerms(text: string): Set<string> {
  const base = terms(text);
  const expanded = new Set(base);
  for (const word of text.toLowerCase().split(/[^\p{L}]+/u)) for (const s of SYNONYMS[word] ?? SYNONYMS[stem(word)] ?? []) expanded.add(stem(s));
  return expanded;
}

export function rankLines(query: Set<string>, lines: TranscriptLine[], max: number): TranscriptLine[] {
  const scored = lines
    .map((line, order) => ({ line, order, score: terms(line.text).filter((t) => query.has(t)).length }))
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, max);
  return scored.sort((a, b) => a.order - b.order).map((s) => s.line);
}

export const NOT_DISCUSSED = 'Not discussed in this session.';

function sentenceFor(line: TranscriptLine): string {
  const who = line.speaker === 'patient' ? 'Patient reports' : line.speaker === 'clinician' ? 'Clinician notes' : `${line.speaker[0]?.toUpperCase() ?? ''}${line.speaker.slice(1)} says`;
  return `${who}: "${line.text.trim()}"`;
}

export interface ComposedSection {
  id: string;
  content: string;
  evidence: { segmentId: string; quote: string }[];
}

/**
 * What a section is about: its title's words with their clinical synonyms, plus the instructions' own
 * words, leaving out sentences that say what does NOT belong there ("Never add...", "not the plan").
 */
export function sectionQuery(section: SectionSpec, extraQuery = ''): Set<string> {
  const wanted = (section.instructions ?? '')
    .split(/(?<=[.;!?])\s+/)
    .filter((sentence) => !/\b(not|never|no|don't|do not|exclude|leave out|without|only when)\b/i.test(sentence))
    .join(' ');
  const query = queryTerms(section.title);
  for (const term of terms(`${wanted} ${extraQuery}`)) query.add(term);
  return query;
}

/** The text a section's instructions ask for when the session said nothing about it. */
function emptyText(section: SectionSpec): string {
  return /write "([^"]{3,120})"/i.exec(section.instructions ?? '')?.[1] ?? NOT_DISCUSSED;
}

export function composeSection(section: SectionSpec, lines: TranscriptLine[], extraQuery = ''): ComposedSection {
  const bullets = section.format === 'bullets';
  const chosen = rankLines(sectionQuery(section, extraQuery), lines, bullets ? 5 : 3);
  if (chosen.length === 0) return { id: section.id, content: emptyText(section), evidence: [] };
  const sentences = chosen.map(sentenceFor);
  return {
    id: section.id,
    content: bullets ? sentences.map((s) => `- ${s}`).join('\n') : sentences.join(' '),
    evidence: chosen.map((l) => ({ segmentId: l.id, quote: l.text.trim().slice(0, 200) })),
  };
}

/** Applies an editing instruction in a way a reader can see: shorter, bullets, prose, add, remove. */
export function applyInstruction(content: string, instruction: string): string {
  const lower = instruction.toLowerCase();
  const sentences = content.split(/(?<=[.!?"])\s+|\n+/).map((s) => s.replace(/^- /, '').trim()).filter(Boolean);
  let out: string;
  const removal = /(?:remove|delete|omit|without|don't mention|do not mention)\s+(?:the\s+|any\s+)?(?:mention of\s+)?["']?([\p{L}\p{N} -]{2,40}?)["']?(?:[.,]|$)/iu.exec(instruction);
  const addition = /(?:add|include|mention)\s+(?:that\s+)?["']?(.{2,200}?)["']?\s*$/iu.exec(instruction);
  if (removal?.[1]) {
    const word = removal[1].toLowerCase().trim();
    out = sentences.filter((s) => !s.toLowerCase().includes(word)).join(' ') || 'Removed as asked.';
  } else if (addition?.[1]) {
    const added = addition[1].trim();
    out = `${content.trim()} ${added.charAt(0).toUpperCase()}${added.slice(1)}${/[.!?]$/.test(added) ? '' : '.'}`;
  } else if (/(short|concise|brief|summar|condense)/.test(lower)) {
    out = sentences.slice(0, Math.max(1, Math.ceil(sentences.length / 2))).join(' ');
  } else if (/bullet|list/.test(lower)) {
    out = sentences.map((s) => `- ${s}`).join('\n');
  } else if (/paragraph|prose/.test(lower)) {
    out = sentences.join(' ');
  } else if (/(formal|professional)/.test(lower)) {
    out = sentences.map((s) => s.replace(/\bdon't\b/gi, 'do not').replace(/\bcan't\b/gi, 'cannot')).join(' ');
  } else {
    out = `${content.trim()}\n(Edited as asked: ${instruction.trim()})`;
  }
  return out;
}
