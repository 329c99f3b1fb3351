/**
 * Negations and what they negate: "denies fevers, chills, or weight loss" negates three findings; "no chest
 * pain but some pressure" negates the chest pain only. A cue's scope runs to the end of its clause: it stops
 * at sentence punctuation, at "but" (and words like it), and at a comma that starts a new clause ("no fever,
 * he has a cough"); commas, "or" and "and" inside it separate the findings of a list.
 */
import { NOTHING_RECORDED_VERBS } from '@charta/contract';
import { isContentWord, normalWord, type Token } from './text.js';

export interface NegatedFinding {
  /** Token indexes of the finding's words (end exclusive). */
  from: number;
  to: number;
  /** Its content words, in normal form. */
  words: string[];
}

export interface Negation {
  /** Token indexes of the cue ("denies", "negative for", "n't"), end exclusive. */
  cueFrom: number;
  cueTo: number;
  /** Token index where its scope ends (exclusive). */
  scopeTo: number;
  findings: NegatedFinding[];
}

const SINGLE_CUES = new Set(['denies', 'denied', 'deny', 'denying', 'no', 'not', "n't", 'never', 'without', 'none', 'nor', 'negative', 'absent', 'neither']);
/** Two-word cues: "negative for", "free of", "absence of", "ruled out" ("rules out" is a plan, not a finding). */
const PAIR_CUES: readonly (readonly [string, string])[] = [['negative', 'for'], ['free', 'of'], ['absence', 'of'], ['ruled', 'out'], ['no', 'longer']];
/** Words where "not"/"no" negates no finding ("not only", "not limited to", "whether or not", "no problem", "if not"). */
const PSEUDO_AFTER = new Set(['only', 'just', 'to', 'problem', 'worries', 'doubt', 'limited']);
const PSEUDO_BEFORE = new Set(['or', 'if', 'whether']);
const TERMINATOR_WORDS = new Set(['but', 'however', 'although', 'though', 'except', 'apart', 'aside', 'yet', 'whereas', 'while', 'which', 'who', 'because', 'since', 'unless', 'until', 'than', 'so', 'then']);
/**
 * A subject starts a clause of its own even without a comma: speech recognisers seldom punctuate ("no
 * trauma it just seemed like a blister and i picked at it" negates the trauma only).
 */
const SUBJECTS = new Set(['i', 'he', 'she', 'they', 'we', 'you', 'it', "i'm", "it's", "he's", "she's", "they're", "you're", "we're", "that's", "there's"]);
/**
 * Words that state a normal finding: a list item holding one is said, not negated ("no murmur, no gallop,
 * chest clear, cardiac rhythm regular" negates only the murmur and the gallop).
 */
const STATE_WORDS = new Set(['normal', 'clear', 'regular', 'intact', 'soft', 'supple', 'moist', 'dry', 'warm', 'equal', 'reactive', 'symmetric', 'symmetrical', 'good', 'fine', 'flat', 'present', 'unlabored', 'benign', 'stable', 'healthy', 'pink', 'nontender', 'appropriate', 'alert', 'oriented', 'unremarkable', 'full', 'strong', 'palpable', 'brisk', 'okay']);
const TERMINATOR_PUNCT = new Set(['.', ';', ':', '!', '?', '(', ')', '"']);
const LIST_SEPARATORS = new Set([',', 'or', 'and', 'nor', '/']);
/** Words that start a clause of their own after a comma: the negation does not reach into it. */
const CLAUSE_STARTERS = new Set([
  'he', 'she', 'they', 'i', 'we', 'you', 'it', 'patient', 'there', 'this', 'that', 'reports', 'reported', 'endorses', 'endorsed', 'complains',
  'has', 'have', 'had', 'is', 'was', 'are', 'were', 'states', 'stated', 'says', 'notes', 'noted', 'feels', 'takes', 'will', 'would', 'should',
  'can', 'could', 'does', 'did', 'also', 'admits', 'describes', 'presents', 'continues', 'otherwise', 'positive', 'mild', 'some',
]);
/** Words in a finding that say how it was asked about, not what it is. */
export const FINDING_FILLER: ReadonlySet<string> = new Set(['evidence', 'sign', 'signs', 'symptom', 'symptoms', 'history', 'complaint', 'complaints', 'further', 'other', 'significant', 'known', 'new', 'recent', 'acute', 'obvious', 'apparent', 'issue', 'issues', 'problem', 'problems', 'episode', 'episodes', 'noticed', 'experienced', 'had', 'having', 'any', 'change', 'changes', 'question', 'questions', 'concern', 'concerns', 'else', 'anything', 'something',
  // The examiner's verbs: "I don't appreciate any murmurs", "I don't see any swelling" negate the murmurs, the swelling.
  'appreciate', 'appreciated', 'appreciable', 'hear', 'heard', 'see', 'seen', 'notice', 'find', 'found', 'detect', 'detected', 'feel', 'felt', 'really']);

