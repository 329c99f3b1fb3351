import { describe, expect, it } from 'vitest';
import { drugOf, KNOWN_DRUGS } from './drugs.js';

describe('drugOf', () => {
  it('generic names are themselves; brand names are their generic', () => {
    expect(drugOf('Lisinopril')).toBe('lisinopril');
    expect(drugOf('Lasix')).toBe('furosemide');
    expect(drugOf('norvasc')).toBe('amlodipine');
  });

  it.each([
    ['cilazapril', 'cilazapril'], // -pril
    ['fimasartan', 'fimasartan'], // -sartan
    ['landiolol', 'landiolol'], // -olol
    ['pitavastatin', 'pitavastatin'], // -statin
    ['cloxacillin', 'cloxacillin'], // -cillin
    ['netilmicin', 'netilmicin'], // -micin
    ['gemifloxacin', 'gemifloxacin'], // -floxacin
    ['ilaprazole', 'ilaprazole'], // -prazole
    ['lercanidipine', 'lercanidipine'], // -dipine
    ['phenformin', 'phenformin'], // -formin
    ['vildagliptin', 'vildagliptin'], // -gliptin
    ['betrixaban', 'betrixaban'], // -xaban
  ])('names outside the list are found by their USAN stem: %s', (word, drug) => {
    expect(drugOf(word)).toBe(drug);
  });

  it.each(['control', 'cholesterol', 'pill', 'pain', 'statin', 'olol', 'cocaine', 'blood'])('"%s" is no drug', (word) => {
    expect(drugOf(word)).toBeNull();
  });

  it('every name on the curated list is found', () => {
    for (const drug of KNOWN_DRUGS) expect(drugOf(drug)).toBe(drug);
  });
});
