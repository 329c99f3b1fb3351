import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Every surface that says where a text came from (banners, the list chip, History, chat, copy, print) takes
// its words from the contract's vocabulary (contract/src/provenance.ts). This fails when one writes its own:
// the wording that drifted before (issue 23: "Demo: not from this recording" on a transcript made from the
// recording, "Written by AI" for the emulator's text) and any new phrase about demo, simulated or emulated
// output, in a string or in JSX text. Comments may explain; tests may quote.
const sources = import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}', '!/src/test/**'], { query: '?raw', import: 'default', eager: true });

const OWN_WORDING = /\b(simulated|emulated|demo[- ]quality|demo (note|transcript|answers?|output)|demo:|not (made |written )?from this recording|written by ai|ai emulator|by an ai model)/i;

/**
 * What a user can read in a file: its string literals and template texts that hold a space (a single word
 * such as 'simulated' is an enumeration member or a path, not wording), and its JSX text. Comments may explain.
 */
function userFacingTexts(source: string, fileName = 'file.tsx'): string[] {
  const texts: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isJsxText(node)) texts.push(node.text);
    else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
      if (/\s/.test(node.text.trim())) texts.push(node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX));
  return texts.filter((text) => text.trim() !== '');
}

describe('Where text came from is said in the contract’s words only', () => {
  it('finds the sources it checks (the session page, the list, the Record tab)', () => {
    const files = Object.keys(sources);
    expect(files).toContain('/src/features/session-page/components/DocumentationPanel.tsx');
    expect(files).toContain('/src/features/sessions/components/SessionRow.tsx');
    expect(files.length).toBeGreaterThan(100);
  });

  it('no web source writes its own words for simulated or demo-quality output', () => {
    const found = Object.entries(sources).flatMap(([file, source]) =>
      userFacingTexts(source, file)
        .filter((text) => OWN_WORDING.test(text))
        .map((text) => `${file}: "${text.trim().slice(0, 80)}"`),
    );
    expect(found).toEqual([]);
  });

  it('would catch the labels that disagreed before', () => {
    for (const old of ["label={'Demo: not from this recording'}", "const x = 'Written by AI';", '<p>Demo note: not written from this recording by an AI model</p>', "caption='Charta · demo answer'"]) {
      expect(userFacingTexts(old).some((text) => OWN_WORDING.test(text))).toBe(true);
    }
  });
});
