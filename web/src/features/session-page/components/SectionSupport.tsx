import type { TranscriptSegment } from '@charta/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatClock } from '@/lib/format';
import { speakerColor, speakerLabel } from '@/lib/speakers';

interface SectionSupportProps {
  cited: { segment: TranscriptSegment; quote: string }[];
  missing: number;
  loaded: boolean;
  timed: boolean;
  onShowSegment: (segmentId: string) => void;
}

/** The quotes that back a section of the note, each linked to its place in the transcript. */
export function SectionSupport({ cited, missing, loaded, timed, onShowSegment }: SectionSupportProps) {
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
      <SegmentQuoteList label="Supporting quotes" cited={cited} timed={timed} onShowSegment={onShowSegment} />
      {missing > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {missing} cited segment{missing === 1 ? ' is' : 's are'} no longer in the transcript.
        </Typography>
      )}
    </Box>
  );
}

/** Transcript segments as quotes, each with who said it and a button to its place in the transcript. */
export function SegmentQuoteList({ label, cited, timed, onShowSegment }: { label: string; cited: SectionSupportProps['cited']; timed: boolean; onShowSegment: (segmentId: string) => void }) {
  return (
    <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label={label}>
      {cited.map(({ segment, quote }) => (
        <Stack component="li" key={segment.id} direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
          {/* The chip and the time keep their width: on a phone the quote beside them shrank the time's button below its text, which then spilled over the chip. */}
          <Chip size="small" label={speakerLabel(segment.speaker)} color={speakerColor(segment.speaker)} variant="outlined" sx={{ flexShrink: 0 }} />
          <Button
            size="small"
            sx={{ minWidth: 0, flexShrink: 0, px: 0.5, fontVariantNumeric: 'tabular-nums' }}
            onClick={(event) => {
              event.stopPropagation();
              onShowSegment(segment.id);
            }}
            aria-label={timed ? `Show in transcript, at ${formatClock(segment.startMs)}` : 'Show in transcript'}
          >
            {timed ? formatClock(segment.startMs) : 'Show'}
          </Button>
          <Typography variant="body2" sx={{ fontStyle: 'italic', minWidth: 0, overflowWrap: 'anywhere' }}>
            “{quote}”
          </Typography>
        </Stack>
      ))}
    </Stack>
  );
}
