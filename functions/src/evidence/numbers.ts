/**
 * Numbers with their units, as a note writes them ("lisinopril 20 mg", "BP 120/80", "1+ edema", "b.i.d.",
 * "for about 5 weeks") and as speech says them ("twenty milligrams", "one twenty over eighty", "twice a day",
 * "five weeks"). Both come out as the same values and units, so the check can ask whether the transcript
 * says the note's number.
 */
import { tokenize, type Token } from './text.js';

export interface NumberMention {
  /** The value as read; `alternatives` holds every reading (speech's "one twenty" is 120, or 1 and 20). */
  value: number;
  alternatives: number[];
  /** Numbers written as one ("120/80", "3/6", "8:30", "10/12/2023"): each part must be said. */
  parts: number[] | null;
  /** Canonical unit ("mg", "%", "year", "/day"...), null when none follows. */
  unit: string | null;
  /** Offsets in the analysed text: the number and its unit. */
  start: number;
  end: number;
  /** Offsets of the number alone (what a changed dose changes). */
  numberStart: number;
  numberEnd: number;
  /** Spelled out in words ("twenty-five") rather than digits. */
  inWords: boolean;
}

const SMALL: Readonly<Record<string, number>> = {
  zero: 0, oh: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19,
};
const TENS: Readonly<Record<string, number>> = { twenty: 20, thirty: 30, forty: 40, fourty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 };
const SCALES: Readonly<Record<string, number>> = { hundred: 100, thousand: 1000, million: 1_000_000 };
const FRACTIONS: Readonly<Record<string, number>> = { half: 0.5, quarter: 0.25, third: 1 / 3 };
const ORDINALS: Readonly<Record<string, number>> = {
  first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8, ninth: 9, tenth: 10, eleventh: 11,
  twelfth: 12, thirteenth: 13, fourteenth: 14, fifteenth: 15, sixteenth: 16, seventeenth: 17, eighteenth: 18, nineteenth: 19,
  twentieth: 20, thirtieth: 30,
};
const MONTH_NUMBERS: Readonly<Record<string, number>> = Object.fromEntries(
  ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'].map((m, n) => [m, n + 1]),
);
const MONTHS = new Set(['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december', 'jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec']);

/** Unit spellings, as sequences of lower-cased tokens, with their canonical unit (longest spellings first). */
const UNIT_SPELLINGS: readonly (readonly [string[], string])[] = (
  [
    [['millimeters', 'of', 'mercury'], 'mmhg'],
    [['beats', 'per', 'minute'], 'bpm'],
    [['beats', 'a', 'minute'], 'bpm'],
    [['breaths', 'per', 'minute'], '/min'],
    [['milligrams', 'per', 'deciliter'], 'mg/dl'],
    [['mg', '/', 'dl'], 'mg/dl'],
    [['mg', '/', 'kg'], 'mg/kg'],
    [['mmol', '/', 'l'], 'mmol/l'],
    [['mm', 'hg'], 'mmhg'],
    [['per', 'cent'], '%'],
    [['years', 'old'], 'year'],
    [['year', 'old'], 'year'],
    [['months', 'old'], 'month'],
    [['month', 'old'], 'month'],
    [['weeks', 'old'], 'week'],
    [['days', 'old'], 'day'],
    ...[
      ['mg', 'mgs', 'milligram', 'milligrams', 'milligramme', 'milligrammes', 'mg.'],
      ['mcg', 'mcgs', 'microgram', 'micrograms', 'µg', 'ug'],
      ['g', 'gm', 'gram', 'grams'],
      ['kg', 'kgs', 'kilo', 'kilos', 'kilogram', 'kilograms'],
      ['lb', 'lbs', 'pound', 'pounds'],
      ['ml', 'mls', 'milliliter', 'milliliters', 'millilitre', 'millilitres', 'cc', 'ccs'],
      ['l', 'liter', 'liters', 'litre', 'litres'],
      ['unit', 'units', 'iu'],
      ['meq'],
      ['mmol'],
      ['%', 'percent', 'pct'],
      ['mmhg'],
      ['bpm'],
      ['degree', 'degrees', '°', 'fahrenheit', 'celsius', 'f'],
      ['cm', 'centimeter', 'centimeters', 'centimetre', 'centimetres'],
      ['mm', 'millimeter', 'millimeters', 'millimetre', 'millimetres'],
      ['inch', 'inches', 'in'],
      ['foot', 'feet', 'ft'],
      ['year', 'years', 'yr', 'yrs', 'yo'],
      ['month', 'months', 'mo', 'mos'],
      ['week', 'weeks', 'wk', 'wks'],
      ['day', 'days'],
      ['hour', 'hours', 'hr', 'hrs', 'h'],
      ['minute', 'minutes', 'min', 'mins'],
      ['second', 'seconds', 'sec', 'secs'],
      ['tablet', 'tablets', 'tab', 'tabs', 'pill', 'pills', 'capsule', 'capsules', 'cap', 'caps'],
      ['puff', 'puffs'],
      ['times', 'x'],
      ['+', 'plus'],
      ['cigarette', 'cigarettes'],
      ['pack', 'packs'],
      ['drink', 'drinks', 'beer', 'beers', 'glass', 'glasses'],
      ['episode', 'episodes'],
    ].flatMap((spellings) => spellings.map((s): [string[], string] => [[s], canonicalOf(spellings[0]!)])),
  ] as [string[], string][]
).sort((a, b) => b[0].length - a[0].length);

