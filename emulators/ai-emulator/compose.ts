// The note's words for a section nothing belongs in, and how a section saying only that is recognised: the
// contract's, as the app's prompts ask for them (its source: the emulators start before any build).
import { SIMULATED_NOTICE } from './sample-consultation.ts';
import { NOT_DISCUSSED, saysNothingDiscussed } from '../../contract/src/not-discussed.ts';
import { classify, covered, kindsNamed, ONLY, placeOf, sectionKinds, type Kind } from './note-routing.ts';
import { isNoteworthySpeech, isPleasantry, transcriptSentences, type NoteSentence } from './note-sentences.ts';
import type { SectionSpec, TranscriptLine } from './prompt.ts';

/**
 * The emulator's deterministic "writer": it picks the transcript lines most relevant to a section's title
 * and instructions (word overlap, with a small clinical synonym list) and composes the section from them,
 * citing them as evidence. Same request, same answer.
 */
const STOPWORDS = new Set(
  'a an and are as at be been but by do does for from had has have i if in into is it its me my no not of on or our so than that the their them then there these they this to was we were what when where which who will with you your yes any about how did just also only very can could would should patient clinician doctor tell'.split(' '),
);

const SYNONYMS: Record<string, string[]> = {
  subjective: ['complaint', 'symptom', 'feel', 'feeling', 'pain', 'cough', 'fever', 'history', 'since', 'day', 'week', 'started', 'breath', 'breathless', 'tired', 'sleep', 'mood'],
  complaint: ['cough', 'pain', 'fever', 'brings', 'problem'],
  history: ['since', 'ago', 'before', 'past', 'started'],
  objective: ['exam', 'examination', 'temperature', 'pressure', 'heart', 'lung', 'listen', 'vital', 'pulse', 'clear', 'normal', 'breath', 'oxygen', 'saturation'],
  examination: ['exam', 'temperature', 'pressure', 'heart', 'lung', 'listen', 'clear', 'normal'],
  assessment: ['diagnosis', 'likely', 'think', 'impression', 'probably', 'infection', 'viral', 'sounds'],
  // Words of actions agreed (not "start" or "take", which every history uses: "it started", "I take").
  plan: ['plan', 'prescribe', 'return', 'test', 'order', 'refer', 'referral', 'rest', 'fluid', 'antibiotic', 'physiotherapy', 'instead', 'keep', 'continue', 'switch', 'see', 'week', 'emergency', 'follow-up', 'bring', 'advise', 'recommend', 'gel', 'ray', 'avoid', 'stop'],
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

/** A question's or a title's words, with the clinical synonyms of the words that have them. */
export function queryTerms(text: string): Set<string> {
  const base = terms(text);
  const expanded = new Set(base);
  for (const word of text.toLowerCase().split(/[^\p{L}]+/u)) for (const s of SYNONYMS[word] ?? SYNONYMS[stem(word)] ?? []) expanded.add(stem(s));
  return expanded;
}

/** Terms a section's title names itself ("plan" for Plan): a line saying them outranks one matching only synonyms. */
export function titleTerms(text: string): Set<string> {
  return new Set(terms(text));
}

// --- Transcript lines as note material --------------------------------------------------------------------

/** Sentences of plain transcript text (no quotation handling: transcripts carry none of ours). */
function plainSentences(text: string): string[] {
  return text.split(/(?<=[.!?])\s+/).map((x) => x.trim()).filter(Boolean);
}

/**
 * What a line says that belongs in a note: its sentences without pleasantries and without questions (a
 * question is not a finding; its answer is). Empty when nothing is left. Sentences are the transcript's own
 * words, so a quote built from them is still verbatim.
 */
export function noteworthy(text: string): string {
  return plainSentences(text.replace(SIMULATED_NOTICE, ''))
    .filter(isNoteworthySpeech)
    .join(' ');
}

const isQuestionOnly = (text: string) => {
  const sentences = plainSentences(text.replace(SIMULATED_NOTICE, '')).filter((x) => !isPleasantry(x));
  return sentences.length > 0 && sentences.every((x) => x.endsWith('?'));
};

/** Who a section or question is mostly about: the patient's account, or the clinician's findings and decisions. */
export function speakerBias(text: string): 'clinician' | 'patient' | null {
  if (/plan|assess|impression|diagnos|exam|objective|finding|vital|next step|follow.?up|advice|recommend|treatment|management/i.test(text)) return 'clinician';
  if (/subjective|complaint|symptom|history|allerg|feel|pain|report|social|concern/i.test(text)) return 'patient';
  return null;
}

interface RankOptions {
  /** Terms the title or question names itself: worth three synonyms. */
  strong?: Set<string>;
  /** Lines of this speaker win ties against the other's. */
  prefer?: 'clinician' | 'patient' | null;
}

/**
 * The lines most about `query`, in transcript order. Only what a note may quote counts (noteworthy): the
 * returned lines carry that text. Ties go to the preferred speaker, then to the earlier line.
 */
export function rankLines(query: Set<string>, lines: (TranscriptLine & { context?: string })[], max: number, options: RankOptions = {}): TranscriptLine[] {
  const scored = lines
    .map(({ context, ...line }, order) => ({ line: { ...line, text: noteworthy(line.text) }, context: context ?? '', order }))
    .filter(({ line }) => line.text !== '')
    .map(({ line, context, order }) => {
      const words = terms(`${context} ${line.text}`);
      const score = words.filter((t) => query.has(t)).length + 2 * words.filter((t) => options.strong?.has(t)).length;
      return { line, order, score: score === 0 ? 0 : score + (options.prefer && line.speaker === options.prefer ? 2 : 0) };
    })
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, max);
  return scored.sort((a, b) => a.order - b.order).map((s) => s.line);
}

