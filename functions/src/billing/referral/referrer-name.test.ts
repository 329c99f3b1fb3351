import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { referrerShortName } from './referrer-name.js';

describe('referrerShortName', () => {
  it.each([
    ['Maria Garcia', 'Maria G.'],
    ['  María José García López ', 'María L.'],
    ['Dr. Maria garcía', 'Maria G.'],
    ['Prof Ana', 'Ana'],
    ['Ana', 'Ana'],
    ['', 'a colleague'],
    ['Dr', 'a colleague'],
    ['Zoë 𝒜bbott', 'Zoë 𝒜.'],
    ['Jean-Luc Picard', 'Jean-Luc P.'],
    ["Siobhán O'Brien", 'Siobhán O.'],
    ['Maria G.', 'Maria G.'],
    // What came back verbatim before: a one-word name that is an address or a handle, not a name.
    ['maria.garcia@example.com', 'a colleague'],
    ['MARIA@EXAMPLE.COM', 'a colleague'],
    ['maria＠example.com', 'a colleague'],
    ['Maria maria.garcia@example.com', 'a colleague'],
    ['Maria Garcia <maria@example.com>', 'a colleague'],
    ['maria.garcia', 'a colleague'],
    ['mgarcia87', 'a colleague'],
    ['m_garcia', 'a colleague'],
    ['https://example.com/maria', 'a colleague'],
    ['www.example.com', 'a colleague'],
    // A last word that is no name gives no initial.
    ['Maria 4ever', 'Maria'],
    ['Maria (she/her)', 'Maria'],
  ])('%j → %j', (displayName, expected) => {
    expect(referrerShortName(displayName)).toBe(expected);
  });

  it('Never shows more than a first name and an initial, and never an address, whatever the display name', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.emailAddress(), fc.tuple(fc.string(), fc.emailAddress(), fc.string()).map((parts) => parts.join(' '))), (displayName) => {
        const shown = referrerShortName(displayName);
        expect(shown).not.toMatch(/[@＠]/);
        if (shown === 'a colleague') return;
        // One name word, and at most one more: an initial.
        expect(shown).toMatch(/^\p{L}[\p{L}\p{M}'’-]*( \p{L}\p{M}*\.)?$/u);
        const [first] = shown.split(' ');
        expect(displayName).toContain(first);
      }),
      { numRuns: 500 },
    );
  });
});
