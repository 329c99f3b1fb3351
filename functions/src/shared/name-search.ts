/**
 * Patient-name search that Firestore can answer from an index: every word of the name is folded (case and
 * accents) and stored with all its prefixes, so "gar" finds "María García" with one array-contains query.
 */
const MAX_PREFIX = 20;

/** "María  García-López" -> ["maria", "garcia", "lopez"] */
export function nameWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Every prefix (1..20 characters) of every word: what the session stores as `searchPrefixes`. */
export function searchPrefixes(patientName: string): string[] {
  const prefixes = new Set<string>();
  for (const word of nameWords(patientName)) {
    for (let n = 1; n <= Math.min(word.length, MAX_PREFIX); n++) prefixes.add(word.slice(0, n));
  }
  return [...prefixes];
}

/**
 * How to query for a typed search: the longest word goes to the index (most selective), the other words
 * are checked on the fetched candidates. Null when the query has no searchable characters.
 */
export function planNameQuery(query: string): { indexed: string; alsoRequired: string[] } | null {
  const words = nameWords(query).map((w) => w.slice(0, MAX_PREFIX));
  if (words.length === 0) return null;
  const sorted = [...words].sort((a, b) => b.length - a.length);
  const [indexed, ...rest] = sorted as [string, ...string[]];
  return { indexed, alsoRequired: rest };
}

/** Does a stored session's prefix list satisfy every other query word? */
export function matchesAll(prefixes: readonly string[], words: readonly string[]): boolean {
  return words.every((w) => prefixes.includes(w));
}
