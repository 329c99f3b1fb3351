// The review of an AI edit: the diff against the current text, the clinician's typing it removes called out
// in words, and nothing done until Accept.
import type { DocumentationProposal } from '@charta/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ProposalDialog, TYPED_REMOVED_LABEL } from './ProposalDialog';

const TYPED = 'Amoxicillin 500 mg three times daily for 7 days.';

const shorter: DocumentationProposal = {
  documentationId: 'd1',
  counter: 4,
  change: 'magic_edit_section',
  sections: [
    {
      sectionId: 'plan',
      title: 'Plan',
      current: `Rest and fluids. Return in one week.\n${TYPED}`,
      proposed: 'Rest and fluids.',
      evidence: [],
      changes: [
        { kind: 'same', text: 'Rest and fluids.' },
        { kind: 'removed', text: ' Return in one week.' },
        { kind: 'removed', text: '\n' },
        { kind: 'removed', text: TYPED, typed: true },
      ],
      removesTyped: [TYPED],
    },
  ],
};

function renderDialog(proposal: DocumentationProposal | null = shorter, props: Partial<Parameters<typeof ProposalDialog>[0]> = {}) {
  const onAccept = vi.fn();
  const onDiscard = vi.fn();
  render(<ProposalDialog proposal={proposal} title="Magic edit: Plan" accepting={false} error={null} onAccept={onAccept} onDiscard={onDiscard} {...props} />);
  return { onAccept, onDiscard };
}

describe('ProposalDialog', () => {
  it('Calls out the typed text the change removes, in words and marked in the diff', () => {
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Review: Magic edit: Plan' });
    const callout = within(dialog).getByRole('note', { name: `${TYPED_REMOVED_LABEL}: 1 passage` });
    expect(callout).toHaveTextContent(`“${TYPED}”`);

    const diff = within(dialog).getByTestId('proposal-diff');
    const removed = [...diff.querySelectorAll('del')];
    // The AI's own words removed, and the typed line removed, marked apart (and said apart to screen readers).
    expect(removed.map((d) => [d.textContent, d.dataset['typed'] ?? null])).toEqual([
      ['Removed:  Return in one week. (end)', null],
      [`Removed, you typed this: ${TYPED} (end)`, 'true'],
    ]);
    expect(diff).toHaveTextContent('Rest and fluids.');
    // The legend says what each mark means without colour.
    expect(within(dialog).getByRole('list', { name: 'How changes are marked' })).toHaveTextContent('Struck through: removed');
  });

  it('Does nothing until Accept: Discard only closes, Accept asks to save', async () => {
    const { onAccept, onDiscard } = renderDialog();
    expect(onAccept).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(onDiscard).toHaveBeenCalledTimes(1);
    expect(onAccept).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Accept change' }));
    expect(onAccept).toHaveBeenCalledTimes(1);
  });

  it('Names each section of a note-wide edit, with no callout when no typing is removed', () => {
    const note: DocumentationProposal = { ...shorter, change: 'magic_edit_note', sections: [{ ...shorter.sections[0]!, removesTyped: [] }] };
    renderDialog(note);
    expect(screen.getByRole('heading', { name: 'Plan' })).toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('Says when a change would leave the text as it is, with nothing to accept', () => {
    renderDialog({ ...shorter, sections: [] });
    expect(screen.getByText(/would leave the text as it is/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept change' })).toBeDisabled();
  });

  it('A stale proposal shows why and can only be discarded', () => {
    renderDialog(shorter, { stale: true, error: 'Not saved: the note was changed elsewhere.' });
    expect(screen.getByRole('alert')).toHaveTextContent('Not saved');
    expect(screen.getByRole('button', { name: 'Accept change' })).toBeDisabled();
  });
});