function canonicalOf(first: string): string {
  const renamed: Record<string, string> = { cigarette: 'cigarette', drink: 'drink', '+': '+', times: 'times', degree: 'degree' };
  return renamed[first] ?? first;
}

/** The canonical unit of a spelling ("milligrams" -> "mg"), or null if it is none. */
export function canonicalUnit(spelling: string): string | null {
  const lower = spelling.toLowerCase();
  return UNIT_SPELLINGS.find(([tokens]) => tokens.length === 1 && tokens[0] === lower)?.[1] ?? null;
}

/** Per-day and per-week frequencies, in words and in Latin abbreviations. */
const FREQUENCY_COUNT: Readonly<Record<string, number>> = { once: 1, twice: 2, thrice: 3 };
const FREQUENCY_ABBREVIATIONS: readonly (readonly [RegExp, number, string])[] = [
  [/\bq\.?\s?d\b\.?/giu, 1, '/day'],
  [/\bb\.?\s?i\.?\s?d\b\.?/giu, 2, '/day'],
  [/\bt\.?\s?i\.?\s?d\b\.?/giu, 3, '/day'],
  [/\bq\.?\s?i\.?\s?d\b\.?/giu, 4, '/day'],
  [/\bq\.?\s?h\.?\s?s\b\.?/giu, 1, '/day'],
];
const PERIOD_UNIT: Readonly<Record<string, string>> = { day: '/day', daily: '/day', night: '/day', nightly: '/day', week: '/week', weekly: '/week', month: '/month', monthly: '/month', year: '/year', yearly: '/year', hour: '/hour' };
/** Speech's "a day" ("twenty milligrams a day") and "daily" alone: once a day, but no fact of their own in a note. */
const IMPLICIT_ONCE = /\b(?:daily|every day|a day|per day|each day|every morning|every night|every evening|nightly|at night|at bedtime)\b/giu;

/**
 * Every number in `text` with its unit. `implicit` reads text as speech, for the transcript: it adds the
 * frequencies speech implies without a number ("a day", "daily", which support a note's "once daily"; a
 * note's bare "daily" is no fact to check on its own), ordinal words ("the third finger") and month names
 * ("february of 2020" for a note's "02/2020").
 */
