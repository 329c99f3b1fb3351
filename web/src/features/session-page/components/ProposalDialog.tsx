// An AI edit as a proposal (docs/api.md "Documentation"): what Magic edit, Regenerate or Customize would
// write, shown as a diff against the current text, and saved only when the clinician accepts it. Text the
// clinician typed that the change removes is called out above the diff and marked in it.
import { NOTE_PROPOSAL_CHANGES, type DocumentationProposal, type SectionProposal, type TextChange } from '@charta/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { VISUALLY_HIDDEN } from '@/lib/visually-hidden';
import { usePhoneLayout } from '../hooks/use-phone-layout';
import { LazyDialog } from '@/components/feedback/LazyDialog';

export const TYPED_REMOVED_LABEL = 'You typed this; the change removes it';

interface ProposalDialogProps {
  /** The proposal to show; the dialog is open while there is one. */
  proposal: DocumentationProposal | null;
  /** "Magic edit: Subjective". */
  title: string;
  /** The accept request is running. */
  accepting: boolean;
  /** The note changed since the proposal was made: it can only be discarded. */
  stale?: boolean;
  error: string | null;
  onAccept: () => void;
  onDiscard: () => void;
}

export function ProposalDialog({ proposal, title, accepting, stale = false, error, onAccept, onDiscard }: ProposalDialogProps) {
  const titleId = useId();
  const legendId = useId();
  // A phone gets the whole screen: the diff is read line by line, at the size of the note's own text.
  const phone = usePhoneLayout();
  // While the dialog fades out (its proposal gone) it keeps showing the last one, not an empty one.
  const [last, setLast] = useState({ proposal, title });
  if (proposal !== null && (proposal !== last.proposal || title !== last.title)) setLast({ proposal, title });
  const shown = proposal ?? last.proposal;
  const shownTitle = proposal ? title : last.title;
  const sections = shown?.sections ?? [];
  const several = shown !== null && NOTE_PROPOSAL_CHANGES.includes(shown.change);
  const typedPassages = sections.reduce((n, s) => n + s.removesTyped.length, 0);

  return (
    <LazyDialog open={proposal !== null} onClose={accepting ? undefined : onDiscard} aria-labelledby={titleId} aria-describedby={legendId} maxWidth="md" fullWidth fullScreen={phone}>
      <DialogTitle id={titleId}>Review: {shownTitle}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography variant="body2" id={legendId}>
            Nothing is changed until you accept. Accepting keeps the current text in the section&apos;s history.
          </Typography>
          {sections.length > 0 && <Legend />}
          {sections.length === 0 && <Alert severity="info">This change would leave the text as it is: there is nothing to accept.</Alert>}
          {typedPassages > 0 && (
            <Alert severity="warning" role="note" aria-label={`${TYPED_REMOVED_LABEL}: ${typedPassages === 1 ? '1 passage' : `${typedPassages} passages`}`}>
              <AlertTitle>{TYPED_REMOVED_LABEL}</AlertTitle>
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {sections.flatMap((s) =>
                  s.removesTyped.map((passage, i) => (
                    <li key={`${s.sectionId}-${i}`}>
                      {several && `${s.title}: `}“{passage}”
                    </li>
                  )),
                )}
              </Box>
            </Alert>
          )}
          {sections.map((section) => (
            <SectionDiff key={section.sectionId} section={section} titled={several} />
          ))}
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onDiscard} disabled={accepting}>
          Discard
        </Button>
        <Button variant="contained" onClick={onAccept} loading={accepting} disabled={sections.length === 0 || stale}>
          Accept change
        </Button>
      </DialogActions>
    </LazyDialog>
  );
}

/** What the marks mean, in words and with the marks themselves (never colour alone). */
function Legend() {
  return (
    <Stack direction="row" component="ul" aria-label="How changes are marked" sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, m: 0, p: 0, listStyle: 'none' }}>
      <Typography component="li" variant="body2">
        <Box component="ins" sx={(theme) => markSx(theme, 'added')}>
          Underlined
        </Box>
        : added
      </Typography>
      <Typography component="li" variant="body2">
        <Box component="del" sx={(theme) => markSx(theme, 'removed')}>
          Struck through
        </Box>
        : removed
      </Typography>
      <Typography component="li" variant="body2">
        <Box component="del" sx={(theme) => markSx(theme, 'typed')}>
          Boxed and struck through
        </Box>
        : your typing, removed
      </Typography>
    </Stack>
  );
}

function SectionDiff({ section, titled }: { section: SectionProposal; titled: boolean }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={titled ? headingId : undefined} aria-label={titled ? undefined : `Changes to ${section.title}`}>
      {titled && (
        <Typography id={headingId} variant="h3" component="h3" sx={{ mb: 1 }}>
          {section.title}
        </Typography>
      )}
      <Typography
        component="div"
        data-testid="proposal-diff"
        sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, lineHeight: 1.7 }}
      >
        {section.changes.map((change, i) => (
          <Change key={i} change={change} />
        ))}
      </Typography>
    </Box>
  );
}

function Change({ change }: { change: TextChange }) {
  if (change.kind === 'same') return <>{change.text}</>;
  // Whitespace alone added or removed needs no mark; a removed line break stays, so removed lines keep theirs.
  if (change.text.trim() === '') return change.kind === 'added' || change.text.includes('\n') ? <>{change.text}</> : null;
  const mark = change.kind === 'added' ? 'added' : change.typed ? 'typed' : 'removed';
  // Screen readers read <ins>/<del> as plain text: the words say what each mark is.
  const said = mark === 'added' ? 'Added: ' : mark === 'typed' ? 'Removed, you typed this: ' : 'Removed: ';
  return (
    <Box component={change.kind === 'added' ? 'ins' : 'del'} data-typed={mark === 'typed' ? 'true' : undefined} sx={(theme) => markSx(theme, mark)}>
      <Box component="span" sx={VISUALLY_HIDDEN}>
        {said}
      </Box>
      {change.text}
      <Box component="span" sx={VISUALLY_HIDDEN}>
        {' (end)'}
      </Box>
    </Box>
  );
}

function markSx(theme: Theme, mark: 'added' | 'removed' | 'typed') {
  const palette = (theme.vars ?? theme).palette;
  if (mark === 'added') {
    return { textDecorationLine: 'underline', textDecorationThickness: '2px', textUnderlineOffset: '3px', backgroundColor: theme.alpha(palette.success.main, 0.14), color: 'text.primary' } as const;
  }
  return {
    textDecorationLine: 'line-through',
    textDecorationThickness: '2px',
    backgroundColor: theme.alpha(mark === 'typed' ? palette.warning.main : palette.error.main, mark === 'typed' ? 0.28 : 0.12),
    color: 'text.primary',
    ...(mark === 'typed' ? { outline: `2px dashed ${palette.warning.dark}`, outlineOffset: '1px', borderRadius: '2px' } : {}),
  } as const;
}