/**
 * Lines that answer a question: a clinician's question that matches (a question cannot be quoted) stands
 * for the answer after it, so "Any allergies?" finds "Only penicillin.", not the question.
 */
export function answerLines(query: Set<string>, lines: TranscriptLine[], max: number, options: RankOptions = {}): TranscriptLine[] {
  const exchanges = lines.map((line, i) => {
    const previous = lines[i - 1];
    // The answer is found by its question's words too, and quoted in its own words.
    return previous && isQuestionOnly(previous.text) && previous.speaker !== line.speaker ? { ...line, context: previous.text } : line;
  });
  return rankLines(query, exchanges, max, options);
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

/**
 * The text a section's instructions ask for when the session said nothing about it ("If none were
 * mentioned, write "Not discussed.""), else the system instruction's "Not discussed in this session.".
 * A phrase the instructions allow only when it was said ("Write "No known allergies" only when the patient
 * said so") is a statement, never what an empty section says.
 */
function emptyText(section: SectionSpec): string {
  for (const m of (section.instructions ?? '').matchAll(/write "([^"]{3,120})"([^.;]*)/gi)) {
    if (!/^\s*only\b/i.test(m[2]!)) return m[1]!;
  }
  return NOT_DISCUSSED;
}

// What a section's own instructions may ask of its form, beyond its format: custom instructions
// ("as a bulleted list", "keep it brief", "more formal") take effect where the emulator can follow them.
const ASKS_BULLETS = /\b(?:as|in|use|with|write it as|make it)\s+(?:an?\s+)?(?:bullet(?:ed)?(?:\s*(?:points?|list))?|list)\b/i;
const ASKS_PROSE = /\b(?:as|in|write it as)\s+(?:a\s+)?(?:paragraph|prose)\b/i;
const ASKS_BRIEF = /\bkeep it (?:brief|short)\b|\bbe (?:brief|concise)\b|\b(?:only|just) one sentence\b|^\s*(?:in )?one sentence\b|\bat most (?:one|two|three|\d) (?:sentences?|bullets?|lines?|items?)\b/i;
const ASKS_FORMAL = /\b(?:more |very )?formal\b|\bprofessional (?:tone|register|language)\b/i;

/**
 * A section written alone (regenerated, customised) does not know the template's other sections: it is
 * routed as if the usual ones were beside it, so a regenerated Subjective takes what the whole note's
 * Subjective took and not the examination, which would have gone to an Objective.
 */
