// The documentation check of `npm run check` (scripts/check-docs.mjs): its rules on made-up text, then on
// the repository itself. Needs no build; kept with the other checks of scripts' output.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { brokenCitations, checkDocs, citationsIn, unnamedFolders } from '../../scripts/check-docs.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('check-docs', () => {
  it('Finds a folder the architecture document does not name as name/', () => {
    const architecture = '  audio/   uploads\n  profile/ subscription/ sessions/\n  magic-fill-v2/ (not magic-fill)\n  xbilling/';
    expect(unnamedFolders(['audio', 'profile', 'sessions', 'magic-fill', 'billing', 'export'], architecture)).toEqual(['magic-fill', 'billing', 'export']);
  });

  it('Reads citations of a document, one or several, also across comment lines', () => {
    const source = [
      '// Consent (our extension; docs/privacy.md "Consent", "Retention"): the setting.',
      ' * retention\'s clock starts (docs/privacy.md',
      ' *   "Retention"): until then. See the README commands, and README, "The two',
      ' * commands". A word in quotes elsewhere: "not a citation".',
    ].join('\n');
    expect(citationsIn(source)).toEqual([
      { document: 'docs/privacy.md', quoted: 'Consent' },
      { document: 'docs/privacy.md', quoted: 'Retention' },
      { document: 'docs/privacy.md', quoted: 'Retention' },
      { document: 'README.md', quoted: 'The two commands' },
    ]);
  });

  it('Reports a citation of a missing document or of text the document does not hold', () => {
    const documents: Record<string, string> = { 'docs/privacy.md': '## Consent\n\nText.\n### Scheduled work,\nlocally' };
    const read = (path: string) => documents[path];
    const citations = [
      { document: 'docs/privacy.md', quoted: 'Consent' },
      { document: 'docs/privacy.md', quoted: 'Scheduled work, locally' },
      { document: 'docs/privacy.md', quoted: 'Retention' },
      { document: 'docs/gone.md', quoted: 'Consent' },
    ];
    expect(brokenCitations(citations, read)).toEqual([citations[2], citations[3]]);
  });

  it('Passes on the repository as it is', () => {
    expect(checkDocs(root).findings).toEqual([]);
  });
});
