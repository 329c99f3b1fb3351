import anyAscii from 'any-ascii';

/**
 * Name search that Firestore can answer from an index. A name is folded to plain lower-case ASCII words
 * (see foldedChunks) and stored as tokens in one array, so a typed search is one array-contains query:
 * - every prefix (1..20 characters) of every word: "gar" finds "María García";
 * - for every two words, the pair of their first 1..4 characters ("garc mari"): a search of two or more
 *   words asks the index for its two most telling words together, so it reads about one page of
 *   documents instead of every session that matches one of its words.
 * Queries are folded the same way, so what a clinician types (`lukasz`, `soren`, `strasse`, `oneil`) finds
 * what was stored (`Łukasz`, `Søren`, `Straße`, `O’Neil`).
 */
const MAX_PREFIX = 20;
/** Characters of each word kept in a pair token: 4 x 4 prefixes per pair, enough to be as telling as the words. */
const PAIR_PREFIX = 4;
/** Words of one name that get pair tokens: bounds a long name's tokens (66 pairs, at most ~1,000 tokens). */
const MAX_PAIRED_WORDS = 12;
/** Pair tokens hold a space, which no folded word has, so they never collide with a word's prefix. */
const PAIR_SEPARATOR = ' ';

/**
 * Folding is any-ascii's per-character transliteration (ł→l, ø→o, æ→ae, ß→ss, đ→d, þ→th, œ→oe, ı→i, ü→u,
 * Cyrillic and Greek to Latin ...): a well-kept table of all of Unicode rather than a hand-written one,
 * and per character, so the folding of a typed prefix is a prefix of the folded name. Characters that
 * are invisible (zero-width space and joiners, soft hyphen, BOM, bidi marks) are removed first, so they
 * never split or change a word.
 */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;
/** Marks that join the parts of one word: apostrophes (O'Neil, O’Neil; ʻ folds to `) and hyphens. */
const JOINERS = /['`-]/g;
/** A word with its joiners, as runs of ASCII letters and digits. */
const CHUNK = /[A-Za-z0-9]+(?:['`-]+[A-Za-z0-9]+)*/g;
/** Where a chunk splits into parts: at joiners, and where a capital follows a small letter (McDonald, and
 * the syllables any-ascii gives CJK names: 王小明 → WangXiaoMing). */
const PART_BOUNDARY = /['`-]+|(?<=[a-z])(?=[A-Z])/;

function foldedChunks(text: string): string[] {
  return anyAscii(text.replace(INVISIBLE, '')).match(CHUNK) ?? [];
}

const joined = (chunk: string) => chunk.replace(JOINERS, '').toLowerCase();

/**
 * The words a stored name is found by: each word whole with its joiners removed ("O'Neil" → "oneil",
 * "Smith-Jones" → "smithjones"), then its parts ("o", "neil", "smith", "jones"). Whole words come first.
 */
export function nameWords(text: string): string[] {
  const chunks = foldedChunks(text);
  const words = chunks.map(joined);
  for (const chunk of chunks) {
    const parts = chunk.split(PART_BOUNDARY);
    if (parts.length > 1) words.push(...parts.map((p) => p.toLowerCase()));
  }
  return [...new Set(words.filter(Boolean))];
}

/**
 * The words of a typed search, whole ("o'ne" → "one", "smith-j" → "smithj"), cut to the stored prefix
 * length; a word that only begins another query word adds nothing and is dropped ("mar maria" → "maria").
 */
export function queryWords(query: string): string[] {
  const words = [...new Set(foldedChunks(query).map((c) => joined(c).slice(0, MAX_PREFIX)))];
  return words.filter((w) => !words.some((other) => other !== w && other.startsWith(w)));
}

function prefixesOf(word: string, max: number): string[] {
  const out: string[] = [];
  for (let n = 1; n <= Math.min(word.length, max); n++) out.push(word.slice(0, n));
  return out;
}

function pairToken(a: string, b: string): string {
  return [a, b].sort().join(PAIR_SEPARATOR);
}

/** Every prefix (1..20 characters) of every word: single-word search (the template library stores these). */
export function searchPrefixes(name: string): string[] {
  return [...new Set(nameWords(name).flatMap((w) => prefixesOf(w, MAX_PREFIX)))];
}

/** The prefixes and the word-pair tokens: what a session stores as `searchPrefixes`. */
export function searchTokens(name: string): string[] {
  const words = nameWords(name);
  const tokens = new Set(words.flatMap((w) => prefixesOf(w, MAX_PREFIX)));
  const paired = words.slice(0, MAX_PAIRED_WORDS);
  for (let i = 0; i < paired.length; i++) {
    for (let j = i + 1; j < paired.length; j++) {
      for (const a of prefixesOf(paired[i] ?? '', PAIR_PREFIX)) {
        for (const b of prefixesOf(paired[j] ?? '', PAIR_PREFIX)) tokens.add(pairToken(a, b));
      }
    }
  }
  return [...tokens];
}

export interface NameQueryPlan {
  /** The one token the index is asked for. */
  indexed: string;
  /** Query words each candidate must also have a prefix for (checked on the fetched candidates). */
  alsoRequired: string[];
}

/**
 * Single-word plan: the longest word goes to the index (most selective), the other words are checked on
 * the fetched candidates. Null when the query has no searchable characters.
 */
export function planNameQuery(query: string): NameQueryPlan | null {
  const words = queryWords(query).sort((a, b) => b.length - a.length);
  const [indexed, ...rest] = words;
  return indexed ? { indexed, alsoRequired: rest } : null;
}

/**
 * Plan against searchTokens: one word goes to the index as it is; two or more send their two longest
 * words as a pair token, and only what the token does not pin down (the rest of a word longer than its
 * pair prefix, further words) is checked on the candidates. Null when the query has no searchable characters.
 */
export function planTokenQuery(query: string): NameQueryPlan | null {
  const words = queryWords(query).sort((a, b) => b.length - a.length);
  const [first, second] = words;
  if (!first) return null;
  if (!second) return { indexed: first, alsoRequired: [] };
  const pinned = (w: string) => (w === first || w === second) && w.length <= PAIR_PREFIX;
  return { indexed: pairToken(first.slice(0, PAIR_PREFIX), second.slice(0, PAIR_PREFIX)), alsoRequired: words.filter((w) => !pinned(w)) };
}

/** Does a stored token list satisfy every other query word? */
export function matchesAll(tokens: readonly string[], words: readonly string[]): boolean {
  return words.every((w) => tokens.includes(w));
}