const USUAL_COMPANIONS: readonly (readonly Kind[])[] = [['complaint', 'history'], ['exam', 'results'], ['assessment'], ['plan', 'followup', 'safety']];

/**
 * A note: every sentence of the transcript in the one section it belongs to (note-routing.ts), in
 * transcript order; a section nothing fits says it was not discussed. Sections whose titles name no kind
 * the emulator knows ("Goals", "Knee") take the sentences that say their words.
 */
export function composeNote(sections: readonly SectionSpec[], lines: readonly TranscriptLine[]): ComposedSection[] {
  return routeAndCompose(sections, lines, sections.map(sectionKinds));
}

/** One section alone, as the whole note would have written it (see USUAL_COMPANIONS). */
export function composeSection(section: SectionSpec, lines: readonly TranscriptLine[]): ComposedSection {
  const kinds = sectionKinds(section);
  const taken = new Set(kinds.flatMap(covered));
  const companions = USUAL_COMPANIONS.map((usual) => usual.filter((k) => !taken.has(k)));
  return routeAndCompose([section], lines, [kinds, ...companions])[0]!;
}

function routeAndCompose(sections: readonly SectionSpec[], lines: readonly TranscriptLine[], kindsBySection: readonly (readonly Kind[])[]): ComposedSection[] {
  const sentences = transcriptSentences(lines);
  const kinds = classify(sentences);
  const byWords = sections.map((section, i) => (kindsBySection[i]!.length === 0 ? { strong: titleTerms(section.title), query: sectionQuery(section) } : null));
  const chosen: NoteSentence[][] = sections.map(() => []);
  sentences.forEach((sentence, i) => {
    const kind = kinds[i] ?? null;
    // A section named for its topic ("Knee") takes what is said of it, unless a section takes that kind of
    // sentence by name: "for the knee, start diclofenac" still goes to the Plan.
    const namedFor = kind !== null && kindsBySection.some((taken) => taken.flatMap(covered).includes(kind));
    const target = (namedFor ? null : placeByWords(sentence, byWords)) ?? (kind ? placeOf(kind, kindsBySection) : null);
    if (target !== null && target < sections.length) chosen[target]!.push(sentence);
  });
  const segmentText = new Map(lines.map((l) => [l.id, l.text.replace(/\s+/g, ' ')]));
  return sections.map((section, i) => writeSection(section, narrowed(section, chosen[i]!), segmentText));
}

/** The section without kinds whose title (worth two) or instructions say most of the sentence's words. */
function placeByWords(sentence: NoteSentence, byWords: readonly ({ strong: Set<string>; query: Set<string> } | null)[]): number | null {
  const words = terms(sentence.text);
  let best: { index: number; score: number } | null = null;
  byWords.forEach((section, index) => {
    if (!section) return;
    const strong = words.filter((w) => section.strong.has(w)).length;
    const score = 2 * strong + words.filter((w) => section.query.has(w)).length;
    if ((strong > 0 || score >= 2) && (!best || score > best.score)) best = { index, score };
  });
  return (best as { index: number } | null)?.index ?? null;
}

/**
 * Instructions that open with "Only the temperature and the lungs": of a section's sentences, those that
 * say the words asked for (all, if none do). "Only the medications" narrowed the kinds already (sectionKinds).
 */
function narrowed(section: SectionSpec, sentences: NoteSentence[]): NoteSentence[] {
  const only = ONLY.exec(section.instructions ?? '');
  if (!only || kindsNamed(only[1]!).length > 0) return sentences;
  const asked = new Set(terms(only[1]!));
  const saying = sentences.filter((s) => terms(s.text).some((w) => asked.has(w)));
  return saying.length > 0 ? saying : sentences;
}

function attribution(s: NoteSentence): string {
  if (s.voice === 'patient') return 'Patient reports';
  if (s.voice === 'clinician') return 'Clinician notes';
  return `${s.speaker.charAt(0).toUpperCase()}${s.speaker.slice(1)} says`;
}

/**
 * A section's items: what was said is quoted and attributed, a segment's consecutive sentences in one quote
 * (`Patient reports: "No fever, no redness. Just the one knee."`); what was typed is written as it stands,
 * a sentence an item.
 */
