import type { PublishedTemplate, Template } from '@charta/contract';
import ArrowBack from '@mui/icons-material/ArrowBack';
import FlagOutlined from '@mui/icons-material/FlagOutlined';
import PublicOutlined from '@mui/icons-material/PublicOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useId, useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { SearchField } from '@/components/inputs/SearchField';
import { ConfirmDialog } from '@/components/feedback/ConfirmDialog';
import { ErrorState } from '@/components/feedback/ErrorState';
import { useNotify, useNotifyFailure } from '@/components/feedback/notifications';
import { useShellPage } from '@/components/layout/use-shell-page';
import { paths } from '@/config/paths';
import { useRefreshTemplates, useTemplateList } from '@/data/templates';
import { describeError } from '@/lib/error-message';
import { useSubmit } from '@/lib/use-submit';
import { formatDateTime } from '@/lib/format';
import { categoryLabel, CATEGORY_OPTIONS } from '../api/categories';
import { useMyClinic } from '@/data/my-clinic';
import { addToMyTemplates, unpublishTemplate, useLibraryPages } from '../api/templates';
import type { LibraryTab } from './ClinicLibraryTabs';

const ClinicLibraryTabs = lazy(() => import('./ClinicLibraryTabs'));
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { PublishDialog } from './PublishDialog';
import { ReportDialog } from './ReportDialog';
import { TemplateSectionsView } from './TemplateSectionsView';
import { PreviewAndAddButtons } from './PreviewAndAddButtons';
import { LibraryListEmpty, LibraryListLoading } from './LibraryListStates';
import { LazyDialog } from '@/components/feedback/LazyDialog';

export const LIBRARY_SEARCH_DEBOUNCE_MS = 300;

function plural(n: number, word: string) {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

const addedBy = (n: number) => (n === 0 ? 'not added by anyone yet' : `added by ${plural(n, 'clinician')}`);

interface EntryActionsProps {
  entry: PublishedTemplate;
  mine: boolean;
  addedCopyId: string | undefined;
  adding: boolean;
  onAdd: () => void;
  onPreview?: () => void;
  onUnpublish: () => void;
  /** Others' entries only: one's own is unpublished, not reported. */
  onReport?: () => void;
}

function EntryActions({ entry, mine, addedCopyId, adding, onAdd, onPreview, onUnpublish, onReport }: EntryActionsProps) {
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
      <PreviewAndAddButtons name={entry.name} addedCopyId={addedCopyId} adding={adding} onAdd={onAdd} onPreview={onPreview} />
      {mine && (
        <Button color="error" onClick={onUnpublish} aria-label={`Unpublish ${entry.name}`}>
          Unpublish
        </Button>
      )}
      {!mine && onReport && (
        <Button color="inherit" startIcon={<FlagOutlined />} onClick={onReport} aria-label={`Report ${entry.name}`} sx={{ ml: { sm: 'auto' }, color: 'text.secondary' }}>
          Report
        </Button>
      )}
    </Box>
  );
}