export function numberMentions(text: string, options: { implicit?: boolean } = {}): NumberMention[] {
  const tokens = tokenize(text);
  const numbers: NumberMention[] = [];
  for (let i = 0; i < tokens.length; ) {
    const parsed = parseNumberAt(tokens, i, options.implicit ?? false);
    if (!parsed) {
      i++;
      continue;
    }
    numbers.push(parsed.mention);
    i = parsed.next;
  }
  // A frequency that is only a number's unit ("eighty beats a minute": "a minute") is that number's, not a
  // "once a minute" of its own, which would take the 80 away.
  const frequencies = frequencyMentions(text, tokens, options.implicit ?? false).filter((f) => !numbers.some((n) => n.numberEnd <= f.start && f.start < n.end));
  const inFrequency = (start: number, end: number) => frequencies.some((f) => start < f.end && f.start < end);
  const mentions: NumberMention[] = [...frequencies, ...numbers.filter((m) => !inFrequency(m.start, m.end))];
  mentions.sort((a, b) => a.start - b.start);
  // A range says its unit once: "six to eight hours", "2-3 times a day", "5 or 10 mg".
  for (let n = mentions.length - 2; n >= 0; n--) {
    const [first, second] = [mentions[n]!, mentions[n + 1]!];
    if (first.unit === null && second.unit !== null && /^\s*(?:-|–|to|or)\s*$/i.test(text.slice(first.end, second.numberStart))) mentions[n] = { ...first, unit: second.unit };
  }
  return mentions;
}

