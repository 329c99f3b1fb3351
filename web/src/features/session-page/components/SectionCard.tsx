import { DOCUMENTATION_LIMITS, type Documentation, type DocumentationSection, type TranscriptSegment } from '@charta/contract';
import AutoFixHighOutlined from '@mui/icons-material/AutoFixHighOutlined';
import CheckCircleOutlineOutlined from '@mui/icons-material/CheckCircleOutlineOutlined';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import type { KeyedMutator } from 'swr';
import { useNotify } from '@/components/feedback/notifications';
import { describeError } from '@/lib/error-message';
import { formatClock } from '@/lib/format';
import { customizeSection, magicEditSection, regenerateSection } from '../api/documentation';
import { copyPlainText } from '../lib/clipboard';
import { citedSegments, highlightFor, needsCheck } from '../lib/evidence';
import { sectionToPlainText } from '../lib/note-format';
import { speakerColor, speakerLabel } from '../lib/speakers';
import { useSectionEditing, type Draft } from '../hooks/use-section-editing';
import { InstructionDialog } from './InstructionDialog';

export const MAGIC_EDIT_EXAMPLES = ['Make it shorter', 'Use bullet points', 'Write it as a paragraph', 'Make it more formal'] as const;
const CUSTOMIZE_EXAMPLES = [
  'List each medication with dose and frequency',
  'Only include what the patient reported',
  'Write it as bullet points, one per problem',
] as const;

interface SectionCardProps {
  sessionId: string;
  documentation: Documentation;
  section: DocumentationSection;
  mutate: KeyedMutator<Documentation>;
  draft: Draft | undefined;
  updateDraft: (update: (draft: Draft | undefined) => Draft | undefined) => void;
  /** The transcript's segments, once loaded: quotes show who said them and when. */
  segments: readonly TranscriptSegment[] | undefined;
  timed: boolean;
  selected: boolean;
  onSelect: (sectionId: string | null) => void;
  /** Shows one segment in the transcript and plays the audio from it. */
  onShowSegment: (segmentId: string) => void;
}

type OpenDialog = 'customize' | 'magic-edit' | null;

