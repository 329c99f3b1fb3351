import { hasClinicRole, type ClinicRole, type ClinicTemplate, type Template } from '@charta/contract';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { ConfirmDialog } from '@/components/feedback/ConfirmDialog';
import { ErrorState } from '@/components/feedback/ErrorState';
import { useNotify } from '@/components/feedback/notifications';
import { useRefreshTemplates, useTemplateList } from '@/data/templates';
import { describeError } from '@/lib/error-message';
import { formatDateTime } from '@/lib/format';
import { useSubmit } from '@/lib/use-submit';
import { categoryLabel } from '../api/categories';
import { addClinicTemplate, describeClinicLibraryFailure, removeClinicTemplate, useClinicTemplates } from '../api/clinic-library';
import { ClinicShareDialog } from './ClinicShareDialog';
import { TemplateSectionsView } from './TemplateSectionsView';
import { PreviewAndAddButtons } from './PreviewAndAddButtons';
import { LibraryListEmpty, LibraryListLoading } from './LibraryListStates';
import { LazyDialog } from '@/components/feedback/LazyDialog';

function plural(n: number, word: string) {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

const addedBy = (n: number) => (n === 0 ? 'not added by anyone yet' : `added by ${plural(n, 'colleague')}`);

/** docs/clinics.md "Roles": its author, admins and the owner take an entry out of the clinic library. */
export function mayRemoveFromClinic(entry: ClinicTemplate, role: ClinicRole): boolean {
  return entry.mine || hasClinicRole(role, 'admin');
}

interface ClinicEntryActionsProps {
  entry: ClinicTemplate;
  addedCopyId: string | undefined;
  adding: boolean;
  onAdd: () => void;
  onPreview?: () => void;
  onRemove?: () => void;
}

function ClinicEntryActions({ entry, addedCopyId, adding, onAdd, onPreview, onRemove }: ClinicEntryActionsProps) {
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
      <PreviewAndAddButtons name={entry.name} addedCopyId={addedCopyId} adding={adding} onAdd={onAdd} onPreview={onPreview} />
      {onRemove && (
        <Button color="error" onClick={onRemove} aria-label={`Remove from the clinic: ${entry.name}`} sx={{ ml: { sm: 'auto' } }}>
          Remove from the clinic
        </Button>
      )}
    </Box>
  );
}

interface ClinicLibraryPanelProps {
  clinicName: string;
  role: ClinicRole;
}

/**
 * The clinic's library (docs/clinics.md "The clinic library"): what its members shared, newest first, to
 * preview and add; its author, admins and the owner remove an entry. Its own list, never the community one.
 */
