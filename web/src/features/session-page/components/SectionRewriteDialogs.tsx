// The two AI rewrites of one section that take words from the clinician: Magic edit (change the current
// text as told) and Customize (write it again from the transcript with new instructions). Either shows its
// result as a proposal (ProposalDialog) before anything is saved.
import type { AiAction } from '../hooks/use-section-editing';
import { InstructionDialog } from './InstructionDialog';

export const MAGIC_EDIT_EXAMPLES = ['Make it shorter', 'Use bullet points', 'Write it as a paragraph', 'Make it more formal'] as const;
const CUSTOMIZE_EXAMPLES = [
  'List each medication with dose and frequency',
  'Only include what the patient reported',
  'Write it as bullet points, one per problem',
] as const;

export type RewriteDialog = Extract<AiAction, 'magic-edit' | 'customize'>;

interface SectionRewriteDialogsProps {
  sectionTitle: string;
  open: RewriteDialog | null;
  working: AiAction | null;
  error: string | null;
  onSubmit: (instruction: string) => void;
  onClose: () => void;
}

export function SectionRewriteDialogs({ sectionTitle, open, working, error, onSubmit, onClose }: SectionRewriteDialogsProps) {
  return (
    <>
      <InstructionDialog
        open={open === 'magic-edit'}
        title={`Magic edit: ${sectionTitle}`}
        description="Say how this section should change. You see the change against the current text before anything is saved; nothing is added that the transcript does not support."
        fieldLabel="What should change?"
        examples={MAGIC_EDIT_EXAMPLES}
        submitLabel="Show the change"
        busy={working === 'magic-edit'}
        error={error}
        onSubmit={onSubmit}
        onClose={onClose}
      />
      <InstructionDialog
        open={open === 'customize'}
        title={`Customize: ${sectionTitle}`}
        description="New instructions for this section of this note. It is written again from the transcript, and you see the change before anything is saved; your template does not change."
        fieldLabel="Instructions for this section"
        examples={CUSTOMIZE_EXAMPLES}
        submitLabel="Show the rewrite"
        busy={working === 'customize'}
        error={error}
        onSubmit={onSubmit}
        onClose={onClose}
      />
    </>
  );
}
