import { DOCUMENTATION_LIMITS, FACT_FLAG_LABEL, FACT_KIND_LABELS, SECTION_SOURCE_LABELS, type FactFlag, type Provenance, type TranscriptSegment } from '@charta/contract';
import AutoFixHighOutlined from '@mui/icons-material/AutoFixHighOutlined';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import UndoOutlined from '@mui/icons-material/UndoOutlined';
import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState, type MouseEvent, type SyntheticEvent } from 'react';
import { useUnresolvedFactsQuestion } from '@/components/feedback/UnresolvedFactsDialog';
import { unresolvedFacts } from '@/lib/fact-flags';
import { VISUALLY_HIDDEN } from '@/lib/visually-hidden';
import { useNotify } from '@/components/feedback/notifications';
import { describeError } from '@/lib/error-message';
import { proposeSectionRewrite } from '../api/documentation';
import { reportActivity } from '@/data/activity';
import { copyPlainText } from '../lib/clipboard';
import { citedSegments, highlightFor, needsCheck } from '../lib/evidence';
import { markPieces, sentenceAt } from '../lib/sentences';
import { sectionToPlainText } from '../lib/note-format';
import { copyHeader, markedPlainText } from '../lib/simulated-output';
import { sectionControls } from '../lib/section-editing';
import { useSectionEditing, type SectionEditingOptions } from '../hooks/use-section-editing';
import type { NoteReveal } from '../hooks/use-note-selection';
import { usePhoneLayout } from '../hooks/use-phone-layout';
import { ActionsMenu } from './ActionsMenu';
import { ConflictAlert, SaveStatus } from './SectionSaveFeedback';
import { ProposalDialog } from './ProposalDialog';
import { SectionRewriteDialogs, type RewriteDialog } from './SectionRewriteDialogs';
import { SectionHistoryDialog } from './SectionHistoryDialog';
import { FactFlagList } from './FactFlagList';
import { SectionSupport } from './SectionSupport';
import { SectionTextMarks } from './SectionTextMarks';
import { SentenceSupport } from './SentenceSupport';
import { useDemoCopyConfirmation } from './SimulatedOutput';

interface SectionCardProps extends SectionEditingOptions {
  /** The transcript's segments, once loaded: quotes show who said them and when. */
  segments: readonly TranscriptSegment[] | undefined;
  timed: boolean;
  /** The section's support (the writer's citations) is shown. */
  selected: boolean;
  onSelect: (sectionId: string | null) => void;
  /** Shows one segment in the transcript and plays the audio from it. */
  onShowSegment: (segmentId: string) => void;
  /** The sentence of this section the clinician is at (by the caret), if any. */
  selectedSentence: number | null;
  /** This section's sentences that use the transcript segment selected there. */
  linkedSentences: readonly number[];
  onSelectSentence: (sentenceIndex: number | null) => void;
  /** Shows one of a sentence's segments in the transcript, playing from it if asked. */
  onShowSentenceSegment: (sentenceIndex: number, segmentId: string, play: boolean) => void;
  /** A request to bring one of this section's sentences or flags into view, focused. */
  reveal: NoteReveal | null;
  /** Shows a flag of this section (a copy question's Review). */
  onRevealFlag: (flagId: string) => void;
  /** Where the note came from: simulated output asks before a copy and marks it; History names its writer. */
  provenance: Provenance;
  /** Retention deleted the transcript the AI rewrites work from: they are off (the note says why, once). */
  transcriptDeleted?: boolean;
}