/** One section of the note: its text to edit in place, its support in the transcript, and AI rewrites. */
export function SectionCard({ sessionId, documentation, section, mutate, draft, updateDraft, segments, timed, selected, onSelect, onShowSegment }: SectionCardProps) {
  const headingId = useId();
  const notify = useNotify();
  const editing = useSectionEditing({ sessionId, documentation, section, mutate, draft, updateDraft });
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  const text = draft?.text ?? section.content;
  const dirty = draft !== undefined;
  const { save, working } = editing;
  const unsupported = needsCheck(section);
  const target = { documentationId: documentation.id, sectionId: section.id };

  const regenerate = async () => {
    setActionError(null);
    setActionError(await editing.rewrite('regenerate', (counter) => regenerateSection({ ...target, counter }), `${section.title} written again from the transcript.`));
  };

  const submitDialog = async (instruction: string) => {
    setDialogError(null);
    const problem =
      dialog === 'customize'
        ? await editing.rewrite('customize', (counter) => customizeSection({ ...target, counter, instructions: instruction }), `${section.title} rewritten with your instructions.`)
        : await editing.rewrite('magic-edit', (counter) => magicEditSection({ ...target, counter, instruction }), `${section.title} edited.`);
    if (problem) setDialogError(problem);
    else setDialog(null);
  };

  const copy = async () => {
    try {
      await copyPlainText(sectionToPlainText(text));
      notify({ message: `${section.title} copied.`, severity: 'success' });
    } catch (error) {
      notify({ message: `Could not copy: ${error instanceof Error ? error.message : describeError(error)}`, severity: 'error' });
    }
  };

  const openDialog = (which: Exclude<OpenDialog, null>) => {
    setDialogError(null);
    setDialog(which);
  };

  const cited = segments ? citedSegments(section.evidence, segments) : [];
  const missing = segments ? highlightFor(section.evidence, segments).missing.length : 0;
  const busy = working !== null;
  const aiBlocked = dirty || busy || save.kind === 'saving';

  return (
    <Card
      component="section"
      aria-labelledby={headingId}
      onClick={() => {
        if (!selected) onSelect(section.id);
      }}
      sx={{
        borderColor: selected ? 'primary.main' : undefined,
        // A second pixel of outline, so the selected section reads at a glance.
        boxShadow: (theme) => (selected ? `0 0 0 1px ${(theme.vars ?? theme).palette.primary.main}` : 'none'),
        transition: 'border-color 150ms, box-shadow 150ms',
      }}
    >
      {busy && <LinearProgress aria-label={`Rewriting ${section.title}`} />}
      <CardContent>
        <Stack spacing={1.5}>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography id={headingId} variant="h3" component="h3" sx={{ flexGrow: 1 }}>
              {section.title}
            </Typography>
            <SaveStatus dirty={dirty} phase={save.kind} />
            {section.evidence.length > 0 && (
              <Button
                size="small"
                variant={selected ? 'outlined' : 'text'}
                aria-pressed={selected}
                onClick={(event) => {
                  event.stopPropagation();
                  onSelect(selected ? null : section.id);
                }}
              >
                {selected ? 'Hide transcript support' : `Show transcript support (${section.evidence.length})`}
              </Button>
            )}
          </Stack>

          {unsupported && (
            <Alert severity="warning" variant="outlined" sx={{ py: 0 }}>
              Not supported by the transcript: check it.
            </Alert>
          )}

          <TextField
            value={text}
            onChange={(event) => editing.edit(event.target.value)}
            multiline
            minRows={2}
            disabled={busy}
            slotProps={{ htmlInput: { 'aria-labelledby': headingId, maxLength: DOCUMENTATION_LIMITS.sectionContent, spellCheck: true } }}
          />

          {save.kind === 'conflict' && dirty && (
            <Alert
              severity="warning"
              role="alert"
              action={
                <Stack spacing={1}>
                  <Button color="inherit" size="small" variant="outlined" onClick={() => void editing.overwrite()}>
                    Overwrite with mine
                  </Button>
                  <Button color="inherit" size="small" onClick={editing.takeLatest}>
                    Reload latest
                  </Button>
                </Stack>
              }
            >
              <AlertTitle>This section was changed elsewhere</AlertTitle>
              Someone (perhaps you, in another tab or device) saved a different version after you started editing. Nothing was saved over: your text is
              still in the box above. The latest saved version is:
              <Box component="blockquote" sx={{ m: 0, mt: 1, pl: 1.5, borderLeft: 3, borderColor: 'warning.main', whiteSpace: 'pre-wrap' }}>
                {save.latest || '(empty)'}
              </Box>
            </Alert>
          )}
          {save.kind === 'error' && (
            <Alert severity="error" role="alert">
              {save.message}
            </Alert>
          )}
          {actionError && (
            <Alert severity="error" role="alert" onClose={() => setActionError(null)}>
              {actionError}
            </Alert>
          )}

          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            {dirty && (
              <>
                <Button variant="contained" size="small" onClick={() => void editing.saveDraft()} loading={save.kind === 'saving'}>
                  Save
                </Button>
                <Button size="small" onClick={editing.discard} disabled={save.kind === 'saving'}>
                  Discard changes
                </Button>
              </>
            )}
            <Box sx={{ flexGrow: 1 }} />
            <Button size="small" startIcon={<AutoFixHighOutlined />} onClick={() => openDialog('magic-edit')} disabled={aiBlocked}>
              Magic edit
            </Button>
            <Button size="small" startIcon={<RefreshOutlined />} onClick={() => void regenerate()} disabled={aiBlocked}>
              Regenerate
            </Button>
            <Button size="small" startIcon={<TuneOutlined />} onClick={() => openDialog('customize')} disabled={aiBlocked}>
              Customize
            </Button>
            <Button size="small" startIcon={<ContentCopyOutlined />} onClick={() => void copy()}>
              Copy
            </Button>
          </Stack>
          {dirty && (
            <Typography variant="body2" color="text.secondary">
              Save or discard your changes to use Magic edit, Regenerate or Customize.
            </Typography>
          )}

          {selected && section.evidence.length > 0 && (
            <SupportList
              cited={cited}
              missing={missing}
              loaded={segments !== undefined}
              timed={timed}
              onShowSegment={onShowSegment}
            />
          )}
        </Stack>
      </CardContent>

      <InstructionDialog
        open={dialog === 'magic-edit'}
        title={`Magic edit: ${section.title}`}
        description="Say how this section should change. Its current text is rewritten; nothing is added that the transcript does not support."
        fieldLabel="What should change?"
        examples={MAGIC_EDIT_EXAMPLES}
        submitLabel="Apply"
        busy={working === 'magic-edit'}
        error={dialogError}
        onSubmit={(instruction) => void submitDialog(instruction)}
        onClose={() => setDialog(null)}
      />
      <InstructionDialog
        open={dialog === 'customize'}
        title={`Customize: ${section.title}`}
        description="New instructions for this section of this note. It is written again from the transcript; your template does not change."
        fieldLabel="Instructions for this section"
        examples={CUSTOMIZE_EXAMPLES}
        submitLabel="Rewrite section"
        busy={working === 'customize'}
        error={dialogError}
        onSubmit={(instruction) => void submitDialog(instruction)}
        onClose={() => setDialog(null)}
      />
    </Card>
  );
}

