import { noteProvenance, SECTION_SOURCE_LABELS, type Documentation, type DocumentationProposal, type Session, type TranscriptSegment } from '@charta/contract';
import AutoFixHighOutlined from '@mui/icons-material/AutoFixHighOutlined';
import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useState } from 'react';
import type { KeyedMutator } from 'swr';
import { ConfirmDialog } from '@/components/feedback/ConfirmDialog';
import { useUnresolvedFactsQuestion } from '@/components/feedback/UnresolvedFactsDialog';
import { factCount, unresolvedFacts } from '@/lib/fact-flags';
import { useNotify } from '@/components/feedback/notifications';
import { useLeaveGuard } from '@/lib/use-leave-guard';
import { describeError } from '@/lib/error-message';
import { useSubmit } from '@/lib/use-submit';
import { NO_CAPTURE_CLASS } from '@/lib/analytics';
import { acceptProposal, getDocumentation, proposeNoteEdit, proposeRegenerate } from '../api/documentation';
import type { Draft } from '../hooks/use-section-editing';
import type { NoteReveal, NoteSelection } from '../hooks/use-note-selection';
import type { SentenceRef, SentenceUse } from '../lib/sentences';
import { useNoteDone } from '../hooks/use-note-done';
import { usePhoneLayout } from '../hooks/use-phone-layout';
import { isStaleCounter, STALE_NOTE_MESSAGE, STALE_PROPOSAL_MESSAGE } from '../lib/section-editing';
import { reportActivity } from '@/data/activity';
import { copyRichText } from '../lib/clipboard';
import { needsCheck } from '../lib/evidence';
import { VISUALLY_HIDDEN } from '@/lib/visually-hidden';
import { noteToHtml, noteToPlainText } from '../lib/note-format';
import { copyHeader, markedForCopy, noteWarning } from '../lib/simulated-output';
import { OutputWarningAlert } from '@/components/feedback/OutputWarningAlert';
import { ActionsMenu } from './ActionsMenu';
import { InstructionDialog } from './InstructionDialog';
import { PrintableNote } from './PrintableNote';
import { ProposalDialog } from './ProposalDialog';
import { SectionCard } from './SectionCard';
import { useDemoCopyConfirmation } from './SimulatedOutput';
import { MAGIC_EDIT_EXAMPLES } from './SectionRewriteDialogs';

interface DocumentationPanelProps {
  sessionId: string;
  documentation: Documentation;
  mutate: KeyedMutator<Documentation>;
  segments: readonly TranscriptSegment[] | undefined;
  timed: boolean;
  /** The section, or the sentence of one, the clinician selected. */
  selection: NoteSelection | null;
  onSelectSection: (sectionId: string | null) => void;
  onShowSegment: (sectionId: string, segmentId: string) => void;
  /** The sentences that use the transcript segment selected there, marked in the text. */
  linkedSentences: readonly SentenceUse[];
  onSelectSentence: (ref: SentenceRef | null) => void;
  onShowSentenceSegment: (ref: SentenceRef, segmentId: string, play: boolean) => void;
  reveal: NoteReveal | null;
  /** Brings a flag into view, focused (on a phone, in the Note tab). */
  onRevealFlag: (sectionId: string, flagId: string) => void;
  /** The transcript's engine (once known): a note written from a simulated transcript is simulated too. */
  transcriptEngine: string | undefined;
  /** What the printed note is headed with. */
  session: Pick<Session, 'patientName' | 'createdAt' | 'templateId'>;
  /**
   * "Transcript deleted on 3 Dec (your 30-day setting)" when retention deleted it (docs/privacy.md "Retention"): every
   * AI action works from the transcript, so they are off and the note says why.
   */
  transcriptDeleted?: string | null;
}