function frequencyMentions(text: string, tokens: readonly Token[], implicit: boolean): NumberMention[] {
  const found: NumberMention[] = [];
  const add = (start: number, end: number, value: number, unit: string, alternatives: readonly number[] = [value]) => {
    if (found.some((f) => start < f.end && f.start < end)) return;
    found.push({ value, alternatives: [...new Set([value, ...alternatives])], parts: null, unit, start, end, numberStart: start, numberEnd: end, inWords: true });
  };
  for (const [pattern, value, unit] of FREQUENCY_ABBREVIATIONS) {
    for (const m of text.matchAll(pattern)) add(m.index, m.index + m[0].length, value, unit);
  }
  // "once a day", "twice daily", "three times a week", "2 times per day", "every other day" is left as words.
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    let count: number | undefined = FREQUENCY_COUNT[t.lower];
    let alternatives: readonly number[] = [];
    let j = i + 1;
    if (count === undefined) {
      const parsed = parseNumberAt(tokens, i);
      if (!parsed || parsed.mention.unit !== 'times') continue;
      count = parsed.mention.value;
      // "four five times a week" is four or five times.
      alternatives = parsed.mention.alternatives;
      j = parsed.next;
    }
    const first = tokens[j];
    if (!first) continue;
    let unit = PERIOD_UNIT[first.lower];
    let end = first.end;
    if (!unit && ['a', 'an', 'per', 'each', 'every'].includes(first.lower)) {
      const period = tokens[j + 1];
      unit = period ? PERIOD_UNIT[period.lower] : undefined;
      end = period?.end ?? end;
    }
    if (unit && !['daily', 'weekly', 'monthly', 'yearly'].includes(first.lower) && ['day', 'week', 'month', 'year', 'night', 'hour'].includes(first.lower)) continue;
    if (unit) add(t.start, end, count, unit, alternatives);
  }
  if (implicit) for (const m of text.matchAll(IMPLICIT_ONCE)) add(m.index, m.index + m[0].length, 1, '/day');
  if (implicit) {
    // Speech's "in a month", "an hour", "see you next year": one of the unit.
    for (const m of text.matchAll(/\b(?:a|an|next|last|one)\s+(minute|hour|day|week|month|year)\b(?![\s-]+and[\s-]+a[\s-]+half)/giu)) {
      add(m.index, m.index + m[0].length, 1, canonicalUnit(m[1]!)!);
    }
    // "'21" for 2021.
    for (const m of text.matchAll(/'(\d\d)\b/gu)) add(m.index, m.index + m[0].length, 2000 + Number(m[1]), 'year', [2000 + Number(m[1]), 1900 + Number(m[1])]);
  }
  // "an hour and a half", "a (tough) year-and-a-half": one and a half of the unit.
  for (const m of text.matchAll(/\b(?:(?:a|an|one)[\s-]+)?(hour|day|week|month|year)[\s-]+and[\s-]+a[\s-]+half\b/giu)) add(m.index, m.index + m[0].length, 1.5, canonicalUnit(m[1]!)!);
  return found;
}

/** A number starting at token `i` (digits or words) with the unit after it, or null. */
function parseNumberAt(tokens: readonly Token[], i: number, spoken = false): { mention: NumberMention; next: number } | null {
  const t = tokens[i]!;
  const previous = tokens[i - 1];
  if (t.kind === 'number') {
    // Glued to letters ("B12", "COVID-19", "L4-L5", "T2"), or the end of a range of such names ("C5-6"):
    // a name, not a quantity.
    if (previous && previous.end === t.start && (previous.kind === 'word' || (previous.text === '-' && isNameEnd(tokens, i - 2, previous.start)))) return null;
    const next = tokens[i + 1];
    if (next && next.start === t.end && next.kind === 'word' && !canonicalUnit(next.lower) && !/^(st|nd|rd|th|s)$/.test(next.lower)) return null;
    const digits = parseDigits(t.lower);
    if (!digits) return null;
    let unit = digits.unit;
    let end = t.end;
    let nextIndex = i + 1;
    if (!unit) {
      const u = unitAt(tokens, i + 1, t.end);
      if (u) ({ unit, end, next: nextIndex } = { unit: u.unit, end: u.end, next: u.next });
    }
    return {
      mention: { value: digits.value, alternatives: [digits.value], parts: digits.parts, unit, start: t.start, end, numberStart: t.start, numberEnd: t.end, inWords: false },
      next: nextIndex,
    };
  }
  if (spoken && MONTH_NUMBERS[t.lower] !== undefined && t.lower !== 'may' && t.lower !== 'march') {
    // Speech says "february of 2020" where a note writes "02/2020".
    const value = MONTH_NUMBERS[t.lower]!;
    return { mention: { value, alternatives: [value], parts: null, unit: null, start: t.start, end: t.end, numberStart: t.start, numberEnd: t.end, inWords: true }, next: i + 1 };
  }
  return parseWordsAt(tokens, i, spoken);
}

/** Whether token `k` ends right at `at` and is a name with a number in it ("COVID", "C5", "L4"). */
function isNameEnd(tokens: readonly Token[], k: number, at: number): boolean {
  const t = tokens[k];
  if (!t || t.end !== at) return false;
  if (t.kind === 'word') return true;
  const before = tokens[k - 1];
  return t.kind === 'number' && before !== undefined && before.kind === 'word' && before.end === t.start;
}

function parseDigits(raw: string): { value: number; parts: number[] | null; unit: string | null } | null {
  let text = raw.replace(/(st|nd|rd|th)$/, '');
  let unit: string | null = null;
  if (text.endsWith('%')) {
    unit = '%';
    text = text.slice(0, -1);
  }
  if (text.endsWith('+')) {
    unit = unit ?? '+';
    text = text.slice(0, -1);
  }
  if (/[/:]/.test(text)) {
    const parts = text.split(/[/:]/).map(plainNumber);
    if (parts.some((p) => p === null)) return null;
    return { value: parts[0]!, parts: parts as number[], unit };
  }
  const value = plainNumber(text);
  return value === null ? null : { value, parts: null, unit };
}

/** "1,000" is a thousand; "1,5" (a decimal comma) reads as 1.5. */
function plainNumber(text: string): number | null {
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(text)) return Number(text.replace(/,/g, ''));
  if (/^\d+,\d{1,2}$/.test(text)) return Number(text.replace(',', '.'));
  const value = Number(text);
  return text !== '' && Number.isFinite(value) ? value : null;
}

/** The unit spelled from token `i` on (after at most one hyphen: "58-year-old"), if any. */
function unitAt(tokens: readonly Token[], i: number, numberEnd: number): { unit: string; end: number; next: number } | null {
  // The tokens after the number, hyphens left out ("58-year-old" reads as "58 year old"), with their indexes.
  const following: { token: Token; index: number }[] = [];
  for (let k = i; k < tokens.length && following.length < 3; k++) {
    if (tokens[k]!.text === '-' && k > 0 && tokens[k]!.start === tokens[k - 1]!.end) continue;
    following.push({ token: tokens[k]!, index: k });
  }
  for (const [spelling, unit] of UNIT_SPELLINGS) {
    const slice = following.slice(0, spelling.length);
    if (slice.length === spelling.length && slice.every((t, n) => t.token.lower === spelling[n])) {
      // One letter on its own ("5 f", "2 x") is a unit only right after the number.
      if (spelling.length === 1 && spelling[0]!.length === 1 && /[a-z]/.test(spelling[0]!) && slice[0]!.token.start - numberEnd > 1) return null;
      const lastOne = slice[slice.length - 1]!;
      return { unit, end: lastOne.token.end, next: lastOne.index + 1 };
    }
  }
  return null;
}