function SaveStatus({ dirty, phase }: { dirty: boolean; phase: string }) {
  let content: ReactNode = null;
  if (phase === 'saving') content = <Typography variant="body2" color="text.secondary">Saving…</Typography>;
  else if (dirty) content = <Typography variant="body2" color="warning.main">Unsaved changes</Typography>;
  else if (phase === 'saved')
    content = (
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'success.main' }}>
        <CheckCircleOutlineOutlined fontSize="small" />
        <Typography variant="body2">Saved</Typography>
      </Stack>
    );
  return (
    <Box role="status" aria-live="polite">
      {content}
    </Box>
  );
}

interface SupportListProps {
  cited: { segment: TranscriptSegment; quote: string }[];
  missing: number;
  loaded: boolean;
  timed: boolean;
  onShowSegment: (segmentId: string) => void;
}

/** The quotes that back the section, each linked to its place in the transcript. */
function SupportList({ cited, missing, loaded, timed, onShowSegment }: SupportListProps) {
  if (!loaded) {
    return (
      <Typography variant="body2" color="text.secondary">
        Loading the transcript…
      </Typography>
    );
  }
  return (
    <Box sx={{ bgcolor: 'action.hover', borderRadius: 1, p: 1.5 }}>
      <Typography variant="body2" sx={{ fontWeight: 600, mb: 1 }}>
        Supported by {cited.length} transcript segment{cited.length === 1 ? '' : 's'} (highlighted in the transcript)
      </Typography>
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label="Supporting quotes">
        {cited.map(({ segment, quote }) => (
          <Stack component="li" key={segment.id} direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
            <Chip size="small" label={speakerLabel(segment.speaker)} color={speakerColor(segment.speaker)} variant="outlined" />
            <Button
              size="small"
              sx={{ minWidth: 0, px: 0.5, fontVariantNumeric: 'tabular-nums' }}
              onClick={(event) => {
                event.stopPropagation();
                onShowSegment(segment.id);
              }}
              aria-label={timed ? `Show in transcript, at ${formatClock(segment.startMs)}` : 'Show in transcript'}
            >
              {timed ? formatClock(segment.startMs) : 'Show'}
            </Button>
            <Typography variant="body2" sx={{ fontStyle: 'italic' }}>
              “{quote}”
            </Typography>
          </Stack>
        ))}
      </Stack>
      {missing > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {missing} cited segment{missing === 1 ? ' is' : 's are'} no longer in the transcript.
        </Typography>
      )}
    </Box>
  );
}
