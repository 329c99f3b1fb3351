import { describe, expect, it } from 'vitest';
import { matchesAll, nameWords, planNameQuery, searchPrefixes } from './name-search.js';

describe('name search', () => {
  it('folds case and accents and splits on anything but letters and digits', () => {
    expect(nameWords('María  García-López')).toEqual(['maria', 'garcia', 'lopez']);
  });

  it('stores every prefix of every word, up to 20 characters', () => {
    expect(searchPrefixes('Ana Li')).toEqual(['a', 'an', 'ana', 'l', 'li']);
    const long = searchPrefixes('x'.repeat(30));
    expect(long).toHaveLength(20);
    expect(long.at(-1)).toHaveLength(20);
  });

  it('asks the index for the longest word and checks the others on the candidates', () => {
    const plan = planNameQuery('gar María');
    expect(plan).toEqual({ indexed: 'maria', alsoRequired: ['gar'] });
    expect(matchesAll(searchPrefixes('María García'), plan?.alsoRequired ?? [])).toBe(true);
    expect(matchesAll(searchPrefixes('María Lopez'), plan?.alsoRequired ?? [])).toBe(false);
  });

  it('has no plan for a query without searchable characters', () => {
    expect(planNameQuery(' -- ')).toBeNull();
  });
});