/** The community library: browse and search, preview, add a copy; publish and unpublish your own. */
function CommunityLibraryPanel({ backLink }: { backLink: boolean }) {
  const notify = useNotify();
  const previewTitleId = useId();
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState('');
  const debouncedQuery = useDebouncedValue(query.trim(), LIBRARY_SEARCH_DEBOUNCE_MS);
  const pages = useLibraryPages({ query: debouncedQuery, category });
  const mineList = useTemplateList();
  const refreshTemplates = useRefreshTemplates();
  const [previewing, setPreviewing] = useState<PublishedTemplate | null>(null);
  const [publishing, setPublishing] = useState(false);
  const [unpublishing, setUnpublishing] = useState<PublishedTemplate | null>(null);
  const [reporting, setReporting] = useState<PublishedTemplate | null>(null);
  const [adding, setAdding] = useState<ReadonlySet<string>>(new Set());
  const [added, setAdded] = useState<ReadonlyMap<string, string>>(new Map());

  const entries = useMemo(() => pages.data?.flatMap((p) => p.templates) ?? [], [pages.data]);
  const ownTemplates: Template[] = (mineList.data?.templates ?? []).filter((t) => t.source !== 'builtin');
  const myEntryIds = new Set(ownTemplates.map((t) => t.publishedTemplateId).filter(Boolean));
  const filtering = debouncedQuery !== '' || category !== '';
  const hasMore = Boolean(pages.data?.at(-1)?.nextCursor);
  const loadingMore = pages.data !== undefined && pages.data.length < pages.size && !pages.error;

  const add = async (entry: PublishedTemplate) => {
    setAdding((current) => new Set(current).add(entry.id));
    try {
      const copy = await addToMyTemplates({ publishedTemplateId: entry.id });
      setAdded((current) => new Map(current).set(entry.id, copy.id));
      notify({ message: `“${copy.name}” is in your templates now`, severity: 'success' });
      await Promise.all([refreshTemplates(), pages.mutate()]);
    } catch (error) {
      notify({ message: describeError(error), severity: 'error' });
    } finally {
      setAdding((current) => {
        const next = new Set(current);
        next.delete(entry.id);
        return next;
      });
    }
  };

  // The confirmation closes either way; a failure is told in the snackbar.
  const notifyFailure = useNotifyFailure();
  const unpublish = useSubmit(
    async (entry: PublishedTemplate) => {
      try {
        await unpublishTemplate(entry.id);
        notify({ message: `“${entry.name}” was taken out of the library`, severity: 'success' });
        await Promise.all([refreshTemplates(entry.templateId), pages.mutate()]);
      } finally {
        setUnpublishing(null);
      }
    },
    { describe: notifyFailure },
  );

  let list: ReactNode;
  if (pages.data === undefined && !pages.error) {
    list = <LibraryListLoading label="Loading the library" />;
  } else if (pages.error && entries.length === 0) {
    list = <ErrorState message={describeError(pages.error)} onRetry={() => void pages.mutate()} />;
  } else if (entries.length === 0) {
    list = (
      <LibraryListEmpty
        title={filtering ? 'No templates match' : 'The library is empty so far'}
        hint={filtering ? 'Search looks at the start of each word of the name. Try fewer words or another category.' : 'Publish one of your templates to start it.'}
      />
    );
  } else {
    list = (
      <>
        <Box component="ul" aria-label="Library templates" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
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
                  {myEntryIds.has(entry.id) && <Chip size="small" color="primary" variant="outlined" label="Yours" />}
                  {entry.hiddenUntilReviewed && <Chip size="small" color="warning" label="Hidden until reviewed" />}
                  <Typography variant="caption" color="text.secondary">
                    {plural(entry.sections.length, 'section')} · {addedBy(entry.addCount)} · published {formatDateTime(entry.publishedAt)}
                  </Typography>
                </Stack>
                {entry.description && <Typography color="text.secondary">{entry.description}</Typography>}
                {entry.hiddenUntilReviewed && (
                  <Typography variant="body2">
                    Several clinicians reported it, so only you see it in the library until it is reviewed. You can still change it, publish it again or unpublish it.
                  </Typography>
                )}
                <EntryActions
                  entry={entry}
                  mine={myEntryIds.has(entry.id)}
                  addedCopyId={added.get(entry.id)}
                  adding={adding.has(entry.id)}
                  onAdd={() => void add(entry)}
                  onPreview={() => setPreviewing(entry)}
                  onUnpublish={() => setUnpublishing(entry)}
                  onReport={() => setReporting(entry)}
                />
              </Stack>
            </Card>
          ))}
        </Box>
        <Box sx={{ display: 'flex', justifyContent: 'center' }}>
          {loadingMore && <CircularProgress size={24} aria-label="Loading more templates" />}
          {!loadingMore && pages.error !== undefined && <ErrorState message={describeError(pages.error)} onRetry={() => void pages.mutate()} />}
          {hasMore && !loadingMore && !pages.error && <Button onClick={() => void pages.setSize((size) => size + 1)}>Show more</Button>}
        </Box>
      </>
    );
  }

  const publishButton = (
    <Button variant="outlined" startIcon={<PublicOutlined />} onClick={() => setPublishing(true)}>
      Publish a template
    </Button>
  );
  const intro = 'Templates other clinicians have shared. Adding one gives you your own copy to edit; the original stays as its author published it.';

  return (
    <Stack spacing={2}>
      {backLink ? (
        <>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <BackToTemplates />
            <Box sx={{ flex: 1 }} />
            {publishButton}
          </Box>
          <Typography color="text.secondary">{intro}</Typography>
        </>
      ) : (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography color="text.secondary" sx={{ flex: '1 1 20rem' }}>
            {intro}
          </Typography>
          {publishButton}
        </Box>
      )}
      <SearchField label="Search templates" value={query} onChange={setQuery} />
      <Stack direction="row" spacing={1} useFlexGap role="group" aria-label="Category" sx={{ flexWrap: 'wrap' }}>
        <Chip label="All" clickable color={category === '' ? 'primary' : 'default'} variant={category === '' ? 'filled' : 'outlined'} aria-pressed={category === ''} onClick={() => setCategory('')} />
        {CATEGORY_OPTIONS.map((c) => (
          <Chip key={c.id} label={c.label} clickable color={category === c.id ? 'primary' : 'default'} variant={category === c.id ? 'filled' : 'outlined'} aria-pressed={category === c.id} onClick={() => setCategory(c.id)} />
        ))}
      </Stack>
      <Typography variant="body2" color="text.secondary">
        Most added first, then the newest.
      </Typography>
      {list}

      <LazyDialog open={previewing !== null} onClose={() => setPreviewing(null)} aria-labelledby={previewTitleId} maxWidth="md" fullWidth>
        {previewing && (
          <>
            <DialogTitle id={previewTitleId}>{previewing.name}</DialogTitle>
            <DialogContent dividers>
              <Stack spacing={2}>
                <Typography variant="body2" color="text.secondary">
                  by {previewing.authorName} · {categoryLabel(previewing.category)} · {addedBy(previewing.addCount)}
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
              <EntryActions
                entry={previewing}
                mine={false}
                addedCopyId={added.get(previewing.id)}
                adding={adding.has(previewing.id)}
                onAdd={() => void add(previewing)}
                onUnpublish={() => undefined}
              />
            </DialogActions>
          </>
        )}
      </LazyDialog>

      {publishing && (
        <PublishDialog
          choices={ownTemplates}
          onClose={() => setPublishing(false)}
          onPublished={(published) => {
            setPublishing(false);
            notify({ message: `“${published.name}” is in the library`, severity: 'success' });
            void Promise.all([refreshTemplates(published.templateId), pages.mutate()]);
          }}
        />
      )}
      {reporting && <ReportDialog entry={reporting} onClose={() => setReporting(null)} />}
      <ConfirmDialog
        open={unpublishing !== null}
        title="Unpublish this template?"
        confirmLabel="Unpublish"
        destructive
        busy={unpublish.busy}
        onConfirm={() => unpublishing && void unpublish.submit(unpublishing)}
        onClose={() => setUnpublishing(null)}
      >
        “{unpublishing?.name}” will no longer be listed in the library. Your template stays yours, and copies others added stay theirs.
      </ConfirmDialog>
    </Stack>
  );
}