/** The note, section by section, with what applies to all of it: copy it for the EHR, edit it with AI. */
export function DocumentationPanel({
  sessionId,
  documentation,
  mutate,
  segments,
  timed,
  selection,
  onSelectSection,
  onShowSegment,
  linkedSentences,
  onSelectSentence,
  onShowSentenceSegment,
  reveal,
  onRevealFlag,
  transcriptEngine,
  session,
  transcriptDeleted = null,
}: DocumentationPanelProps) {
  const notify = useNotify();
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [magicOpen, setMagicOpen] = useState(false);
  // A note-wide proposal (magic edit, regenerate), shown as a diff until the clinician accepts or discards it.
  const [proposal, setProposal] = useState<{ proposal: DocumentationProposal; stale: boolean } | null>(null);
  // Done (reviewed and signed off): shown here and in the list; editing a done note asks first.
  const noteDone = useNoteDone(sessionId);
  // A phone keeps Copy note in sight and folds the rest into a menu, instead of a row that wraps raggedly.
  const phone = usePhoneLayout();

  const dirtyTitles = documentation.sections.filter((s) => drafts[s.id] !== undefined).map((s) => s.title);
  const dirty = dirtyTitles.length > 0;
  const unsupported = documentation.sections.filter(needsCheck).length;

  const updateDraft = useCallback((sectionId: string, update: (draft: Draft | undefined) => Draft | undefined) => {
    setDrafts((current) => {
      const next = update(current[sectionId]);
      if (next === current[sectionId]) return current;
      const copy = { ...current };
      if (next === undefined) delete copy[sectionId];
      else copy[sectionId] = next;
      return copy;
    });
  }, []);

  // Unsaved text is not lost by accident: leaving in the app asks; closing or reloading the tab too.
  const blocker = useLeaveGuard(dirty);

  // What is on screen, unsaved edits included: what the clinician reads is what they paste.
  const shown = documentation.sections.map((s) => ({ title: s.title, content: drafts[s.id]?.text ?? s.content }));

  const provenance = noteProvenance(documentation.engine, transcriptEngine);
  const warning = noteWarning(documentation.engine, transcriptEngine);
  // A simulated note's copy and print start with what it is (and copying asks first).
  const header = copyHeader(provenance);
  const demoCopy = useDemoCopyConfirmation(header);
  // The facts the transcript does not support, unless edited away or confirmed: copying asks first.
  const facts = unresolvedFacts(documentation.sections);
  const reviewFacts = () => {
    if (facts[0]) onRevealFlag(facts[0].sectionId, facts[0].flagId);
  };
  const factsQuestion = useUnresolvedFactsQuestion({ facts, action: 'Copy the note', proceedLabel: 'Copy anyway', onReview: reviewFacts });

  const copyNote = async () => {
    try {
      const how = await copyRichText(markedForCopy({ plain: noteToPlainText(shown), html: noteToHtml(shown) }, header));
      notify({ message: how === 'rich' ? 'Note copied, with its formatting.' : 'Note copied as plain text.', severity: 'success' });
      void reportActivity('note.copied', sessionId);
    } catch (error) {
      notify({ message: `Could not copy: ${error instanceof Error ? error.message : describeError(error)}`, severity: 'error' });
    }
  };

  const toggleDone = async () => {
    const done = noteDone.doneAt === null;
    try {
      await noteDone.markDone(done);
      notify({ message: done ? 'Note marked as done.' : 'Note reopened.', severity: 'success' });
    } catch (error) {
      notify({ message: `Could not ${done ? 'mark the note as done' : 'reopen the note'}: ${describeError(error)}`, severity: 'error' });
    }
  };

  /** The latest note in the cache after a stale counter; resolves to the message to show. */
  const reloadAfterStale = async (stale: string): Promise<string> => {
    try {
      await mutate(await getDocumentation(sessionId), { revalidate: false });
      return stale;
    } catch (reloadError) {
      return describeError(reloadError);
    }
  };

  const accept = useSubmit(
    async (offered: DocumentationProposal) => {
      await mutate(await acceptProposal(offered), { revalidate: false });
      setProposal(null);
      notify({ message: offered.change === 'regenerate_note' ? 'Note regenerated.' : 'Note edited.', severity: 'success' });
    },
    {
      describe: (error) => {
        if (!isStaleCounter(error)) return describeError(error);
        setProposal((shown) => shown && { ...shown, stale: true });
        return reloadAfterStale(STALE_PROPOSAL_MESSAGE);
      },
    },
  );

  // Asks for the edit as a proposal: nothing changes until the clinician accepts it.
  const magicEdit = useSubmit(
    async (instruction: string) => {
      const made = await proposeNoteEdit({ documentationId: documentation.id, instruction, counter: documentation.counter });
      setMagicOpen(false);
      accept.clearError();
      setProposal({ proposal: made, stale: false });
    },
    { describe: (error) => (isStaleCounter(error) ? reloadAfterStale(STALE_NOTE_MESSAGE) : describeError(error)) },
  );
  const requestMagicEdit = async (instruction: string) => {
    if (await noteDone.ensureEditable()) await magicEdit.submit(instruction);
  };

  // Regenerate writes the whole note again as a proposal too: the clinician's typing it would remove is called
  // out in the diff, and nothing changes until they accept (docs/decisions.md "Regenerating the whole note").
  // Its failure is a notification: there is no dialog open to hold it.
  const regenerate = useSubmit(
    async () => {
      const made = await proposeRegenerate({ sessionId, counter: documentation.counter });
      accept.clearError();
      setProposal({ proposal: made, stale: false });
    },
    {
      describe: async (error) => {
        notify({ message: `Could not regenerate the note: ${isStaleCounter(error) ? await reloadAfterStale(STALE_NOTE_MESSAGE) : describeError(error)}`, severity: 'error' });
        return null;
      },
    },
  );
  const regenerateNote = async () => {
    if (await noteDone.ensureEditable()) await regenerate.submit();
  };

  const doneLabel = noteDone.doneAt === null ? 'Mark as done' : 'Reopen';
  // By Copy, where the note leaves the app: how many facts wait for a check, and the way to the first. (On a
  // phone, on its own line under Copy: beside it, the note's menu wrapped onto a line of its own at 390 px.)
  const factsButton = facts.length > 0 && (
    <Button color="warning" variant="outlined" startIcon={<WarningAmberOutlined />} onClick={reviewFacts} sx={{ color: 'warning.dark', borderColor: 'warning.dark', flexShrink: 0 }}>
      {factCount(facts.length)} to check
    </Button>
  );
  const openMagicEdit = () => {
    magicEdit.clearError();
    setMagicOpen(true);
  };

  return noteDone.provide(
    <Stack spacing={2} component="section" aria-labelledby="documentation-heading" className={NO_CAPTURE_CLASS}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        {/* On a phone the Note tab says what this is: the heading is for screen readers only, and Copy note
            and the menu keep one row (beside it they wrapped at 390 px). */}
        <Typography id="documentation-heading" variant="h2" sx={phone ? VISUALLY_HIDDEN : { flexGrow: 1 }}>
          Documentation
        </Typography>
        {noteDone.doneAt !== null && <Chip color="success" variant="outlined" icon={<TaskAltOutlined />} label="Done" />}
        {phone && <Box sx={{ flexGrow: 1 }} />}
        {!phone && (
          <Button startIcon={noteDone.doneAt === null ? <TaskAltOutlined /> : undefined} loading={noteDone.busy} onClick={() => void toggleDone()}>
            {doneLabel}
          </Button>
        )}
        {!phone && (
          <Button startIcon={<AutoFixHighOutlined />} onClick={openMagicEdit} disabled={dirty || transcriptDeleted !== null}>
            Magic edit note
          </Button>
        )}
        {!phone && (
          <Button startIcon={<RefreshOutlined />} onClick={() => void regenerateNote()} loading={regenerate.busy} disabled={dirty || transcriptDeleted !== null}>
            Regenerate note
          </Button>
        )}
        {!phone && factsButton}
        {!phone && (
          // The print layout (PrintableNote) reports the print itself, however it was started.
          <Button startIcon={<PrintOutlined />} onClick={() => window.print()}>
            Print
          </Button>
        )}
        <Button variant="contained" startIcon={<ContentCopyOutlined />} onClick={() => factsQuestion.request(() => demoCopy.request(() => void copyNote()))}>
          Copy note
        </Button>
        {phone && (
          <ActionsMenu
            label="More actions for the note"
            actions={[
              { label: doneLabel, icon: <TaskAltOutlined fontSize="small" />, onSelect: () => void toggleDone(), disabled: noteDone.busy },
              { label: 'Magic edit note', icon: <AutoFixHighOutlined fontSize="small" />, onSelect: openMagicEdit, disabled: dirty || transcriptDeleted !== null },
              { label: 'Regenerate note', icon: <RefreshOutlined fontSize="small" />, onSelect: () => void regenerateNote(), disabled: regenerate.busy || dirty || transcriptDeleted !== null },
              { label: 'Print', icon: <PrintOutlined fontSize="small" />, onSelect: () => window.print() },
            ]}
          />
        )}
      </Stack>
      {phone && factsButton && <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: -1 }}>{factsButton}</Box>}
      {transcriptDeleted !== null && (
        <Alert severity="info">
          {transcriptDeleted}. Magic edit, Regenerate, Customize and Chat work from the transcript, so they are unavailable; the note stays yours to edit and copy.
        </Alert>
      )}
      <Typography variant="body2" color="text.secondary">
        Written from the transcript. Check it before you paste it into the record: click a sentence (or move to it with the arrow keys) to see what in the transcript
        supports it. Facts not found in the transcript are underlined and listed under their section.
        {dirty && ` Your changes in ${dirtyTitles.join(', ')} save by themselves in a moment; then you can edit the whole note.`}
      </Typography>
      <OutputWarningAlert warning={warning} />
      {unsupported > 0 && (
        <Alert severity="warning">
          {unsupported === 1 ? '1 section is' : `${unsupported} sections are`} not supported by anything in the transcript. Check {unsupported === 1 ? 'it' : 'them'}{' '}
          before using the note.
        </Alert>
      )}

      {documentation.sections.length === 0 && <Alert severity="info">This note has no sections.</Alert>}
      {noteDone.dialog}
      <PrintableNote
        sessionId={sessionId}
        patientName={session.patientName}
        createdAt={session.createdAt}
        templateId={session.templateId}
        sections={shown}
        simulatedNotice={header}
      />
      {documentation.sections.map((section) => (
        <SectionCard
          key={section.id}
          sessionId={sessionId}
          documentation={documentation}
          section={section}
          mutate={mutate}
          draft={drafts[section.id]}
          updateDraft={(update) => updateDraft(section.id, update)}
          segments={segments}
          timed={timed}
          selected={selection?.sectionId === section.id && selection.sentenceIndex === null}
          onSelect={onSelectSection}
          onShowSegment={(segmentId) => onShowSegment(section.id, segmentId)}
          selectedSentence={selection?.sectionId === section.id ? selection.sentenceIndex : null}
          linkedSentences={linkedSentences.filter((use) => use.sectionId === section.id).map((use) => use.sentenceIndex)}
          onSelectSentence={(sentenceIndex) => onSelectSentence(sentenceIndex === null ? null : { sectionId: section.id, sentenceIndex })}
          onShowSentenceSegment={(sentenceIndex, segmentId, play) => onShowSentenceSegment({ sectionId: section.id, sentenceIndex }, segmentId, play)}
          reveal={reveal?.sectionId === section.id ? reveal : null}
          onRevealFlag={(flagId) => onRevealFlag(section.id, flagId)}
          provenance={provenance}
          transcriptDeleted={transcriptDeleted !== null}
        />
      ))}

      <InstructionDialog
        open={magicOpen}
        title="Magic edit: the whole note"
        description="Say how the note should change. Every section is rewritten accordingly, and you see the changes before anything is saved; sections the session did not cover stay as they are."
        fieldLabel="What should change?"
        examples={MAGIC_EDIT_EXAMPLES}
        submitLabel="Show the changes"
        busy={magicEdit.busy}
        error={magicEdit.error}
        onSubmit={(instruction) => void requestMagicEdit(instruction)}
        onClose={() => setMagicOpen(false)}
      />
      <ProposalDialog
        proposal={proposal?.proposal ?? null}
        title={proposal?.proposal.change === 'regenerate_note' ? 'Regenerate note' : SECTION_SOURCE_LABELS.magic_edit_note}
        accepting={accept.busy}
        stale={proposal?.stale ?? false}
        error={accept.error}
        onAccept={() => proposal && void accept.submit(proposal.proposal)}
        onDiscard={() => setProposal(null)}
      />
      {demoCopy.dialog}
      {factsQuestion.dialog}
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title="Leave without saving?"
        confirmLabel="Leave and discard"
        cancelLabel="Stay"
        destructive
        onConfirm={() => blocker.proceed?.()}
        onClose={() => blocker.reset?.()}
      >
        Your changes to {dirtyTitles.join(', ')} are not saved yet.
      </ConfirmDialog>
    </Stack>
  );
}
