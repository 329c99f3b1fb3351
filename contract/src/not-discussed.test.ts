import { describe, expect, it } from 'vitest';
import { NOT_DISCUSSED, NOT_DISCUSSED_INSTRUCTION, NOT_DISCUSSED_SHORT, saysNothingDiscussed } from './not-discussed.js';

describe('saysNothingDiscussed', () => {
  it('Reads the sentinel, its short form and the templates’ own words for "not covered" as saying nothing', () => {
    for (const nothing of [NOT_DISCUSSED, NOT_DISCUSSED_SHORT, ' not discussed ', 'No plan discussed.', 'No examination findings recorded.', 'Assessment not stated in the session.', 'Risk not assessed in this session.', 'Medications: none mentioned']) {
      expect(saysNothingDiscussed(nothing), nothing).toBe(true);
    }
  });

  it('Reads clinical negatives and sections that go on as claims', () => {
    for (const claim of ['', 'No known allergies.', 'Denies chest pain.', 'No edema noted.', 'No pain reported.', 'Lungs clear. No plan discussed.', 'Not discussed in this session, but see above.', 'Not discussed; patient to bring a list.', `${'Not discussed at length '.repeat(5)}but agreed.`]) {
      expect(saysNothingDiscussed(claim), claim).toBe(false);
    }
  });

  it('Asks templates for the short form it recognises', () => {
    expect(NOT_DISCUSSED_INSTRUCTION).toContain(`"${NOT_DISCUSSED_SHORT}"`);
  });
});