const COPULAS = new Set(['is', 'are', 'was', 'were', 'looks', 'look', 'seems', 'seem', 'sounds', 'sound', 'appears', 'appear', 'feels']);
const DETERMINERS = new Set(['your', 'my', 'his', 'her', 'their', 'our', 'the']);
const CONDITIONALS = new Set(['if', 'unless', 'whether']);
/** Long enough for a review of systems read out as one list ("not had any weight loss or gain, headaches, ..."). */
const MAX_SCOPE = 30;

/** The negations in a run of tokens (a sentence), each with its scope and the findings it negates. */
export function negations(tokens: readonly Token[]): Negation[] {
  const found: Negation[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const word = tokens[i]!.lower;
    const pair = PAIR_CUES.find(([a, b]) => a === word && tokens[i + 1]?.lower === b);
    if (!pair && !SINGLE_CUES.has(word)) continue;
    if (!pair && word === 'negative') continue; // "negative" alone follows what it qualifies ("test negative")
    const cueTo = pair ? i + 2 : i + 1;
    if (PSEUDO_AFTER.has(tokens[cueTo]?.lower ?? '') || PSEUDO_BEFORE.has(tokens[i - 1]?.lower ?? '')) continue;
    // A conditional ("if we do not do this, poor healing") states no absence.
    if (tokens.slice(Math.max(0, i - 3), i).some((t) => CONDITIONALS.has(t.lower))) continue;
    // A speaker breaking off ("slow from no- finger to nose"): a disfluency, not a negation.
    const next = tokens[cueTo];
    if (next?.text === '-' && next.start === tokens[cueTo - 1]!.end) continue;
    const { scopeTo, findings } = scopeOf(tokens, cueTo);
    found.push({ cueFrom: i, cueTo, scopeTo, findings });
    // A negation inside another's scope ("denies chest pain and does not have fever") is its own.
    i = cueTo - 1;
  }
  return found;
}

function scopeOf(tokens: readonly Token[], from: number): { scopeTo: number; findings: NegatedFinding[] } {
  const findings: NegatedFinding[] = [];
  let itemFrom = from;
  let k = from;
  const closeItem = (to: number) => {
    const words: string[] = [];
    let first = -1;
    let last = -1;
    for (let n = itemFrom; n < to; n++) {
      const t = tokens[n]!;
      if (isContentWord(t) && !FINDING_FILLER.has(t.lower)) {
        words.push(normalWord(t.lower));
        if (first < 0) first = n;
        last = n;
      }
    }
    if (words.length > 0) findings.push({ from: first, to: last + 1, words });
  };
  for (; k < tokens.length && k < from + MAX_SCOPE; k++) {
    const t = tokens[k]!;
    if ((t.kind === 'punct' && TERMINATOR_PUNCT.has(t.text)) || TERMINATOR_WORDS.has(t.lower)) break;
    if (k > from && SUBJECTS.has(t.lower)) break;
    if (STATE_WORDS.has(t.lower)) {
      // This word states a finding ("no bruits your lungs are clear"): the scope ends before the clause it
      // is in, which starts at its subject (a word before "is"/"are", or a "your"/"the" before that).
      let cut = itemFrom;
      for (let n = k - 1; n > itemFrom; n--) {
        if (COPULAS.has(tokens[n]!.lower)) {
          cut = Math.max(itemFrom, n - 1);
          if (DETERMINERS.has(tokens[n - 2]?.lower ?? '') && n - 2 >= itemFrom) cut = n - 2;
          break;
        }
        if (DETERMINERS.has(tokens[n]!.lower)) {
          cut = n;
          break;
        }
      }
      k = cut;
      break;
    }
    // Another cue starts its own negation.
    if (k > from && (SINGLE_CUES.has(t.lower) && t.lower !== 'nor' && t.lower !== 'negative')) break;
    if (LIST_SEPARATORS.has(t.lower)) {
      // A comma (or "and") followed by a clause of its own ends the scope.
      const next = tokens[k + 1];
      const afterNext = next && LIST_SEPARATORS.has(next.lower) ? tokens[k + 2] : next;
      if (afterNext && CLAUSE_STARTERS.has(afterNext.lower)) break;
      closeItem(k);
      itemFrom = k + 1;
    }
  }
  closeItem(k);
  return { scopeTo: k, findings };
}