type WordKind = 'small' | 'teen' | 'tens' | 'scale' | 'fraction';

function wordKind(word: string): WordKind | null {
  if (word in SMALL) return SMALL[word]! >= 10 ? 'teen' : 'small';
  if (word in TENS) return 'tens';
  if (word in SCALES) return 'scale';
  if (word in FRACTIONS) return 'fraction';
  return null;
}

/**
 * Number words from token `i`: "one hundred", "twenty-five", "a half", "one and a half", "thirty seven point
 * four", "twelfth" beside a month. Words that cannot continue a number start another group, and speech's
 * run-together groups ("one twenty" for 120, "twenty nineteen" for 2019) are read both ways.
 */
function parseWordsAt(tokens: readonly Token[], i: number, spoken = false): { mention: NumberMention; next: number } | null {
  const first = tokens[i]!;
  const nearMonth = [-2, -1, 1, 2].some((d) => MONTHS.has(tokens[i + d]?.lower ?? ''));
  // In speech, ordinals count ("the third finger"); "first" and "second" only before what they count ("the
  // second metatarsal", not "a second", "first of all").
  const counted = tokens[i + 1];
  const commonOrdinal = (first.lower === 'first' || first.lower === 'second') && !(counted?.kind === 'word' && counted.lower.length > 3 && !canonicalUnit(counted.lower) && !['time', 'thing', 'things', 'visit'].includes(counted.lower) && !['of', 'and', 'off'].includes(counted.lower));
  if (first.lower in ORDINALS && ((spoken && !commonOrdinal) || (nearMonth && first.lower !== 'second'))) {
    const value = ORDINALS[first.lower]!;
    return { mention: { value, alternatives: [value], parts: null, unit: null, start: first.start, end: first.end, numberStart: first.start, numberEnd: first.end, inWords: true }, next: i + 1 };
  }
  // "a" starts a number only as "a hundred", "a half", "a quarter"; "oh" only inside one.
  if (first.lower === 'a') {
    const after = tokens[i + 1]?.lower ?? '';
    if (!(after in SCALES) && !(after in FRACTIONS && after !== 'third')) return null;
  } else if (first.lower === 'oh' || wordKind(first.lower) === null || first.lower === 'third') {
    return null;
  }
  const groups: number[][] = [[]]; // the words' values per group
  let total = 0;
  let current = 0;
  let last: WordKind | null = null;
  let decimals: string | null = null;
  let article = false; // "a" just before ("a hundred", "a half")
  let joinedByAnd = false; // "and" just before ("one hundred and five", "one and a half")
  let end = first.end;
  let k = i;
  const groupValues: number[] = [];
  const closeGroup = () => {
    groupValues.push(total + current + (decimals ? Number(`0.${decimals}`) : 0));
    total = 0;
    current = 0;
    decimals = null;
    groups.push([]);
  };
  for (; k < tokens.length; k++) {
    const t = tokens[k]!;
    const w = t.lower;
    const after = tokens[k + 1]?.lower ?? '';
    if (t.text === '-' && last !== null && wordKind(after) !== null) continue;
    if (w === 'a' && (after in SCALES || (after in FRACTIONS && after !== 'third'))) {
      article = true;
      continue;
    }
    if (w === 'and' && last !== null && !article && !joinedByAnd) {
      const kindAfter = wordKind(after);
      const fractionAfter = after === 'a' && (tokens[k + 2]?.lower ?? '') in FRACTIONS;
      if ((last === 'scale' && kindAfter !== null && kindAfter !== 'scale' && kindAfter !== 'fraction') || fractionAfter) {
        joinedByAnd = true;
        continue;
      }
      break;
    }
    if (w === 'point' && last !== null && last !== 'fraction' && decimals === null) {
      if (!(after in SMALL) || SMALL[after]! > 9) break;
      decimals = '';
      continue;
    }
    if (decimals !== null) {
      if (w in SMALL && SMALL[w]! <= 9) {
        decimals += String(SMALL[w]);
        end = t.end;
        continue;
      }
      break;
    }
    if (w === 'oh' && last !== null && last !== 'fraction') {
      closeGroup();
      groups[groups.length - 1]!.push(0);
      last = 'small';
      end = t.end;
      continue;
    }
    const kind = wordKind(w);
    if (kind === null) break;
    if (kind === 'fraction') {
      const fraction = FRACTIONS[w]!;
      if (last === null) current = fraction; // "a half", "half"
      else if (joinedByAnd && article) current += fraction; // "one and a half"
      else if ((last === 'small' || last === 'teen') && !article && w !== 'third') current *= fraction; // "one half"
      else break;
      last = 'fraction';
      article = false;
      joinedByAnd = false;
      end = t.end;
      continue;
    }
    if (last === 'fraction') break;
    const value = kind === 'scale' ? SCALES[w]! : kind === 'tens' ? TENS[w]! : SMALL[w]!;
    // Whether this word continues the number so far or starts another group.
    const continues =
      last === null ||
      (last === 'tens' && kind === 'small' && !joinedByAnd) ||
      (last === 'scale' && kind !== 'scale') ||
      (kind === 'scale' && (last === 'small' || last === 'teen' || last === 'tens' || (last === 'scale' && value > 100)));
    if (!continues) {
      if (joinedByAnd) break;
      closeGroup();
    }
    if (kind === 'scale') {
      const multiplied = (current || 1) * value;
      if (value >= 1000) {
        total += multiplied;
        current = 0;
      } else {
        current = multiplied;
      }
    } else {
      current += value;
    }
    groups[groups.length - 1]!.push(value);
    last = kind;
    article = false;
    joinedByAnd = false;
    end = t.end;
  }
  groupValues.push(total + current + (decimals ? Number(`0.${decimals}`) : 0));
  const filled = groupValues.filter((_, n) => groups[n]!.length > 0 || n === groupValues.length - 1);
  if (filled.length === 0) return null;
  // Speech runs groups together: "one twenty" is 120, "twenty nineteen" 2019, "one oh five" 105.
  const joined = filled.length > 1 && filled.every(Number.isInteger) ? Number(filled.map(String).join('')) : null;
  const value = joined ?? filled[0]!;
  const alternatives = [...new Set([value, ...filled])];
  const mentionEnd = end;
  let unitFrom = lastTokenIndexBefore(tokens, k, mentionEnd) + 1;
  // "half a centimeter": the unit after its article.
  if (last === 'fraction' && ['a', 'an'].includes(tokens[unitFrom]?.lower ?? '')) unitFrom++;
  const unit = unitAt(tokens, unitFrom, tokens[unitFrom - 1]?.end ?? mentionEnd);
  const mention: NumberMention = {
    value,
    alternatives,
    parts: null,
    unit: unit?.unit ?? null,
    start: first.start,
    end: unit?.end ?? mentionEnd,
    numberStart: first.start,
    numberEnd: mentionEnd,
    inWords: true,
  };
  return { mention, next: unit ? unit.next : lastTokenIndexBefore(tokens, k, mentionEnd) + 1 };
}

function lastTokenIndexBefore(tokens: readonly Token[], from: number, end: number): number {
  let k = Math.min(from, tokens.length - 1);
  while (k > 0 && tokens[k]!.end > end) k--;
  return k;
}

/** Whether two units can name the same quantity: the same, or one of them unsaid (speech often drops it). */
export function unitsAgree(a: string | null, b: string | null): boolean {
  return a === null || b === null || a === b;
}

/** Whether two values are the same number (decimals compared to a hundredth). */
export const sameValue = (a: number, b: number) => Math.abs(a - b) < 0.005 * Math.max(1, Math.abs(a));