export function ClinicLibraryPanel({ clinicName, role }: ClinicLibraryPanelProps) {
  const notify = useNotify();
  const previewTitleId = useId();
  const library = useClinicTemplates(true);
  const mineList = useTemplateList();
  const refreshTemplates = useRefreshTemplates();
  const [previewing, setPreviewing] = useState<ClinicTemplate | null>(null);
  const [sharing, setSharing] = useState(false);
  const [removing, setRemoving] = useState<ClinicTemplate | null>(null);
  const [adding, setAdding] = useState<ReadonlySet<string>>(new Set());
  // The copies added on this page, until the list comes back from the API, which names each copy the caller has.
  const [addedHere, setAdded] = useState<ReadonlyMap<string, string>>(new Map());
  const copyOf = (entry: ClinicTemplate): string | undefined => entry.addedTemplateId ?? addedHere.get(entry.id);
  const ownTemplates: Template[] = (mineList.data?.templates ?? []).filter((t) => t.source !== 'builtin');
  const entries = library.data ?? [];

  const add = async (entry: ClinicTemplate) => {
    setAdding((current) => new Set(current).add(entry.id));
    try {
      const copy = await addClinicTemplate(entry.id);
      setAdded((current) => new Map(current).set(entry.id, copy.id));
      notify({ message: `“${copy.name}” is in your templates now`, severity: 'success' });
      await Promise.all([refreshTemplates(), library.mutate()]);
    } catch (error) {
      notify({ message: describeClinicLibraryFailure(error), severity: 'error' });
      // An entry removed meanwhile leaves the list.
      void library.mutate();
    } finally {
      setAdding((current) => {
        const next = new Set(current);
        next.delete(entry.id);
        return next;
      });
    }
  };

  // The confirmation closes either way; a failure is told in the snackbar.
  const removal = useSubmit(
    async (entry: ClinicTemplate) => {
      try {
        await removeClinicTemplate(entry.id);
        notify({ message: `“${entry.name}” was taken out of the clinic library`, severity: 'success' });
        if (previewing?.id === entry.id) setPreviewing(null);
        await library.mutate();
      } finally {
        setRemoving(null);
      }
    },
    {
      describe: (failure) => {
        notify({ message: describeClinicLibraryFailure(failure), severity: 'error' });
        return null;
      },
    },
  );

  let list: ReactNode;
  if (library.data === undefined && !library.error) {
    list = <LibraryListLoading label="Loading the clinic library" />;
  } else if (library.error && entries.length === 0) {
    list = <ErrorState message={describeClinicLibraryFailure(library.error)} onRetry={() => void library.mutate()} />;
  } else if (entries.length === 0) {
    list = <LibraryListEmpty title="No templates shared in your clinic yet" hint="Share one with “Share a template” above, or with “Share with my clinic” on a template of yours." />;
  } else {
    list = (
      <Box component="ul" aria-label={`${clinicName} templates`} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
        {entries.map((entry) => (
          <Card component="li" key={entry.id} aria-label={entry.name} sx={{ p: 2 }}>
            <Stack spacing={1}>
              <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
                <Typography variant="h3" component="h2">
                  {entry.name}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  by {entry.authorName}
                </Typography>
              </Box>
              <Stack direction="row" spacing={0.75} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
                <Chip size="small" label={categoryLabel(entry.category)} />
                {entry.mine && <Chip size="small" color="primary" variant="outlined" label="Yours" />}
                {copyOf(entry) && <Chip size="small" color="success" variant="outlined" label="In your templates" />}
                <Typography variant="caption" color="text.secondary">
                  {plural(entry.sections.length, 'section')} · {addedBy(entry.addCount)} · shared {formatDateTime(entry.publishedAt)}
                </Typography>
              </Stack>
              {entry.description && <Typography color="text.secondary">{entry.description}</Typography>}
              <ClinicEntryActions
                entry={entry}
                addedCopyId={copyOf(entry)}
                adding={adding.has(entry.id)}
                onAdd={() => void add(entry)}
                onPreview={() => setPreviewing(entry)}
                {...(mayRemoveFromClinic(entry, role) ? { onRemove: () => setRemoving(entry) } : {})}
              />
            </Stack>
          </Card>
        ))}
      </Box>
    );
  }

  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography color="text.secondary" sx={{ flex: '1 1 20rem' }}>
          Templates the members of {clinicName} shared with each other. Only the clinic sees them. Adding one gives you your own copy to edit.
        </Typography>
        <Button variant="outlined" startIcon={<GroupsOutlined />} onClick={() => setSharing(true)}>
          Share a template
        </Button>
      </Box>
      {library.error !== undefined && entries.length > 0 && <ErrorState message={describeError(library.error)} onRetry={() => void library.mutate()} />}
      {list}

      <LazyDialog open={previewing !== null} onClose={() => setPreviewing(null)} aria-labelledby={previewTitleId} maxWidth="md" fullWidth>
        {previewing && (
          <>
            <DialogTitle id={previewTitleId}>{previewing.name}</DialogTitle>
            <DialogContent dividers>
              <Stack spacing={2}>
                <Typography variant="body2" color="text.secondary">
                  by {previewing.authorName} · {categoryLabel(previewing.category)} · shared {formatDateTime(previewing.publishedAt)}
                </Typography>
                {previewing.description && <Typography>{previewing.description}</Typography>}
                <TemplateSectionsView sections={previewing.sections} />
                <Typography variant="body2" color="text.secondary">
                  Add it to get your own copy: its editor previews it over a sample consultation, and you can change anything.
                </Typography>
              </Stack>
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setPreviewing(null)}>Close</Button>
              <ClinicEntryActions entry={previewing} addedCopyId={copyOf(previewing)} adding={adding.has(previewing.id)} onAdd={() => void add(previewing)} />
            </DialogActions>
          </>
        )}
      </LazyDialog>

      {sharing && (
        <ClinicShareDialog
          clinicName={clinicName}
          choices={ownTemplates}
          onClose={() => setSharing(false)}
          onShared={(shared) => {
            setSharing(false);
            notify({ message: `“${shared.name}” is in the ${clinicName} library`, severity: 'success' });
            void library.mutate();
          }}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Remove from the clinic library?"
        confirmLabel="Remove from the clinic"
        destructive
        busy={removal.busy}
        onConfirm={() => removing && void removal.submit(removing)}
        onClose={() => setRemoving(null)}
      >
        “{removing?.name}” will no longer be listed in the {clinicName} library. {removing?.mine ? 'Your template stays yours' : 'Its author keeps their template'}, and copies members added stay theirs.
      </ConfirmDialog>
    </Stack>
  );
}
