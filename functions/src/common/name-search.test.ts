import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchesAll, nameWords, planNameQuery, planTokenQuery, queryWords, searchPrefixes, searchTokens } from './name-search.js';

/** What the session query does, in memory: the index token is stored, and so is every other required word. */
function finds(name: string, query: string): boolean {
  const plan = planTokenQuery(query);
  const tokens = searchTokens(name);
  return plan !== null && tokens.includes(plan.indexed) && matchesAll(tokens, plan.alsoRequired);
}

describe('name search', () => {
  it('folds case and accents and splits on anything but letters and digits', () => {
    expect(nameWords('María  García López')).toEqual(['maria', 'garcia', 'lopez']);
  });

  it('stores every prefix of every word, up to 20 characters', () => {
    expect(searchPrefixes('Ana Li')).toEqual(['a', 'an', 'ana', 'l', 'li']);
    const long = searchPrefixes('x'.repeat(30));
    expect(long).toHaveLength(20);
    expect(long.at(-1)).toHaveLength(20);
  });

  it.each([
    ['Łukasz Żółć', ['lukasz', 'luk', 'zolc']],
    ['Søren Ødegård', ['soren', 'odegard']],
    ['Straße', ['strasse', 'stras']],
    ['Đorđe Þórsson', ['dorde', 'thorsson']],
    ['Æsa Œuvray', ['aesa', 'oeuvray']],
    ['Işıl Yılmaz', ['isil', 'yilmaz']],
    ['Ольга Петрова', ['olga', 'petrova', 'Ольга']],
    ['Σοφία', ['sofia']],
  ])('finds %s by what a clinician types', (name, queries) => {
    for (const query of queries) expect(finds(name, query), query).toBe(true);
  });

  it.each([
    ["O'Neil", ['oneil', "o'neil", 'o’neil', 'neil', 'o neil', 'one']],
    ['O’Neil', ['oneil', "o'neil", 'neil']],
    ['ʻOkina Kealoha', ['okina', 'kealoha okina']],
    ['Smith-Jones', ['smith jones', 'smithjones', 'smith-jones', 'smith', 'jones', 'jones smith', 'smith-j']],
    ['Smith‑Jones', ['smith jones', 'smithjones']], // a non-breaking hyphen
    ['McDonald', ['mcdonald', 'donald']],
  ])('finds %s whole and by its parts', (name, queries) => {
    for (const query of queries) expect(finds(name, query), query).toBe(true);
  });

  it.each([
    'Jo\u200Bhn Smith', // zero-width space
    'Jo\u200Dhn Smith', // zero-width joiner
    'Jo\u00ADhn Smith', // soft hyphen
    '\uFEFFJohn Smith', // BOM
    '\u200EJohn\u200F \u202BSmith\u202C', // bidi marks and embeddings
    'Jo\u2060hn Smith', // word joiner
  ])('ignores invisible characters: %j', (name) => {
    expect(finds(name, 'john')).toBe(true);
    expect(finds(name, 'john smith')).toBe(true);
    expect(finds('John Smith', name)).toBe(true);
  });

  it('does not find what is not there', () => {
    expect(finds('María García', 'maria lopez')).toBe(false);
    expect(finds('María García', 'garcias')).toBe(false);
    expect(finds('Maria Garcon', 'mariana garcia')).toBe(false);
    expect(finds('Maria', 'maria maria2')).toBe(false);
  });

  it('asks the index for two words together as one token, checking only what the token leaves open', () => {
    expect(planTokenQuery('gar María')).toEqual({ indexed: 'gar mari', alsoRequired: ['maria'] });
    expect(planTokenQuery('ana li')).toEqual({ indexed: 'ana li', alsoRequired: [] });
    expect(planTokenQuery('maria gar l')).toEqual({ indexed: 'gar mari', alsoRequired: ['maria', 'l'] });
    expect(planTokenQuery('maria')).toEqual({ indexed: 'maria', alsoRequired: [] });
    // A word that only begins another query word adds nothing.
    expect(queryWords('mar maria MARIA')).toEqual(['maria']);
  });

  it('keeps the single-word plan for stores of prefixes only (the template library)', () => {
    const plan = planNameQuery('gar María');
    expect(plan).toEqual({ indexed: 'maria', alsoRequired: ['gar'] });
    expect(matchesAll(searchPrefixes('María García'), plan?.alsoRequired ?? [])).toBe(true);
    expect(matchesAll(searchPrefixes('María Lopez'), plan?.alsoRequired ?? [])).toBe(false);
  });

  it('has no plan for a query without searchable characters', () => {
    expect(planNameQuery(' -- ')).toBeNull();
    expect(planTokenQuery(" '\u200B ")).toBeNull();
  });

  it('bounds the tokens of a very long name', () => {
    const name = Array.from({ length: 60 }, (_, i) => `Name${String.fromCharCode(97 + (i % 26))}${i}`).join(' ').slice(0, 200);
    expect(searchTokens(name).length).toBeLessThan(1500);
  });

  describe('properties', () => {
    // Letters that fold in every way: plain, accented, without a decomposition, other scripts, case
    // boundaries, joiners and invisible characters.
    const char = fc.constantFrom(
      ...'abcxyzABXZ019áéüñçÅłŁøØæÆßđĐþÞœŒıİðħŋЖжолгαβσ王小',
      "'", '’', 'ʻ', '-', '‐', '‑', '\u200B', '\u200D', '\u00AD', '\uFEFF', '\u200E', '\u202B',
    );
    // Up to 3 words of up to 5 characters: at most 12 folded words, all of which get pair tokens.
    const rawWord = fc.array(char, { minLength: 1, maxLength: 5 }).map((cs) => cs.join(''));
    const name = fc.array(rawWord, { minLength: 1, maxLength: 3 }).map((ws) => ws.join(' '));
    const prefixOf = (word: string, n: number) => [...word].slice(0, Math.max(1, Math.min(n, [...word].length))).join('');

    it('folding is idempotent: folded words and queries fold to themselves', () => {
      fc.assert(
        fc.property(name, (text) => {
          const words = nameWords(text);
          expect(nameWords(words.join(' '))).toEqual(words);
          const query = queryWords(text);
          expect(queryWords(query.join(' '))).toEqual(query);
        }),
      );
    });

    it('a prefix of any word of a stored name finds it', () => {
      fc.assert(
        fc.property(name, fc.nat(), fc.nat(), (text, w, n) => {
          const words = text.split(' ');
          const word = words[w % words.length] ?? '';
          const query = prefixOf(word, n);
          fc.pre(planTokenQuery(query) !== null);
          expect(finds(text, query)).toBe(true);
        }),
      );
    });

    it('prefixes of two words of a stored name, in either order, find it', () => {
      fc.assert(
        fc.property(name, fc.nat(), fc.nat(), fc.nat(), fc.nat(), (text, w1, w2, n1, n2) => {
          const words = text.split(' ');
          const query = `${prefixOf(words[w2 % words.length] ?? '', n2)} ${prefixOf(words[w1 % words.length] ?? '', n1)}`;
          fc.pre(planTokenQuery(query) !== null);
          expect(finds(text, query)).toBe(true);
        }),
      );
    });
  });
});