function itemsOf(sentences: readonly NoteSentence[]): NoteSentence[][] {
  const items: NoteSentence[][] = [];
  for (const s of sentences) {
    const last = items[items.length - 1]?.at(-1);
    const continues = last && s.voice !== 'note' && last.voice === s.voice && last.segmentId === s.segmentId && last.order === s.order - 1;
    if (continues) items[items.length - 1]!.push(s);
    else items.push([s]);
  }
  return items;
}

const itemText = (item: readonly NoteSentence[]) => (item[0]!.voice === 'note' ? item[0]!.text : `${attribution(item[0]!)}: "${item.map((s) => s.quote).join(' ')}"`);

/** Each cited segment once, in transcript order, quoting the sentences taken from it ("…" where some were left out). */
function evidenceOf(sentences: readonly NoteSentence[], segmentText: Map<string, string>): ComposedSection['evidence'] {
  const quotes = new Map<string, string>();
  for (const s of sentences) {
    const before = quotes.get(s.segmentId);
    // A quote is cut to 200 characters: once it is that long, what follows would be cut anyway.
    if (before !== undefined && before.length >= 200) continue;
    const joined = before === undefined ? s.quote : `${before} ${s.quote}`;
    quotes.set(s.segmentId, before === undefined || segmentText.get(s.segmentId)?.includes(joined) ? joined : `${before} … ${s.quote}`);
  }
  return [...quotes].map(([segmentId, quote]) => ({ segmentId, quote: quote.slice(0, 200) }));
}

function writeSection(section: SectionSpec, sentences: readonly NoteSentence[], segmentText: Map<string, string>): ComposedSection {
  if (sentences.length === 0) return { id: section.id, content: emptyText(section), evidence: [] };
  const instructions = section.instructions ?? '';
  const bullets = ASKS_BULLETS.test(instructions) || (section.format === 'bullets' && !ASKS_PROSE.test(instructions));
  let items = itemsOf(sentences);
  // "Keep it brief": the first item only, and only its sentences as evidence.
  if (ASKS_BRIEF.test(instructions)) items = items.slice(0, 1);
  let texts = items.map(itemText);
  if (ASKS_FORMAL.test(instructions)) texts = texts.map((x) => formalize(x) ?? x);
  return {
    id: section.id,
    content: bullets ? texts.map((x) => `- ${x}`).join('\n') : texts.join(' '),
    evidence: evidenceOf(items.flat(), segmentText),
  };
}

// --- Editing instructions ---------------------------------------------------------------------------------

/**
 * The parts of a note's text an edit works on: its bullet lines, or its sentences. A sentence never ends
 * inside a quotation, so `Patient reports: "No chest pain. Some swelling."` stays one.
 */
export function splitSentences(text: string): string[] {
  const out: string[] = [];
  for (const rawLine of text.split(/\n+/)) {
    const line = rawLine.replace(/^\s*[-*•]\s+/, '').trim();
    let current = '';
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      const c = line[i]!;
      current += c;
      if (c === '"') quoted = !quoted;
      else if (c === '“') quoted = true;
      else if (c === '”') quoted = false;
      const closesQuote = (c === '"' || c === '”') && !quoted && /[.!?…]/.test(line[i - 1] ?? '');
      const ends = !quoted && (/[.!?]/.test(c) || closesQuote);
      if (ends && (i + 1 === line.length || line[i + 1] === ' ')) {
        out.push(current.trim());
        current = '';
      }
    }
    if (current.trim()) out.push(current.trim());
  }
  return out.filter(Boolean);
}

interface NoteText {
  items: string[];
  bullets: boolean;
}

const EMULATOR_NOTICE = /^\[The local AI emulator [^\]]*\]\s*/;

function parseText(content: string): NoteText {
  const text = content.replace(EMULATOR_NOTICE, '').trim();
  const lines = text.split(/\n+/).map((l) => l.trim()).filter(Boolean);
  const bullets = lines.length > 0 && lines.every((l) => /^[-*•]\s+/.test(l));
  return { items: bullets ? lines.map((l) => l.replace(/^[-*•]\s+/, '')) : splitSentences(text), bullets };
}

