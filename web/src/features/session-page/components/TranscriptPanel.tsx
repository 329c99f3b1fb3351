import type { Transcript } from '@charta/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import PlayArrow from '@mui/icons-material/PlayArrow';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import { ErrorState } from '@/components/feedback/ErrorState';
import { OutputWarningAlert } from '@/components/feedback/OutputWarningAlert';
import { ApiError } from '@/lib/api-client';
import { describeError } from '@/lib/error-message';
import { formatClock } from '@/lib/format';
import { NO_CAPTURE_CLASS } from '@/lib/analytics';
import { transcriptWarning } from '@/lib/output-quality';
import { highlightFor, NO_HIGHLIGHT, type TranscriptFocus } from '../lib/evidence';
import type { SentenceRef, SentenceUse } from '../lib/sentences';
import { VISUALLY_HIDDEN } from '@/lib/visually-hidden';
import { hasTimings, speakerColor, speakerLabel } from '@/lib/speakers';
import { SessionAudioPlayer, type SessionAudioPlayerHandle } from './SessionAudioPlayer';

interface TranscriptPanelProps {
  sessionId: string;
  /** The session's title, naming its audio for screen readers. */
  title: string;
  transcript: Transcript | undefined;
  error: unknown;
  onRetry: () => void;
  /** The session has (or will have) audio to play. */
  hasAudio: boolean;
  /** Processing has not reached the transcript yet. */
  pending: boolean;
  /** What retention deleted, as the clinician reads it ("Audio deleted on 3 Dec (your 7-day setting)"), else null. */
  audioDeleted?: string | null;
  transcriptDeleted?: string | null;
  focus: TranscriptFocus | null;
  onClearFocus: () => void;
  /** Kept within the height its column gives it, scrolling inside; otherwise the list takes at most part of the screen. */
  fillHeight: boolean;
  /** Where it sits in its column. */
  layout?: { flex?: string; height?: string };
  /** The note's sentences that use each segment (docs/quality.md "Sentence evidence and the fact check"). */
  segmentUses: ReadonlyMap<string, readonly SentenceUse[]>;
  /** The segment whose sentences are shown. */
  selectedSegmentId: string | null;
  onSelectSegment: (segmentId: string | null) => void;
  /** Takes the clinician to a sentence in the note (on a phone, to the Note tab). */
  onGoToSentence: (ref: SentenceRef) => void;
}

