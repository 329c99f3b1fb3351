/**
 * Words as the fact check compares them: tokens with their offsets, one normal form per word (Porter stem,
 * through a few clinical synonyms), and the words that carry no content. The note and the transcript go
 * through the same functions, so "Fevers" in a note and "fever" in speech meet.
 */
import { stemmer } from 'stemmer';

export interface Token {
  /** As written. */
  text: string;
  /** Lower-cased; "n't" for every contracted "not" ("doesn't", ASR's "does n't"). */
  lower: string;
  start: number;
  end: number;
  kind: 'word' | 'number' | 'punct';
}

/**
 * Splits text into words, numbers (digits with their decimal point, thousands comma, "/" or ":"
 * between parts, "+", "%", ordinal suffix) and punctuation. Hyphens split words ("58-year-old" is 58 / year /
 * old, "left-sided" left / sided), so the note's and the transcript's spellings compare alike.
 */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  // Order matters: numbers before words (so "1st" stays one), contractions ("n't") apart from their verb.
  const pattern = /(\d+(?:[.,]\d+)*(?:[/:]\d+(?:\.\d+)?)*(?:st|nd|rd|th)?\+?%?)|([A-Za-zÀ-ÿ]+(?:'[a-z]+)?)|('[a-z]+)|([^\sA-Za-zÀ-ÿ\d])/giu;
  for (const m of text.matchAll(pattern)) {
    const start = m.index;
    const raw = m[0];
    if (m[1] !== undefined) {
      tokens.push({ text: raw, lower: raw.toLowerCase(), start, end: start + raw.length, kind: 'number' });
    } else if (m[2] !== undefined || m[3] !== undefined) {
      const lower = raw.toLowerCase();
      // "doesn't" -> "does" + "n't"; "n't" alone (ASR spacing) is already the cue.
      const contracted = /^(.+)n't$/.exec(lower);
      if (contracted && contracted[1]) {
        const stem = contracted[1];
        tokens.push({ text: raw.slice(0, stem.length), lower: stem, start, end: start + stem.length, kind: 'word' });
        tokens.push({ text: raw.slice(stem.length), lower: "n't", start: start + stem.length, end: start + raw.length, kind: 'word' });
      } else if (lower === "n't" || lower === 'nt') {
        tokens.push({ text: raw, lower: "n't", start, end: start + raw.length, kind: 'word' });
      } else if (lower.startsWith("'")) {
        // ASR's split possessives and contractions ("patient 's", "i 'm"): not words of their own.
        continue;
      } else {
        tokens.push({ text: raw, lower: lower.replace(/'s$/, ''), start, end: start + raw.length, kind: 'word' });
      }
    } else {
      tokens.push({ text: raw, lower: raw, start, end: start + raw.length, kind: 'punct' });
    }
  }
  return tokens;
}

/** Words that say nothing of the clinical content (function words, fillers, and the note's reporting verbs). */
export const STOPWORDS: ReadonlySet<string> = new Set(
  (
    'a an the and or but nor so yet of to in on at by for with without from into onto over under about as than then ' +
    'is are was were be been being am do does did done doing have has had having will would shall should can could may might must ' +
    'i me my mine we us our you your yours he him his she her hers it its they them their theirs this that these those there here ' +
    'who whom whose which what when where why how if whether because while also just very really quite some any all each every ' +
    'more most much many few lot lots little bit kind sort like um uh uhm hmm mm mhm okay ok yeah yes yep well oh so alright right ' +
    'not no n\'t never none nothing denies denied deny denying reports reported report states stated notes noted says said ' +
    'patient patients pt doctor today now still again currently recently ever since per due one time times thing things ' +
    'get gets got go goes going gone went know think feel feels felt see seen let make made take taking took give given ' +
    "i'm i've i'd i'll you're you've you'll he's she's it's we're we've they're they've that's there's what's don't"

  ).split(/\s+/),
);

/**
 * Clinical words that mean the same finding, in the normal form they share (after stemming). Only
 * pairs common in consultations: speech says "swollen legs" where the note says "edema of the lower
 * extremities", "short of breath" for "dyspnea".
 */
const SYNONYMS: Readonly<Record<string, string>> = {
  swollen: 'swell',
  edema: 'swell',
  oedema: 'swell',
  edemat: 'swell',
  febril: 'fever',
  temperatur: 'fever',
  dyspnea: 'breath',
  sob: 'breath',
  breathless: 'breath',
  breathi: 'breath',
  shortness: 'short',
  dizzi: 'dizzi',
  lightheaded: 'dizzi',
  vertigo: 'dizzi',
  nauseou: 'nausea',
  nausea: 'nausea',
  nauseat: 'nausea',
  vomit: 'vomit',
  emesi: 'vomit',
  diarrhea: 'diarrhea',
  diarrhoea: 'diarrhea',
  extrem: 'limb',
  leg: 'limb',
  arm: 'limb',
  headach: 'headach',
  cephalgia: 'headach',
  abdomin: 'abdomen',
  belli: 'abdomen',
  stomach: 'abdomen',
  tummi: 'abdomen',
  discomfort: 'pain',
  ach: 'pain',
  hurt: 'pain',
  sore: 'pain',
  tender: 'pain',
  cramp: 'pain',
  fatigu: 'tire',
  tire: 'tire',
  exhaust: 'tire',
  chill: 'chill',
  rigor: 'chill',
  cough: 'cough',
  palpit: 'palpit',
  syncop: 'faint',
  faint: 'faint',
  pass: 'faint',
  smoker: 'smoke',
  cigarett: 'smoke',
  tobacco: 'smoke',
  alcohol: 'drink',
  etoh: 'drink',
  rash: 'rash',
  lesion: 'rash',
  itch: 'itch',
  prurit: 'itch',
  weak: 'weak',
  numb: 'numb',
  tingl: 'numb',
  paresthesia: 'numb',
  // Porter stems the two spellings apart: "respiratory" rate, "respirations".
  respiratori: 'respir',
  erythema: 'red',
  erythemat: 'red',
  redness: 'red',
  blood: 'blood',
  bleed: 'blood',
  hematuria: 'blood',
};

/** The normal form of a word: lower case, Porter stem, then the shared synonym if it has one. */
export function normalWord(word: string): string {
  const lower = word.toLowerCase();
  const abbreviation = ABBREVIATIONS[lower];
  if (abbreviation) return abbreviation;
  const stem = stemmer(lower);
  const normal = SYNONYMS[stem] ?? SYNONYMS[lower] ?? stem;
  // Porter leaves "injuries" as "injuri" and "injured" as "injur": one form for both.
  return normal.length > 4 && normal.endsWith('i') ? normal.slice(0, -1) : normal;
}

/** Two-letter abbreviations a note uses for what speech says in full ("BP" for blood pressure). */
const ABBREVIATIONS: Readonly<Record<string, string>> = { bp: 'pressur', hr: 'heart', rr: 'respir', ef: 'ejection', o2: 'oxygen' };

/** Whether a token carries content: a word of three letters or more that is not a stopword, or a known abbreviation. */
export function isContentWord(token: Pick<Token, 'kind' | 'lower'>): boolean {
  return token.kind === 'word' && ((token.lower.length >= 3 && !STOPWORDS.has(token.lower)) || token.lower in ABBREVIATIONS);
}

/** The normal forms of a text's content words. */
export function contentWords(tokens: readonly Token[]): string[] {
  return tokens.filter(isContentWord).map((t) => normalWord(t.lower));
}

/** Damerau-less edit distance, capped: enough to forgive a speech recogniser's spelling of a drug name. */
export function editDistance(a: string, b: string, cap = 3): number {
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > cap) return cap + 1;
    previous = current;
  }
  return previous[b.length]!;
}