const render = ({ items, bullets }: NoteText) => (bullets ? items.map((x) => `- ${x}`).join('\n') : items.join(' '));

/**
 * What the emulator says when it cannot follow an instruction: the text stays as it was, and says why in
 * brackets (the instruction itself is never written into the note).
 */
export function cannot(reason: string, content: string): string {
  const text = content.replace(EMULATOR_NOTICE, '').trim();
  return `[The local AI emulator cannot ${reason}; the text is unchanged.]\n${text}`;
}

export const isUnchangedNotice = (content: string) => EMULATOR_NOTICE.test(content);

const FORMAL_WORDS: [RegExp, string][] = [
  [/^Patient reports:/, 'The patient reported:'],
  [/^Clinician notes:/, 'The clinician stated:'],
  [/^([A-Z][\p{L} -]{0,30}) says:/u, '$1 stated:'],
  [/\bdon't\b/gi, 'do not'],
  [/\bdoesn't\b/gi, 'does not'],
  [/\bdidn't\b/gi, 'did not'],
  [/\bcan't\b/gi, 'cannot'],
  [/\bwon't\b/gi, 'will not'],
  [/\bisn't\b/gi, 'is not'],
  [/\baren't\b/gi, 'are not'],
  [/\bit's\b/gi, 'it is'],
  [/\bI'm\b/g, 'I am'],
  [/\ba bit\b/gi, 'slightly'],
  [/\ba lot of\b|\blots of\b/gi, 'considerable'],
  [/\bkids\b/gi, 'children'],
  [/\btummy\b/gi, 'abdomen'],
  [/\bpt\b/g, 'patient'],
];

/** More formal wording outside quotations (a quote stays verbatim); null when nothing would change. */
export function formalize(item: string): string | null {
  const parts = item.split(/("[^"]*"|“[^”]*”)/);
  const out = parts.map((part) => (/^["“]/.test(part) ? part : FORMAL_WORDS.reduce((text, [pattern, replacement]) => text.replace(pattern, replacement), part))).join('');
  return out === item ? null : out;
}

/** One item, shorter: the first sentence of its quotation, or its first clause, marked with an ellipsis. */
function shortenItem(item: string): string | null {
  const quoted = /^(.*?)"([^"]*)"(.*)$/.exec(item);
  const [prefix, inner, suffix] = quoted ? [quoted[1]!, quoted[2]!, quoted[3]!] : ['', item, ''];
  const sentences = plainSentences(inner);
  let shorter: string | null = null;
  if (sentences.length > 1) shorter = `${sentences[0]!.replace(/[.!?]$/, '')} …`;
  else {
    const words = inner.split(/\s+/);
    const comma = inner.indexOf(',', inner.split(/\s+/).slice(0, 4).join(' ').length);
    if (words.length > 12 && comma > 0) shorter = `${inner.slice(0, comma)} …`;
  }
  if (!shorter) return null;
  return quoted ? `${prefix}"${shorter}"${suffix}` : shorter;
}

export interface Addition {
  text: string;
  /** The section title the instruction names ("to the plan section"), when it names one. */
  target: string | null;
}

/**
 * "add that the patient is a non-smoker", "include X in the plan", "add X to section Plan". A target is
 * read only as one of the note's section titles, or with the word "section", so "add that she walks to
 * work" adds the whole sentence.
 */
export function parseAddition(instruction: string, titles: readonly string[]): Addition | null {
  const m = /^\s*(?:please\s+)?(?:add|include|mention|note)\s+(?:that\s+)?(.+?)\s*[.!]?\s*$/is.exec(instruction);
  if (!m) return null;
  let text = m[1]!.trim().replace(/^["'“]|["'”]$/g, '');
  let target: string | null = null;
  const named = /^(.*)\s+(?:to|in|into|under)\s+(?:the\s+)?(?:section\s+["'“]?([^"'”]+?)["'”]?|["'“]?([^"'”]+?)["'”]?\s+section|["'“]?([^"'”]+?)["'”]?)$/is.exec(text);
  if (named) {
    const explicit = named[2] ?? named[3];
    const candidate = (explicit ?? named[4] ?? '').trim();
    const title = titles.find((t) => t.toLowerCase() === candidate.toLowerCase());
    if (title || explicit) {
      target = title ?? candidate;
      text = named[1]!.trim().replace(/^["'“]|["'”]$/g, '');
    }
  }
  return text.length >= 2 ? { text, target } : null;
}

/** Adds a sentence to a section's text: as a bullet in a list, replacing "not discussed", else at the end. */
export function addTo(content: string, added: string): string {
  const sentence = `${added.charAt(0).toUpperCase()}${added.slice(1)}${/[.!?]$/.test(added) ? '' : '.'}`;
  const note = parseText(content);
  if (note.items.length === 0 || saysNothingDiscussed(note.items.join(' '))) return sentence;
  return render({ items: [...note.items, sentence], bullets: note.bullets });
}

const WANTS_SHORTER = /\b(short|shorter|shorten|concise|brief|briefer|summar|condense|trim)/i;
const WANTS_BULLETS = /\bbullet|\blist\b/i;
const WANTS_PROSE = /\bparagraph|\bprose\b/i;
const WANTS_FORMAL = /\b(formal|professional)/i;
const REMOVAL = /(?:remove|delete|omit|without|don't mention|do not mention)\s+(?:the\s+|any\s+)?(?:mention of\s+)?["']?([\p{L}\p{N} -]{2,40}?)["']?(?:[.,]|$)/iu;

/**
 * Applies an editing instruction so the change shows: remove, add, shorter, bullet points, paragraph, more
 * formal (combined when asked together). Anything else, or a change that would do nothing, leaves the text
 * as it was and says so (`cannot`); the instruction is never pasted into the note.
 * `titles` are the note's section titles (an addition may name one); `sectionTitle` is the section at hand.
 */
export function applyInstruction(content: string, instruction: string, sectionTitle?: string, titles: readonly string[] = sectionTitle ? [sectionTitle] : []): string {
  const note = parseText(content);
  const removal = REMOVAL.exec(instruction);
  if (removal?.[1]) {
    const word = removal[1].toLowerCase().trim();
    const kept = note.items.filter((x) => !x.toLowerCase().includes(word));
    if (kept.length === note.items.length) return cannot('find anything this instruction asks to remove', content);
    return kept.length > 0 ? render({ ...note, items: kept }) : NOT_DISCUSSED;
  }
  const addition = parseAddition(instruction, titles);
  if (addition) {
    if (addition.target && sectionTitle && addition.target.toLowerCase() !== sectionTitle.toLowerCase()) {
      return cannot(`add to another section from here (edit that section, or the whole note)`, content);
    }
    return addTo(content, addition.text);
  }
  let out = note;
  let changed = false;
  const reasons: string[] = [];
  if (WANTS_SHORTER.test(instruction)) {
    if (out.items.length > 1) {
      out = { ...out, items: out.items.slice(0, Math.ceil(out.items.length / 2)) };
      changed = true;
    } else {
      const shorter = out.items[0] ? shortenItem(out.items[0]) : null;
      if (shorter) {
        out = { ...out, items: [shorter] };
        changed = true;
      } else reasons.push('make one short sentence shorter');
    }
  }
  if (WANTS_BULLETS.test(instruction)) {
    if (!out.bullets) {
      out = { ...out, bullets: true };
      changed = true;
    } else if (!changed) reasons.push('make bullet points of what is already a bulleted list');
  } else if (WANTS_PROSE.test(instruction)) {
    if (out.bullets) {
      out = { ...out, bullets: false };
      changed = true;
    } else if (!changed) reasons.push('make a paragraph of what is already one');
  }
  if (WANTS_FORMAL.test(instruction)) {
    const formal = out.items.map((x) => formalize(x));
    if (formal.some((x) => x !== null)) {
      out = { ...out, items: out.items.map((x, i) => formal[i] ?? x) };
      changed = true;
    } else if (!changed) reasons.push('find informal wording to make more formal outside the quotations');
  }
  if (changed) return render(out);
  return cannot(reasons[0] ?? 'follow this instruction (it follows: shorter, bullet points, paragraph, more formal, add …, remove …)', content);
}