/** The transcript, speaker by speaker with times, the audio above it, and the segments a section cites marked. */
export function TranscriptPanel({
  sessionId,
  title,
  transcript,
  error,
  onRetry,
  hasAudio,
  pending,
  audioDeleted = null,
  transcriptDeleted = null,
  focus,
  onClearFocus,
  fillHeight,
  layout,
  segmentUses,
  selectedSegmentId,
  onSelectSegment,
  onGoToSentence,
}: TranscriptPanelProps) {
  const idPrefix = useId();
  const listRef = useRef<HTMLOListElement>(null);
  const cardRef = useRef<HTMLElement>(null);
  const playerRef = useRef<SessionAudioPlayerHandle>(null);
  const [currentMs, setCurrentMs] = useState<number | null>(null);
  const timed = transcript ? hasTimings(transcript) : false;
  const highlight = transcript && focus ? highlightFor(focus.evidence, transcript.segments) : NO_HIGHLIGHT;

  const firstMarked = transcript?.segments.find((s) => s.id === highlight.firstSegmentId);

  const seek = (ms: number, play: boolean) => {
    if (hasAudio) playerRef.current?.seek(ms, play);
  };

  const scrollToSegment = (segmentId: string, reveal: boolean) => {
    const list = listRef.current;
    const row = list?.querySelector<HTMLElement>(`[data-segment-id="${CSS.escape(segmentId)}"]`);
    if (!list || !row) return;
    // Scrolls the list itself, so the note the clinician is reading does not jump away.
    list.scrollTo?.({ top: Math.max(0, row.offsetTop - list.clientHeight / 3), behavior: 'smooth' });
    if (reveal) cardRef.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  };

  // Each new focus request: bring its segment into view, and play from it if asked.
  const nonce = focus?.nonce;
  useEffect(() => {
    if (!focus || !transcript) return;
    const target = focus.scrollTo ?? highlightFor(focus.evidence, transcript.segments).firstSegmentId;
    if (!target) return;
    scrollToSegment(target, focus.reveal);
    const segment = transcript.segments.find((s) => s.id === target);
    if (focus.play && segment) seek(segment.startMs, true);
    // Only a new request (nonce) or a newly loaded transcript should scroll; not every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [nonce, transcript]);

  let body;
  if (transcriptDeleted) {
    body = (
      <Typography color="text.secondary" sx={{ px: 2, pb: 2 }}>
        {transcriptDeleted}. The note written from it stays.
      </Typography>
    );
  } else if (transcript) {
    body =
      transcript.segments.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          Nothing was said that could be transcribed.
        </Typography>
      ) : (
        <Box
          component="ol"
          ref={listRef}
          aria-label="Transcript segments"
          sx={{ listStyle: 'none', m: 0, px: 1, py: 1, position: 'relative', overflowY: 'auto', flex: '1 1 auto', maxHeight: fillHeight ? undefined : '60dvh', minHeight: 0 }}
        >
          {transcript.segments.map((segment) => {
            const marked = highlight.segmentIds.has(segment.id);
            const uses = segmentUses.get(segment.id) ?? [];
            const open = selectedSegmentId === segment.id && uses.length > 0;
            const playing = currentMs !== null && timed && currentMs >= segment.startMs && currentMs < segment.endMs;
            return (
              <Box
                component="li"
                key={segment.id}
                data-segment-id={segment.id}
                data-highlighted={marked ? 'true' : undefined}
                data-selected={open ? 'true' : undefined}
                sx={(theme) => ({
                  px: 1.5,
                  py: 1,
                  mb: 0.5,
                  borderRadius: 1,
                  borderLeft: '3px solid transparent',
                  transition: 'background-color 200ms',
                  ...(playing && { backgroundColor: (theme.vars ?? theme).palette.action.selected }),
                  ...(marked && {
                    backgroundColor: theme.alpha((theme.vars ?? theme).palette.warning.main, 0.16),
                    borderLeftColor: (theme.vars ?? theme).palette.warning.main,
                  }),
                  ...(open && { outline: `1px solid ${(theme.vars ?? theme).palette.secondary.main}` }),
                })}
              >
                <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, mb: 0.5 }}>
                  <Chip
                    size="small"
                    label={speakerLabel(segment.speaker)}
                    color={speakerColor(segment.speaker)}
                    variant={segment.speaker === 'clinician' ? 'filled' : 'outlined'}
                    // An outlined chip's text sits on the paper, not on a highlighted or playing segment's tint
                    // (the Patient chip read 4.3:1 on the light theme's amber, under AA's 4.5). A filled chip
                    // keeps its own colour.
                    sx={segment.speaker === 'clinician' ? undefined : { bgcolor: 'background.paper' }}
                  />
                  {timed && (
                    <Button
                      size="small"
                      onClick={() => seek(segment.startMs, true)}
                      disabled={!hasAudio}
                      aria-label={`Play from ${formatClock(segment.startMs)}`}
                      sx={{ minWidth: 0, px: 0.75, py: 0, fontVariantNumeric: 'tabular-nums' }}
                    >
                      {formatClock(segment.startMs)}
                    </Button>
                  )}
                </Stack>
                <Typography variant="body2">
                  {marked && <Box component="span" sx={VISUALLY_HIDDEN}>Highlighted: </Box>}
                  {segment.text}
                </Typography>
                {uses.length > 0 && (
                  <SegmentSentences
                    listId={`${idPrefix}-uses-${segment.id}`}
                    uses={uses}
                    open={open}
                    onToggle={() => onSelectSegment(open ? null : segment.id)}
                    onGoToSentence={onGoToSentence}
                  />
                )}
              </Box>
            );
          })}
        </Box>
      );
  } else if (error && !(error instanceof ApiError && error.status === 409)) {
    body = (
      <Box sx={{ p: 2 }}>
        <ErrorState message={`The transcript could not be loaded. ${describeError(error)}`} onRetry={onRetry} />
      </Box>
    );
  } else if (pending || error) {
    body = (
      <Typography color="text.secondary" sx={{ p: 2 }}>
        The transcript appears here when transcription has finished.
      </Typography>
    );
  } else {
    body = (
      <Stack spacing={1} sx={{ p: 2 }} role="status" aria-busy="true" aria-label="Loading the transcript…">
        <Skeleton width="40%" />
        <Skeleton />
        <Skeleton width="80%" />
      </Stack>
    );
  }

  return (
    <Card
      component="section"
      ref={cardRef}
      aria-labelledby="transcript-heading"
      className={NO_CAPTURE_CLASS}
      sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, scrollMarginTop: 80, ...layout }}
    >
      <Box sx={{ px: 2, pt: 2, pb: 1 }}>
        <Typography id="transcript-heading" variant="h2" sx={{ fontSize: '1.125rem' }}>
          Transcript
        </Typography>
        {transcript && !timed && (
          <Typography variant="body2" color="text.secondary">
            From typed or pasted text: no audio or times.
          </Typography>
        )}
        {transcript && (
          <Box sx={{ mt: 1 }}>
            <OutputWarningAlert warning={transcriptWarning(transcript.engine)} />
          </Box>
        )}
      </Box>
      {audioDeleted && (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 1 }}>
          {audioDeleted}: it can no longer be played.
        </Typography>
      )}
      {hasAudio && <SessionAudioPlayer ref={playerRef} sessionId={sessionId} title={title} onTimeChange={setCurrentMs} />}
      {focus && transcript && (
        // Wraps, so the buttons go under the words in a narrow column instead of squeezing them to three lines.
        <Stack direction="row" sx={{ px: 2, pb: 1, alignItems: 'center', columnGap: 1, flexWrap: 'wrap' }} role="status">
          <Typography variant="body2" sx={{ flex: '1 1 12rem' }}>
            {highlight.segmentIds.size > 0
              ? `${focus.label}: ${highlight.segmentIds.size} segment${highlight.segmentIds.size === 1 ? '' : 's'} highlighted`
              : `${focus.label}: nothing in the transcript`}
          </Typography>
          <Stack direction="row" sx={{ gap: 1, ml: 'auto' }}>
            {firstMarked && timed && hasAudio && (
              <Button size="small" startIcon={<PlayArrow />} onClick={() => seek(firstMarked.startMs, true)} sx={{ flexShrink: 0 }}>
                Play from {formatClock(firstMarked.startMs)}
              </Button>
            )}
            <Button size="small" onClick={onClearFocus}>
              Clear
            </Button>
          </Stack>
        </Stack>
      )}
      {body}
    </Card>
  );
}