/** One section of the note: its text to edit in place, its support in the transcript, and AI rewrites. */
export function SectionCard({
  sessionId,
  documentation,
  section,
  mutate,
  draft,
  updateDraft,
  segments,
  timed,
  selected,
  onSelect,
  onShowSegment,
  selectedSentence,
  linkedSentences,
  onSelectSentence,
  onShowSentenceSegment,
  reveal,
  onRevealFlag,
  provenance,
  transcriptDeleted = false,
}: SectionCardProps) {
  const headingId = useId();
  const flagsId = useId();
  const flagSummaryId = useId();
  const cardRef = useRef<HTMLElement>(null);
  const notify = useNotify();
  const editing = useSectionEditing({ sessionId, documentation, section, mutate, draft, updateDraft });
  const [dialog, setDialog] = useState<RewriteDialog | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);
  const phone = usePhoneLayout();

  const text = draft?.text ?? section.content;
  const dirty = draft !== undefined;
  const { save, working } = editing;
  const unsupported = needsCheck(section);
  const target = { documentationId: documentation.id, sectionId: section.id };

  // Every AI rewrite is a proposal first (ProposalDialog): a diff against the text, saved only if accepted.
  const regenerate = async () => {
    setActionError(null);
    setActionError(await editing.propose('regenerate', (counter) => proposeSectionRewrite({ ...target, counter }, { kind: 'regenerate' }), `${section.title} written again from the transcript.`));
  };

  const submitDialog = async (instruction: string) => {
    setDialogError(null);
    const problem =
      dialog === 'customize'
        ? await editing.propose('customize', (counter) => proposeSectionRewrite({ ...target, counter }, { kind: 'customize', instructions: instruction }), `${section.title} rewritten with your instructions.`)
        : await editing.propose('magic-edit', (counter) => proposeSectionRewrite({ ...target, counter }, { kind: 'magic-edit', instruction }), `${section.title} edited.`);
    if (problem) setDialogError(problem);
    else setDialog(null);
  };

  const proposalTitle = editing.proposal?.action === 'customize' ? 'Customize' : editing.proposal?.action === 'regenerate' ? 'Regenerate' : SECTION_SOURCE_LABELS.magic_edit_section;

  const header = copyHeader(provenance);
  const demoCopy = useDemoCopyConfirmation(header);
  const facts = unresolvedFacts([section]);
  const factsQuestion = useUnresolvedFactsQuestion({
    facts,
    action: `Copy ${section.title}`,
    proceedLabel: 'Copy anyway',
    onReview: () => {
      if (facts[0]) onRevealFlag(facts[0].flagId);
    },
  });
  const requestCopy = () => factsQuestion.request(() => demoCopy.request(() => void copy()));
  const copy = async () => {
    try {
      await copyPlainText(markedPlainText(sectionToPlainText(text), header));
      notify({ message: `${section.title} copied.`, severity: 'success' });
      void reportActivity('note.copied', sessionId);
    } catch (error) {
      notify({ message: `Could not copy: ${error instanceof Error ? error.message : describeError(error)}`, severity: 'error' });
    }
  };

  const openDialog = (which: RewriteDialog) => {
    setDialogError(null);
    setDialog(which);
  };

  // The marks and sentences are the saved text's: while a change waits for its autosave they would land on
  // the wrong words, so they wait for the answer, which is checked again.
  const sentence = selectedSentence === null ? undefined : section.sentences[selectedSentence];
  const pieces = dirty
    ? []
    : markPieces(section.content, {
        flags: section.flags,
        selected: sentence ?? null,
        linked: linkedSentences.flatMap((i) => section.sentences[i] ?? []),
      });
  const marked = pieces.some((piece) => piece.flag !== undefined || piece.sentence !== undefined);
  const unresolvedFlags = section.flags.filter((f) => f.status === 'unresolved');
  const sentenceAtCaret = (element: HTMLTextAreaElement) => (dirty ? null : sentenceAt(section.sentences, element.selectionStart));

  const confirm = async (flag: FactFlag) => {
    setActionError(null);
    setActionError(await editing.confirmFlag(flag));
  };

  // A sentence or flag asked for from elsewhere (a segment's sentences, the note's facts to check, a
  // question's Review): scrolled to and focused once per request, after the render that shows it. On a phone
  // the request comes from the Transcript tab: it waits until the Note tab is shown (nothing hidden takes the
  // focus), which is a later render.
  const handledReveal = useRef<number | null>(null);
  useEffect(() => {
    if (!reveal || reveal.sectionId !== section.id || handledReveal.current === reveal.nonce) return;
    const card = cardRef.current;
    if (!card || card.closest('[hidden]')) return;
    handledReveal.current = reveal.nonce;
    const target =
      reveal.flagId !== undefined
        ? card.querySelector<HTMLElement>(`[data-flag-id="${CSS.escape(reveal.flagId)}"]`)
        : card.querySelector<HTMLElement>('[data-reveal="sentence"] [data-reveal-focus]');
    (target ?? card).scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    target?.focus({ preventScroll: true });
  });

  const cited = segments ? citedSegments(section.evidence, segments) : [];
  const missing = segments ? highlightFor(section.evidence, segments).missing.length : 0;
  const busy = working !== null;
  const edits = sectionControls({ dirty, rewriting: busy, saving: save.kind === 'saving' });
  const controls = transcriptDeleted ? { ...edits, rewriteBlocked: true, explainRewriteBlocked: false } : edits;

  return (
    <Card
      component="section"
      ref={cardRef}
      aria-labelledby={headingId}
      onClick={() => {
        if (!selected && selectedSentence === null) onSelect(section.id);
      }}
      sx={{
        borderColor: selected || selectedSentence !== null ? 'primary.main' : undefined,
        // A second pixel of outline, so the selected section reads at a glance.
        boxShadow: (theme) => (selected || selectedSentence !== null ? `0 0 0 1px ${(theme.vars ?? theme).palette.primary.main}` : 'none'),
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
            {editing.canUndo && (
              <Button
                size="small"
                startIcon={<UndoOutlined />}
                loading={editing.undoing}
                onClick={(event) => {
                  event.stopPropagation();
                  void editing.undo().then(setActionError);
                }}
              >
                Undo
              </Button>
            )}
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
            disabled={controls.textLocked}
            // The textarea above its marks (SectionTextMarks), which show through it.
            sx={{ '& textarea': { position: 'relative', zIndex: 1 } }}
            slotProps={{
              input: { startAdornment: marked ? <SectionTextMarks pieces={pieces} /> : undefined },
              htmlInput: {
                'aria-labelledby': headingId,
                'aria-describedby': unresolvedFlags.length > 0 ? flagSummaryId : undefined,
                maxLength: DOCUMENTATION_LIMITS.sectionContent,
                spellCheck: true,
                // Where the caret is (a click, an arrow key) is the sentence the clinician is at: its support
                // is shown under the text and marked in the transcript.
                onSelect: (event: SyntheticEvent<HTMLTextAreaElement>) => {
                  const index = sentenceAtCaret(event.currentTarget);
                  if (index !== null && index !== selectedSentence) onSelectSentence(index);
                },
                // A click on a sentence selects the sentence, not the whole section.
                onClick: (event: MouseEvent<HTMLTextAreaElement>) => {
                  if (sentenceAtCaret(event.currentTarget) !== null) event.stopPropagation();
                },
              },
            }}
          />
          {unresolvedFlags.length > 0 && (
            <Box component="span" id={flagSummaryId} sx={VISUALLY_HIDDEN}>
              {unresolvedFlags.length === 1 ? '1 fact' : `${unresolvedFlags.length} facts`} {FACT_FLAG_LABEL.toLowerCase()}:{' '}
              {unresolvedFlags.map((f) => `“${f.text}” (${FACT_KIND_LABELS[f.kind]})`).join(', ')}.
            </Box>
          )}
          <FactFlagList
            id={flagsId}
            sectionTitle={section.title}
            flags={section.flags}
            stale={dirty}
            confirming={editing.confirmingFlag}
            onConfirm={(flag) => void confirm(flag)}
            onShowSentence={onSelectSentence}
          />
          {sentence && (
            <SentenceSupport
              sentence={sentence}
              segments={segments}
              timed={timed}
              onShowSegment={(segmentId, play) => onShowSentenceSegment(selectedSentence!, segmentId, play)}
              onClose={() => onSelectSentence(null)}
            />
          )}

          {save.kind === 'conflict' && dirty && <ConflictAlert latest={save.latest} onOverwrite={() => void editing.overwrite()} onTakeLatest={editing.takeLatest} />}
          {save.kind === 'error' && (
            <Alert
              severity="error"
              role="alert"
              action={
                <Button color="inherit" size="small" onClick={() => void editing.saveDraft()}>
                  Try again
                </Button>
              }
            >
              {save.message}
            </Alert>
          )}
          {actionError && (
            <Alert severity="error" role="alert" onClose={() => setActionError(null)}>
              {actionError}
            </Alert>
          )}

          {phone ? (
            // A phone: Copy in sight, the rest in one menu (five buttons wrapped raggedly at 390 px).
            <Stack direction="row" sx={{ gap: 1, alignItems: 'center', justifyContent: 'flex-end' }}>
              <Button size="small" startIcon={<ContentCopyOutlined />} onClick={requestCopy}>
                Copy
              </Button>
              <ActionsMenu
                label={`More actions for ${section.title}`}
                actions={[
                  { label: 'History', icon: <HistoryOutlined fontSize="small" />, onSelect: () => setHistoryOpen(true) },
                  // The action's name is the one its versions carry in the history.
                  { label: SECTION_SOURCE_LABELS.magic_edit_section, icon: <AutoFixHighOutlined fontSize="small" />, onSelect: () => openDialog('magic-edit'), disabled: controls.rewriteBlocked },
                  { label: 'Regenerate', icon: <RefreshOutlined fontSize="small" />, onSelect: () => void regenerate(), disabled: controls.rewriteBlocked },
                  { label: 'Customize', icon: <TuneOutlined fontSize="small" />, onSelect: () => openDialog('customize'), disabled: controls.rewriteBlocked },
                ]}
              />
            </Stack>
          ) : (
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
              <Button size="small" startIcon={<HistoryOutlined />} onClick={() => setHistoryOpen(true)}>
                History
              </Button>
              <Box sx={{ flexGrow: 1 }} />
              <Button size="small" startIcon={<AutoFixHighOutlined />} onClick={() => openDialog('magic-edit')} disabled={controls.rewriteBlocked}>
                Magic edit
              </Button>
              <Button size="small" startIcon={<RefreshOutlined />} onClick={() => void regenerate()} disabled={controls.rewriteBlocked}>
                Regenerate
              </Button>
              <Button size="small" startIcon={<TuneOutlined />} onClick={() => openDialog('customize')} disabled={controls.rewriteBlocked}>
                Customize
              </Button>
              <Button size="small" startIcon={<ContentCopyOutlined />} onClick={requestCopy}>
                Copy
              </Button>
            </Stack>
          )}
          {controls.explainRewriteBlocked && (
            <Typography variant="body2" color="text.secondary">
              Your changes save by themselves in a moment; then Magic edit, Regenerate and Customize are back.
            </Typography>
          )}

          {selected && section.evidence.length > 0 && (
            <SectionSupport
              cited={cited}
              missing={missing}
              loaded={segments !== undefined}
              timed={timed}
              onShowSegment={onShowSegment}
            />
          )}
        </Stack>
      </CardContent>

      <SectionRewriteDialogs
        sectionTitle={section.title}
        open={dialog}
        working={working}
        error={dialogError}
        onSubmit={(instruction) => void submitDialog(instruction)}
        onClose={() => setDialog(null)}
      />
      <ProposalDialog
        proposal={editing.proposal?.proposal ?? null}
        title={`${proposalTitle}: ${section.title}`}
        accepting={editing.accepting}
        stale={editing.proposal?.stale ?? false}
        error={editing.proposalError}
        onAccept={() => void editing.accept()}
        onDiscard={editing.discardProposal}
      />
      <SectionHistoryDialog
        open={historyOpen}
        documentationId={documentation.id}
        sectionId={section.id}
        sectionTitle={section.title}
        provenance={provenance}
        onRestore={editing.restoreVersion}
        onClose={() => setHistoryOpen(false)}
      />
      {demoCopy.dialog}
      {factsQuestion.dialog}
    </Card>
  );
}