/** Verbs of record-keeping (the contract's, with why "reported" and "noted" are not among them). */
const RECORD_VERBS: ReadonlySet<string> = new Set(NOTHING_RECORDED_VERBS);

/**
 * Whether a note's negation says only that something was not covered or recorded: no finding to look for in
 * the transcript. (Said in a consultation, "the report did not mention a fracture" is still a denial.)
 */
export function saysNotRecorded(tokens: readonly Token[], negation: Pick<Negation, 'cueTo' | 'scopeTo'>): boolean {
  return tokens.slice(negation.cueTo, negation.scopeTo).some((t) => RECORD_VERBS.has(t.lower));
}

/** Words too general to tell one finding from another on their own ("knee pain" is not "chest pain"). */
const GENERAL_WORDS: ReadonlySet<string> = new Set(['pain', 'swell', 'blood', 'short', 'lower', 'upper', 'limb', 'troubl', 'difficulti', 'sever', 'mild', 'bad', 'wors', 'better', 'left', 'right', 'side', 'area', 'feel', 'abl', 'need', 'lot', 'last', 'week', 'day', 'year', 'month', 'night', 'morn']);

/**
 * Whether a negated finding's words are among `words`: all of a one-word finding; of a longer one, two
 * words, or one that is specific ("shortness of breath" is "trouble breathing", but "knee pain" is not
 * "chest pain"). At most its first four words are considered.
 */
export function findingMatches(finding: readonly string[], words: ReadonlySet<string>): boolean {
  const considered = [...new Set(finding.slice(0, 4))];
  const hits = considered.filter((w) => words.has(w));
  if (considered.length === 0) return false;
  return hits.length >= Math.min(2, considered.length) || hits.some((w) => !GENERAL_WORDS.has(w));
}

/** Words that open an answer meaning "no" ("no", "nope", "not really", "i haven't", "never"), after fillers. */
const FILLERS = new Set(['uh', 'um', 'uhm', 'hmm', 'mm', 'oh', 'well', 'so', 'actually', 'honestly', ',', '.', '-', 'mm-hmm']);

export function isNegativeAnswer(tokens: readonly Token[]): boolean {
  let i = 0;
  while (i < tokens.length && FILLERS.has(tokens[i]!.lower)) i++;
  const w = (n: number) => tokens[i + n]?.lower ?? '';
  if (['no', 'nope', 'nah', 'never', 'none', 'negative', 'nothing', 'neither', 'nay'].includes(w(0))) return true;
  if (w(0) === 'not' && ['really', 'at', 'that', 'much', 'anymore', 'since', 'recently', 'lately', 'yet', 'often', 'usually'].includes(w(1))) return true;
  if (w(0) === 'i' && ['have', 'do', 'did', 'had', 'am', 'was'].includes(w(1)) && (w(2) === "n't" || w(2) === 'not')) return true;
  if (w(0) === "i've" || w(0) === "i'm") return w(1) === 'not' || w(1) === 'never';
  if (w(0) === 'i' && w(1) === 'never') return true;
  return false;
}

/**
 * Whether an answer opens by agreeing ("correct", "that's right", "yes, correct"): to a negated question, a
 * denial. A bare "yes" is not: to "no fever?" it as often means "yes, I had one".
 */
export function isAgreement(tokens: readonly Token[]): boolean {
  let i = 0;
  while (i < tokens.length && (FILLERS.has(tokens[i]!.lower) || ['yes', 'yeah', 'yep'].includes(tokens[i]!.lower))) i++;
  const w = (n: number) => tokens[i + n]?.lower ?? '';
  return ['correct', 'right', 'exactly', 'true'].includes(w(0)) || (["that's", 'thats', 'that'].includes(w(0)) && ['right', 'correct', 'true', 'is'].includes(w(1)));
}

/** Whether a sentence of speech asks ("any chest pain?"): it ends with a question mark. */
export const isQuestion = (tokens: readonly Token[]): boolean => tokens.some((t) => t.text === '?');
