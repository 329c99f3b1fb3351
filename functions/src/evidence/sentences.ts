/**
 * The sentences of a section's text, with their offsets in it: each line on its own (a bullet's marker
 * "- ", "• ", "* " or "1. " left out), split at sentence ends. Abbreviations do not end a sentence: titles
 * ("Dr.", "Mrs."), dotted ones ("q.d.", "b.i.d.", "e.g.") and units ("mg.") unless a capital letter
 * follows; decimals ("37.4") have no space after the point and never split.
 */

export interface SentenceSpan {
  text: string;
  start: number;
  end: number;
}

/** Never the end of a sentence: a name or a word follows. */
const TITLES = new Set(['dr', 'mr', 'mrs', 'ms', 'prof', 'st', 'vs', 'approx', 'appt', 'fig', 'no', 'nos', 'ref', 'dept', 'jr', 'sr', 'e.g', 'i.e', 'cf', 'viz', 'incl', 'est']);
/** End a sentence only when a capital letter starts the next word ("20 mg. daily" goes on; "20 mg. He" ends). */
const UNIT_ABBREVIATIONS = new Set(['mg', 'mcg', 'ml', 'kg', 'cm', 'mm', 'g', 'lb', 'lbs', 'oz', 'hr', 'hrs', 'min', 'mins', 'sec', 'wk', 'wks', 'mo', 'mos', 'yr', 'yrs', 'tab', 'tabs', 'cap', 'caps', 'etc', 'approx', 'inc', 'pt', 'pts', 'hx', 'dx', 'tx', 'rx', 'sx', 'q', 'po', 'prn', 'qd', 'bid', 'tid', 'qid', 'qhs', 'am', 'pm']);
const BULLET = /^(\s*)(?:[-•*–▪◦]|\d{1,2}[.)])\s+/u;

export function splitSentences(content: string): SentenceSpan[] {
  const sentences: SentenceSpan[] = [];
  let lineStart = 0;
  for (const line of content.split('\n')) {
    const bullet = BULLET.exec(line);
    const from = bullet ? bullet[0].length : 0;
    for (const span of splitLine(line, from)) {
      sentences.push({ text: span.text, start: lineStart + span.start, end: lineStart + span.end });
    }
    lineStart += line.length + 1;
  }
  return sentences;
}

function splitLine(line: string, from: number): SentenceSpan[] {
  const spans: SentenceSpan[] = [];
  let start = from;
  const ends = /[.!?]+["')\]]*(?=\s+)/g;
  ends.lastIndex = from;
  for (let m = ends.exec(line); m; m = ends.exec(line)) {
    const endsAt = m.index + m[0].length;
    if (m[0].startsWith('.') && !endsSentence(line, m.index, endsAt)) continue;
    push(spans, line, start, endsAt);
    start = endsAt;
  }
  push(spans, line, start, line.length);
  return spans;
}

/** Whether the period at `dot` ends a sentence, from the word before it and the one after. */
function endsSentence(line: string, dot: number, after: number): boolean {
  const before = /([A-Za-z.]+)$/.exec(line.slice(0, dot))?.[1] ?? '';
  const word = before.toLowerCase().replace(/^\.+/, '');
  const next = /^\s+(\S)/.exec(line.slice(after))?.[1] ?? '';
  const capitalNext = /[A-Z0-9"'(•-]/.test(next);
  if (TITLES.has(word)) return false;
  // A single capital ("J. Smith"): an initial.
  if (/^[A-Z]$/.test(before)) return false;
  // Dotted abbreviations ("q.d.", "b.i.d.", "a.m.") and units end a sentence only before a capital.
  if (word.includes('.') || UNIT_ABBREVIATIONS.has(word)) return capitalNext;
  return true;
}

function push(spans: SentenceSpan[], line: string, start: number, end: number): void {
  const raw = line.slice(start, end);
  const leading = raw.length - raw.trimStart().length;
  const text = raw.trim();
  if (text === '') return;
  spans.push({ text, start: start + leading, end: start + leading + text.length });
}
