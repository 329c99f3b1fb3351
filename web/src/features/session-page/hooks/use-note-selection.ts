// What the session page points at, between the note and the transcript: a selected section or sentence
// (its segments marked in the transcript), a selected segment (its sentences marked in the note), and
// requests to bring a sentence or a flag into view. One place, so the note, the transcript, the chat and a
// phone's tabs agree on it.
import type { DocumentationSection, Evidence } from '@charta/contract';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { SessionView } from '../lib/session-view';
import type { TranscriptFocus } from '../lib/evidence';
import { sentenceEvidence, sentencesBySegment, type SentenceRef, type SentenceUse } from '../lib/sentences';

/** A section selected (its support shown), or one sentence of it. */
export interface NoteSelection {
  sectionId: string;
  sentenceIndex: number | null;
}

/** Bring a sentence's support, or a flag, into view and give it the focus (`nonce`: each request anew). */
export type NoteReveal = { sectionId: string; nonce: number } & ({ sentenceIndex: number; flagId?: undefined } | { flagId: string; sentenceIndex?: undefined });

interface Options {
  sections: readonly DocumentationSection[] | undefined;
  /** The transcript has times: showing a segment plays the audio from it. */
  timed: boolean;
  /** The transcript is beside the note (wide screens): nothing to scroll the page to. */
  wide: boolean;
  phone: boolean;
  setView: (view: SessionView) => void;
  /** The chat drawer covers the transcript below wide screens: a citation shown closes it. */
  closeChatDrawer: () => void;
}

export function useNoteSelection({ sections, timed, wide, phone, setView, closeChatDrawer }: Options) {
  const [selection, setSelection] = useState<NoteSelection | null>(null);
  const [focus, setFocus] = useState<TranscriptFocus | null>(null);
  const [selectedSegmentId, setSelectedSegmentId] = useState<string | null>(null);
  const [reveal, setReveal] = useState<NoteReveal | null>(null);
  const nonce = useRef(0);
  const next = () => (nonce.current += 1);

  const focusOn = useCallback((request: Omit<TranscriptFocus, 'nonce'>) => setFocus({ ...request, nonce: next() }), []);
  const sectionOf = useCallback((sectionId: string) => sections?.find((s) => s.id === sectionId), [sections]);
  const sentenceLabel = (section: DocumentationSection, index: number) => `Sentence ${index + 1} of ${section.title}`;

  /** A section's support (the writer's citations), or nothing selected. */
  const selectSection = useCallback(
    (sectionId: string | null) => {
      const section = sectionId === null ? undefined : sectionOf(sectionId);
      if (!section) {
        setSelection(null);
        setFocus(null);
        return;
      }
      setSelection({ sectionId: section.id, sentenceIndex: null });
      focusOn({ evidence: section.evidence, label: `Support for ${section.title}`, scrollTo: null, play: false, reveal: false });
    },
    [focusOn, sectionOf],
  );

  /** One sentence: its segments marked in the transcript (and scrolled to there), nothing played yet. */
  const selectSentence = useCallback(
    (ref: SentenceRef | null) => {
      const section = ref ? sectionOf(ref.sectionId) : undefined;
      const sentence = ref ? section?.sentences[ref.sentenceIndex] : undefined;
      if (!ref || !section || !sentence) {
        setSelection(null);
        setFocus(null);
        return;
      }
      setSelection({ sectionId: section.id, sentenceIndex: ref.sentenceIndex });
      focusOn({ evidence: sentenceEvidence(sentence), label: sentenceLabel(section, ref.sentenceIndex), scrollTo: null, play: false, reveal: false });
    },
    [focusOn, sectionOf],
  );

  /** Shows one segment of a sentence in the transcript (a phone's Transcript tab), playing from it if asked. */
  const showSentenceSegment = useCallback(
    (ref: SentenceRef, segmentId: string, play: boolean) => {
      const section = sectionOf(ref.sectionId);
      const sentence = section?.sentences[ref.sentenceIndex];
      if (!section || !sentence) return;
      setSelection({ sectionId: section.id, sentenceIndex: ref.sentenceIndex });
      focusOn({ evidence: sentenceEvidence(sentence), label: sentenceLabel(section, ref.sentenceIndex), scrollTo: segmentId, play: play && timed, reveal: !wide });
      if (phone) setView('transcript');
    },
    [focusOn, phone, sectionOf, setView, timed, wide],
  );

  /** A quote of a section's support: shown in the transcript and played from. */
  const showSegmentOfSection = useCallback(
    (sectionId: string, segmentId: string) => {
      const section = sectionOf(sectionId);
      setSelection({ sectionId, sentenceIndex: null });
      focusOn({ evidence: section?.evidence ?? [], label: `Support for ${section?.title ?? 'the section'}`, scrollTo: segmentId, play: timed, reveal: !wide });
      if (phone) setView('transcript');
    },
    [focusOn, phone, sectionOf, setView, timed, wide],
  );

  /** A chat answer's citation. */
  const showCitation = useCallback(
    (evidence: readonly Evidence[], segmentId: string) => {
      setSelection(null);
      if (!wide) closeChatDrawer();
      focusOn({ evidence, label: 'Cited in the chat', scrollTo: segmentId, play: false, reveal: !wide });
      if (phone) setView('transcript');
    },
    [closeChatDrawer, focusOn, phone, setView, wide],
  );

  const clearFocus = useCallback(() => {
    setFocus(null);
    setSelection(null);
  }, []);

  /** A segment selected in the transcript: the sentences that use it are listed there and marked in the note. */
  const selectSegment = useCallback((segmentId: string | null) => setSelectedSegmentId(segmentId), []);

  /** From a segment's list to one of its sentences: selected, and brought into view in the note. */
  const goToSentence = useCallback(
    (ref: SentenceRef) => {
      selectSentence(ref);
      setReveal({ sectionId: ref.sectionId, sentenceIndex: ref.sentenceIndex, nonce: next() });
      if (phone) setView('note');
    },
    [phone, selectSentence, setView],
  );

  /** A flag brought into view and focused (the note's count of facts to check, a question's Review). */
  const revealFlag = useCallback(
    (sectionId: string, flagId: string) => {
      setReveal({ sectionId, flagId, nonce: next() });
      if (phone) setView('note');
    },
    [phone, setView],
  );

  const segmentUses = useMemo(() => sentencesBySegment(sections ?? []), [sections]);
  const linkedSentences: SentenceUse[] = selectedSegmentId ? (segmentUses.get(selectedSegmentId) ?? []) : [];

  return {
    selection,
    focus,
    selectedSegmentId,
    segmentUses,
    linkedSentences,
    reveal,
    selectSection,
    selectSentence,
    showSentenceSegment,
    showSegmentOfSection,
    showCitation,
    clearFocus,
    selectSegment,
    goToSentence,
    revealFlag,
  };
}
