import { describe, expect, it } from 'vitest';
import { removedTyping, sectionProposal, textChanges, typedMask } from './proposals.js';

/** The characters of `text` the mask marks, as one string per run. */
function typedRuns(text: string, mask: readonly boolean[]): string[] {
  const runs: string[] = [];
  let run = '';
  for (let i = 0; i < text.length; i += 1) {
    if (mask[i]) run += text[i];
    else if (run) {
      runs.push(run);
      run = '';
    }
  }
  if (run) runs.push(run);
  return runs;
}

const AI = 'Viral upper respiratory infection.\nRest and fluids.';
const TYPED = `${AI}\nAmoxicillin 500 mg three times daily for 7 days.`;

describe('typedMask', () => {
  it('marks what the clinician added to the AI text, and nothing of the AI text', () => {
    const mask = typedMask([
      { content: AI, source: 'generated' },
      { content: TYPED, source: 'clinician' },
    ]);
    expect(typedRuns(TYPED, mask).map((r) => r.trim())).toEqual(['Amoxicillin 500 mg three times daily for 7 days.']);
  });

  it('keeps the typing typed through a later AI rewrite that kept it, and its own words are not', () => {
    const rewritten = `Viral URI.\n${TYPED.split('\n')[2]!}`;
    const mask = typedMask([
      { content: AI, source: 'generated' },
      { content: TYPED, source: 'clinician' },
      { content: rewritten, source: 'magic_edit_section' },
    ]);
    expect(typedRuns(rewritten, mask).join('').trim()).toBe('Amoxicillin 500 mg three times daily for 7 days.');
  });

  it('reads a section only ever typed as all typed, and an AI one as none', () => {
    expect(typedMask([{ content: 'Mine.', source: 'clinician' }]).every(Boolean)).toBe(true);
    expect(typedMask([{ content: 'AI.', source: 'generated' }]).some(Boolean)).toBe(false);
  });
});

describe('textChanges and removedTyping', () => {
  it('calls out the typed line a shorter version drops, and not the AI words it drops', () => {
    const mask = typedMask([
      { content: AI, source: 'generated' },
      { content: TYPED, source: 'clinician' },
    ]);
    const changes = textChanges(TYPED, mask, 'Viral URI.\nRest and fluids.');
    // The diff rebuilds both texts.
    expect(changes.filter((c) => c.kind !== 'added').map((c) => c.text).join('')).toBe(TYPED);
    expect(changes.filter((c) => c.kind !== 'removed').map((c) => c.text).join('')).toBe('Viral URI.\nRest and fluids.');
    expect(changes.some((c) => c.kind === 'removed' && !c.typed && c.text.includes('upper respiratory'))).toBe(true);
    expect(removedTyping(changes)).toEqual(['Amoxicillin 500 mg three times daily for 7 days.']);
    // Only the typed words are marked, not the line break before them.
    expect(changes.filter((c) => c.typed).map((c) => c.text)).toEqual(['Amoxicillin 500 mg three times daily for 7 days.']);
  });

  it('finds nothing typed removed when the change keeps the typing', () => {
    const proposal = sectionProposal(
      { id: 'plan', title: 'Plan', content: TYPED },
      [
        { content: AI, source: 'generated' },
        { content: TYPED, source: 'clinician' },
      ],
      { content: `${TYPED}\nReturn if worse.`, evidence: [] },
    );
    expect(proposal.removesTyped).toEqual([]);
    expect(proposal.changes.filter((c) => c.kind === 'added').map((c) => c.text.trim())).toEqual(['Return if worse.']);
    expect(proposal).toMatchObject({ sectionId: 'plan', title: 'Plan', current: TYPED, proposed: `${TYPED}\nReturn if worse.` });
  });
});
