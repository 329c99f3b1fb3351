import { FACT_FLAG_LABEL, FACT_KIND_LABELS, type FactFlag } from '@charta/contract';
import CheckCircleOutlineOutlined from '@mui/icons-material/CheckCircleOutlineOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';

interface FactFlagListProps {
  sectionTitle: string;
  /** Its id names the list, for the textarea's description. */
  id: string;
  flags: readonly FactFlag[];
  /** The text has unsaved changes: the flags are the saved text's until it saves and is checked again. */
  stale: boolean;
  /** The flag whose "I confirm this" is on its way. */
  confirming: string | null;
  onConfirm: (flag: FactFlag) => void;
  /** Selects the flag's sentence: its support shows under the text and in the transcript. */
  onShowSentence: (sentenceIndex: number) => void;
}

/**
 * The facts of a section the transcript does not support, in words beside the marks in the text: what, its
 * kind, "Not found in the transcript", and the two ways to resolve one (edit the text, or "I confirm this").
 * A confirmed fact stays listed, quietly, so the clinician can see what they vouched for.
 */
export function FactFlagList({ sectionTitle, id, flags, stale, confirming, onConfirm, onShowSentence }: FactFlagListProps) {
  const items = useRef(new Map<string, HTMLElement>());
  const unresolved = flags.filter((f) => f.status === 'unresolved');
  const confirmed = flags.filter((f) => f.status === 'confirmed');

  // A confirmed fact's row replaces its buttons: the focus goes to the row, not to the page's start.
  const lastConfirming = useRef<string | null>(null);
  useEffect(() => {
    if (confirming !== null) {
      lastConfirming.current = confirming;
      return;
    }
    const done = lastConfirming.current;
    lastConfirming.current = null;
    if (done && flags.some((f) => f.id === done && f.status === 'confirmed')) items.current.get(done)?.focus({ preventScroll: true });
  }, [confirming, flags]);

  if (flags.length === 0) return null;
  const keep = (flagId: string) => (element: HTMLElement | null) => {
    if (element) items.current.set(flagId, element);
    else items.current.delete(flagId);
  };

  return (
    <Box id={id}>
      {unresolved.length > 0 && (
        <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
          {unresolved.length === 1 ? '1 fact' : `${unresolved.length} facts`} to check: not found in the transcript
          {stale && ' (your change is checked again once it saves)'}
        </Typography>
      )}
      <Stack component="ul" aria-label={`Facts to check in ${sectionTitle}`} spacing={0.75} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {unresolved.map((flag) => (
          <Box
            component="li"
            key={flag.id}
            ref={keep(flag.id)}
            tabIndex={-1}
            data-flag-id={flag.id}
            sx={(theme) => ({
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              columnGap: 1,
              rowGap: 0.5,
              px: 1,
              py: 0.5,
              borderRadius: 1,
              borderLeft: '3px solid',
              borderLeftColor: (theme.vars ?? theme).palette.warning.main,
              bgcolor: theme.alpha((theme.vars ?? theme).palette.warning.main, 0.08),
              scrollMarginTop: 96,
              '&:focus-visible': { outline: `2px solid ${(theme.vars ?? theme).palette.primary.main}` },
            })}
          >
            <Stack direction="row" spacing={0.75} sx={{ alignItems: 'flex-start', flex: '1 1 16rem', minWidth: 0 }}>
              <WarningAmberOutlined fontSize="small" color="warning" aria-hidden sx={{ mt: 0.25 }} />
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                <Box component="span" sx={{ fontWeight: 600, textDecoration: 'underline wavy', textDecorationColor: 'currentcolor', textUnderlineOffset: '3px' }}>
                  “{flag.text}”
                </Box>{' '}
                {/* The kind kept whole: "Dose or / number" split over two lines in a section beside the transcript. */}
                <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                  {FACT_KIND_LABELS[flag.kind]} ·
                </Box>{' '}
                {FACT_FLAG_LABEL}
              </Typography>
            </Stack>
            <Stack direction="row" sx={{ gap: 0.5, ml: 'auto' }}>
              <Button
                size="small"
                onClick={(event) => {
                  event.stopPropagation();
                  onShowSentence(flag.sentenceIndex);
                }}
                aria-label={`What was said about “${flag.text}”?`}
              >
                What was said?
              </Button>
              <Button
                size="small"
                variant="outlined"
                loading={confirming === flag.id}
                disabled={stale || (confirming !== null && confirming !== flag.id)}
                onClick={(event) => {
                  event.stopPropagation();
                  onConfirm(flag);
                }}
                aria-label={`I confirm this: “${flag.text}”`}
              >
                I confirm this
              </Button>
            </Stack>
          </Box>
        ))}
        {confirmed.map((flag) => (
          <Box component="li" key={flag.id} ref={keep(flag.id)} tabIndex={-1} data-flag-id={flag.id} sx={{ display: 'flex', gap: 0.75, alignItems: 'flex-start', px: 1, color: 'text.secondary' }}>
            <CheckCircleOutlineOutlined fontSize="small" aria-hidden sx={{ mt: 0.25 }} />
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              You confirmed “{flag.text}” ({FACT_KIND_LABELS[flag.kind]}).
            </Typography>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