function BackToTemplates() {
  return (
    <Button component={RouterLink} to={paths.templates.getHref()} startIcon={<ArrowBack />}>
      All templates
    </Button>
  );
}

/** `?library=clinic` opens the clinic's tab, so a link (or a reload) lands on the list it meant. */
export const CLINIC_TAB_PARAM = 'library';

/**
 * The template libraries: the community one, and for a clinician in a clinic a tab with the clinic's own
 * (docs/clinics.md "The clinic library"). Two lists, never mixed: clinic templates never reach the public one.
 */
export function LibraryPage() {
  const clinic = useMyClinic();
  const [params, setParams] = useSearchParams();
  const mine = clinic.data?.clinic ? clinic.data : null;
  const wantsClinic = params.get(CLINIC_TAB_PARAM) === 'clinic';
  const tab: LibraryTab = mine && wantsClinic ? 'clinic' : 'public';
  useShellPage('templates', tab === 'clinic' && mine ? `${mine.clinic.name} library` : 'Community library');

  // Outside a clinic (or before we know, or if asking failed) the page is the community library, as ever.
  if (!mine) {
    if (wantsClinic && clinic.data === undefined && !clinic.error) {
      return (
        <Stack spacing={2} sx={{ maxWidth: 960 }} role="status" aria-busy="true" aria-label="Loading the clinic library">
          <Skeleton variant="rounded" height={48} />
          <Skeleton variant="rounded" height={120} />
        </Stack>
      );
    }
    return (
      <Box sx={{ maxWidth: 960 }}>
        <CommunityLibraryPanel backLink />
      </Box>
    );
  }

  const choose = (next: LibraryTab) => {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'clinic') updated.set(CLINIC_TAB_PARAM, 'clinic');
        else updated.delete(CLINIC_TAB_PARAM);
        return updated;
      },
      { replace: true },
    );
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 960 }}>
      <Box>
        <BackToTemplates />
      </Box>
      <Suspense fallback={<Skeleton variant="rounded" height={48} aria-label="Loading the clinic library" />}>
        <ClinicLibraryTabs clinicName={mine.clinic.name} role={mine.role} tab={tab} onChoose={choose} publicLibrary={<CommunityLibraryPanel backLink={false} />} />
      </Suspense>
    </Stack>
  );
}
