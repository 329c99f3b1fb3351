// A section's history: every earlier text the server kept (each AI rewrite, the clinician's typing, a
// restore), newest first, each with who wrote it and a Restore button. Restoring keeps the current text too.
import { sectionSourceLabel, type Provenance, type SectionVersion } from '@charta/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState } from 'react';
import { describeError } from '@/lib/error-message';
import { sectionVersions } from '../api/documentation';
import { LazyDialog } from '@/components/feedback/LazyDialog';

interface SectionHistoryDialogProps {
  open: boolean;
  documentationId: string;
  sectionId: string;
  sectionTitle: string;
  /** Where the note came from: who wrote its AI versions (the contract's words, as the banner's). */
  provenance: Provenance;
  /** Puts the version back; resolves to null, or the message to show. */
  onRestore: (version: SectionVersion) => Promise<string | null>;
  onClose: () => void;
}

const WHEN = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function SectionHistoryDialog({ open, documentationId, sectionId, sectionTitle, provenance, onRestore, onClose }: SectionHistoryDialogProps) {
  const titleId = useId();
  const [versions, setVersions] = useState<SectionVersion[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [restoring, setRestoring] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    let current = true;
    setVersions(null);
    setError(null);
    sectionVersions({ documentationId, sectionId }).then(
      (found) => current && setVersions(found),
      (failure: unknown) => current && setError(`The history could not be loaded. ${describeError(failure)}`),
    );
    return () => {
      current = false;
    };
  }, [documentationId, open, sectionId]);

  const restore = async (version: SectionVersion) => {
    setRestoring(version.id);
    setError(null);
    const problem = await onRestore(version);
    setRestoring(null);
    if (problem) setError(problem);
    else onClose();
  };

  return (
    <LazyDialog open={open} onClose={restoring ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>History: {sectionTitle}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            Earlier versions of this section, newest first. Restoring one keeps the current text here too.
          </Typography>
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          {versions === null && !error && <CircularProgress aria-label="Loading the history" sx={{ alignSelf: 'center' }} />}
          {versions?.length === 0 && <Typography>No earlier versions yet: each change keeps the text it replaces.</Typography>}
          {versions && versions.length > 0 && (
            <Box component="ol" aria-label={`Earlier versions of ${sectionTitle}`} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
              {versions.map((version) => (
                <Box component="li" key={version.id} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
                  <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                    <Typography variant="subtitle2" component="p" sx={{ flexGrow: 1 }}>
                      {sectionSourceLabel(version.source, provenance)} · {WHEN.format(new Date(version.writtenAt))}
                    </Typography>
                    <Button size="small" variant="outlined" loading={restoring === version.id} disabled={restoring !== null} onClick={() => void restore(version)}>
                      Restore
                    </Button>
                  </Stack>
                  <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', mt: 1, maxHeight: 160, overflow: 'auto' }}>
                    {version.content || '(empty)'}
                  </Typography>
                </Box>
              ))}
            </Box>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={restoring !== null}>
          Close
        </Button>
      </DialogActions>
    </LazyDialog>
  );
}
