import type { EvidenceSentence, TranscriptSegment } from '@charta/contract';
import PlayArrow from '@mui/icons-material/PlayArrow';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { formatClock } from '@/lib/format';
import { citedSegments } from '../lib/evidence';
import { sentenceEvidence } from '../lib/sentences';
import { SegmentQuoteList } from './SectionSupport';

interface SentenceSupportProps {
  sentence: EvidenceSentence;
  segments: readonly TranscriptSegment[] | undefined;
  /** The transcript has times (a recording, not pasted text): playing from a segment means something. */
  timed: boolean;
  /** Shows one of its segments in the transcript (on a phone, in the Transcript tab), playing from it if asked. */
  onShowSegment: (segmentId: string, play: boolean) => void;
  onClose: () => void;
}

/** The sentence the clinician selected in the text, with the transcript segments that support it. */
export function SentenceSupport({ sentence, segments, timed, onShowSegment, onClose }: SentenceSupportProps) {
  const headingId = useId();
  const cited = segments ? citedSegments(sentenceEvidence(sentence), segments) : [];
  const first = cited[0]?.segment;
  return (
    // data-reveal: where the clinician is taken when they ask for this sentence from the transcript.
    <Box component="section" aria-labelledby={headingId} data-reveal="sentence" sx={{ bgcolor: 'action.hover', borderRadius: 1, p: 1.5, scrollMarginTop: 96 }} onClick={(event) => event.stopPropagation()}>
      <Typography id={headingId} tabIndex={-1} data-reveal-focus variant="body2" sx={{ fontWeight: 600 }}>
        Selected sentence
      </Typography>
      <Typography variant="body2" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
        “{sentence.text}”
      </Typography>
      {!segments ? (
        <Typography variant="body2" color="text.secondary">
          Loading the transcript…
        </Typography>
      ) : cited.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Nothing in the transcript is linked to this sentence.
        </Typography>
      ) : (
        <>
          <Typography variant="body2" sx={{ mb: 1 }}>
            Linked to {cited.length} transcript segment{cited.length === 1 ? '' : 's'} (highlighted in the transcript):
          </Typography>
          {/* A quote's button shows it in the transcript (on a phone, the Transcript tab) and plays from it, as in a section's support. */}
          <SegmentQuoteList label="What was said" cited={cited} timed={timed} onShowSegment={(segmentId) => onShowSegment(segmentId, timed)} />
        </>
      )}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }}>
        {first && timed && (
          <Button size="small" variant="outlined" startIcon={<PlayArrow />} onClick={() => onShowSegment(first.id, true)}>
            Play from {formatClock(first.startMs)}
          </Button>
        )}
        <Button size="small" onClick={onClose}>
          Close
        </Button>
      </Stack>
    </Box>
  );
}
