import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import type { TextPiece } from '../lib/sentences';

/**
 * The marks of a section's text, drawn behind its editor: the facts the transcript does not support
 * (a tinted background and a wavy underline, so colour is never the only sign), confirmed facts (a quiet
 * dotted underline), the selected sentence and the sentences that use the selected transcript segment.
 *
 * Why behind, not in: the text stays one plain <textarea> (autosave, undo, the browser's spelling and
 * selection all keep working), and a textarea holds no markup. This layer repeats the text in transparent
 * letters with the textarea's font, padding and wrapping, so each mark lands under its words; the textarea
 * sits above it with no background of its own. It is hidden from assistive technology: the flags are
 * listed in words under the text and named in the textarea's description.
 */
export function SectionTextMarks({ pieces }: { pieces: readonly TextPiece[] }) {
  return (
    <Box
      aria-hidden
      data-testid="section-text-marks"
      sx={{
        position: 'absolute',
        inset: 0,
        // The input root's padding, so this layer's text box is the textarea's.
        padding: 'inherit',
        boxSizing: 'border-box',
        overflow: 'hidden',
        pointerEvents: 'none',
        font: 'inherit',
        letterSpacing: 'inherit',
        whiteSpace: 'pre-wrap',
        overflowWrap: 'break-word',
        color: 'transparent',
        zIndex: 0,
      }}
    >
      {pieces.map((piece, i) =>
        piece.flag || piece.sentence ? (
          <Box component="mark" key={i} data-flag={piece.flag} data-sentence={piece.sentence} sx={(theme) => markStyle(theme, piece)}>
            {piece.text}
          </Box>
        ) : (
          piece.text
        ),
      )}
      {/* A final line break in a textarea still takes a line; a zero-width space makes this layer take it too. */}
      {'\u200b'}
    </Box>
  );
}

function markStyle(theme: Theme, piece: TextPiece) {
  const palette = (theme.vars ?? theme).palette;
  const background =
    piece.flag === 'unresolved'
      ? theme.alpha(palette.warning.main, 0.28)
      : piece.sentence === 'selected'
        ? theme.alpha(palette.primary.main, 0.14)
        : piece.sentence === 'linked'
          ? theme.alpha(palette.secondary.main, 0.14)
          : 'transparent';
  const underline =
    piece.flag === 'unresolved'
      ? { textDecorationLine: 'underline', textDecorationStyle: 'wavy', textDecorationColor: palette.warning.dark, textDecorationThickness: '1.5px' }
      : piece.flag === 'confirmed'
        ? { textDecorationLine: 'underline', textDecorationStyle: 'dotted', textDecorationColor: palette.text.secondary, textDecorationThickness: '1px' }
        : {};
  return {
    color: 'transparent',
    backgroundColor: background,
    // Marks must not move a letter: no padding, no border, only paint.
    padding: 0,
    borderRadius: '2px',
    textUnderlineOffset: '3px',
    ...underline,
  } as const;
}