/**
 * A segment's sentences in the note: a toggle under the segment ("Used in 2 sentences"), and when open the
 * sentences, each a button to it in the note. What "selecting a segment" shows.
 */
function SegmentSentences({ listId, uses, open, onToggle, onGoToSentence }: { listId: string; uses: readonly SentenceUse[]; open: boolean; onToggle: () => void; onGoToSentence: (ref: SentenceRef) => void }) {
  return (
    <Box sx={{ mt: 0.5 }}>
      <Button size="small" aria-expanded={open} aria-controls={open ? listId : undefined} onClick={onToggle} sx={{ px: 0.75, py: 0, minWidth: 0 }}>
        {open ? 'Hide sentences' : `Used in ${uses.length} sentence${uses.length === 1 ? '' : 's'}`}
      </Button>
      {open && (
        <Box component="ul" id={listId} aria-label="Sentences that use this segment" sx={{ listStyle: 'none', m: 0, mt: 0.5, p: 0 }}>
          {uses.map((use) => (
            <li key={`${use.sectionId}:${use.sentenceIndex}`}>
              <Button
                size="small"
                onClick={() => onGoToSentence(use)}
                sx={{ textAlign: 'left', justifyContent: 'flex-start', textTransform: 'none', fontWeight: 400, px: 0.75, width: '100%' }}
              >
                <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
                  <Box component="span" sx={{ fontWeight: 600 }}>
                    {use.sectionTitle}:
                  </Box>{' '}
                  “{use.text}”
                </Box>
              </Button>
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}
