import MicNoneOutlined from '@mui/icons-material/MicNoneOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { SearchField } from '@/components/inputs/SearchField';
import { ConfirmDialog } from '@/components/feedback/ConfirmDialog';
import { ErrorState } from '@/components/feedback/ErrorState';
import { useNotify, useNotifyFailure } from '@/components/feedback/notifications';
import { useShellPage } from '@/components/layout/use-shell-page';
import { paths } from '@/config/paths';
import { useMyClinic } from '@/data/my-clinic';
import { deleteSession } from '@/data/sessions';
import { describeError } from '@/lib/error-message';
import { useSubmit } from '@/lib/use-submit';
import type { Session } from '@charta/contract';
import { correctPatientName, deleteSessions, renameSession, useSessionPages, useSessionSearch } from '../api/sessions';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { RenameSessionDialog, type SessionNaming } from './RenameSessionDialog';
import { SessionRow } from './SessionRow';

export const SEARCH_DEBOUNCE_MS = 300;

function ListSkeleton() {
  return (
    <Stack role="status" aria-busy="true" aria-label="Loading sessions" sx={{ p: 1 }}>
      {[0, 1, 2, 3, 4].map((row) => (
        <Box key={row} sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 1.25 }}>
          <Skeleton variant="rounded" width={24} height={24} />
          <Box sx={{ flex: 1 }}>
            <Skeleton width="45%" />
            <Skeleton width="30%" />
          </Box>
          <Skeleton variant="rounded" width={96} height={24} />
        </Box>
      ))}
    </Stack>
  );
}

function plural(n: number, word: string) {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** Every session, newest first, more as you scroll; search by patient; rename; delete one or many. */
export function SessionsPage() {
  useShellPage('sessions', 'Sessions');
  const notify = useNotify();
  const [query, setQuery] = useState('');
  const debouncedQuery = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const searching = debouncedQuery !== '';

  const pages = useSessionPages();
  // In a clinic, colleagues may share sessions with me: their list is a page of its own, read-only.
  const inClinic = Boolean(useMyClinic().data?.clinic);
  const search = useSessionSearch(debouncedQuery);

  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [renaming, setRenaming] = useState<Session | null>(null);
  // Kept after the dialog closes, so its text does not go blank during the closing animation.
  const [deleting, setDeleting] = useState<Session | null>(null);
  const [confirmOne, setConfirmOne] = useState(false);
  const [confirmMany, setConfirmMany] = useState(false);

  const listed = useMemo(() => pages.data?.flatMap((p) => p.sessions) ?? [], [pages.data]);
  const shown = searching ? (search.data ?? []) : listed;
  const hasMore = !searching && Boolean(pages.data?.at(-1)?.nextCursor);
  const loadingMore = !searching && pages.size > 0 && pages.data !== undefined && pages.data.length < pages.size && !pages.error;
  const firstLoad = searching ? search.data === undefined && !search.error : pages.data === undefined && !pages.error;
  const loadError = searching ? search.error : pages.error;

  // Selection only ever holds sessions that are on screen.
  const selectedShown = shown.filter((s) => selected.has(s.id));
  const allSelected = shown.length > 0 && selectedShown.length === shown.length;

  // More on scroll: when the end of the list comes into view, ask for the next page.
  const sentinel = useRef<HTMLDivElement>(null);
  const { setSize } = pages;
  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasMore || loadingMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (observed) => {
        if (observed.some((entry) => entry.isIntersecting)) void setSize((size) => size + 1);
      },
      { rootMargin: '200px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasMore, loadingMore, setSize]);

  const refresh = async () => {
    await Promise.all([pages.mutate(), searching ? search.mutate() : Promise.resolve()]);
  };

  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  // Two requests (the API keeps title and patient name apart); both are idempotent, so after a failure
  // half way the dialog's Save sends both again.
  const rename = async (session: Session, { title, patientName }: SessionNaming) => {
    if (patientName !== session.patientName) await correctPatientName(session.id, patientName);
    await renameSession(session.id, title);
    notify({ message: 'Session renamed', severity: 'success' });
    await refresh();
  };

  // The confirmations close either way; a failure is told in the snackbar.
  const notifyFailure = useNotifyFailure();
  const removeOne = useSubmit(
    async (session: Session) => {
      try {
        await deleteSession(session.id);
        toggle(session.id, false);
        notify({ message: 'Session deleted', severity: 'success' });
        await refresh();
      } finally {
        setConfirmOne(false);
      }
    },
    { describe: notifyFailure },
  );

  const removeSelected = useSubmit(
    async (ids: readonly string[]) => {
      try {
        const deleted = await deleteSessions(ids);
        setSelected(new Set());
        notify({ message: `${plural(deleted, 'session')} deleted`, severity: 'success' });
      } finally {
        // After a failure too: some of them may be gone.
        await refresh();
        setConfirmMany(false);
      }
    },
    { describe: notifyFailure },
  );

  let body: ReactNode;
  if (firstLoad) {
    body = <ListSkeleton />;
  } else if (loadError && shown.length === 0) {
    body = (
      <Box sx={{ p: 2 }}>
        <ErrorState message={describeError(loadError)} onRetry={() => void (searching ? search.mutate() : pages.mutate())} />
      </Box>
    );
  } else if (shown.length === 0 && searching) {
    body = (
      <Box sx={{ p: 4, textAlign: 'center' }}>
        <Typography variant="h3" component="p">
          No sessions for “{debouncedQuery}”
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          Search looks at the start of each word of the patient&apos;s name.
        </Typography>
      </Box>
    );
  } else if (shown.length === 0) {
    body = (
      <Box sx={{ p: 5, textAlign: 'center' }}>
        <Typography variant="h3" component="p">
          No sessions yet
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mb: 2 }}>
          Sessions you record or upload appear here, newest first.
        </Typography>
        <Button component={RouterLink} to={paths.record.getHref()} variant="contained" startIcon={<MicNoneOutlined />}>
          Record a session
        </Button>
      </Box>
    );
  } else {
    body = (
      <>
        <Box component="ul" aria-label={searching ? 'Search results' : 'Sessions'} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {shown.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              selected={selected.has(session.id)}
              onSelect={(on) => toggle(session.id, on)}
              onRename={() => setRenaming(session)}
              onDelete={() => {
                setDeleting(session);
                setConfirmOne(true);
              }}
            />
          ))}
        </Box>
        <Box ref={sentinel} sx={{ p: hasMore || loadingMore || pages.error !== undefined ? 2 : 0, display: 'flex', justifyContent: 'center', minHeight: '1px' }}>
          {loadingMore && <CircularProgress size={24} aria-label="Loading more sessions" />}
          {!loadingMore && pages.error !== undefined && !searching && (
            <ErrorState message={describeError(pages.error)} onRetry={() => void pages.mutate()} />
          )}
          {/* For keyboards and screen readers, and browsers without IntersectionObserver. */}
          {hasMore && !loadingMore && !pages.error && (
            <Button onClick={() => void setSize((size) => size + 1)}>Load more sessions</Button>
          )}
        </Box>
      </>
    );
  }

  return (
    <Stack spacing={2} sx={{ maxWidth: 960 }}>
      <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
        <Box sx={{ flex: '1 1 16rem', display: 'flex', flexDirection: 'column' }}>
          <SearchField label="Search patients" value={query} onChange={setQuery} />
        </Box>
        {inClinic && (
          <Button component={RouterLink} to={paths.sharedSessions.getHref()} variant="outlined" startIcon={<GroupOutlined />} sx={{ minHeight: 44 }}>
            Shared with me
          </Button>
        )}
      </Stack>

      <Card>
        {shown.length > 0 && (
          <Box
            sx={{ display: 'flex', alignItems: 'center', gap: 2, px: 1, py: 0.5, borderBottom: 1, borderColor: 'divider', minHeight: 52, flexWrap: 'wrap' }}
          >
            <FormControlLabel
              control={
                <Checkbox
                  checked={allSelected}
                  indeterminate={selectedShown.length > 0 && !allSelected}
                  onChange={(event) => setSelected(event.target.checked ? new Set(shown.map((s) => s.id)) : new Set())}
                />
              }
              label={selectedShown.length > 0 ? `${selectedShown.length} selected` : 'Select all'}
            />
            <Box sx={{ flex: 1 }} />
            {selectedShown.length > 0 && (
              <Button color="error" variant="outlined" onClick={() => setConfirmMany(true)}>
                Delete selected
              </Button>
            )}
          </Box>
        )}
        {body}
      </Card>

      {renaming && <RenameSessionDialog session={renaming} onRename={(naming) => rename(renaming, naming)} onClose={() => setRenaming(null)} />}
      <ConfirmDialog
        open={confirmOne}
        title="Delete this session?"
        confirmLabel="Delete session"
        destructive
        busy={removeOne.busy}
        onConfirm={() => deleting && void removeOne.submit(deleting)}
        onClose={() => setConfirmOne(false)}
      >
        “{deleting?.title}” will be deleted with its audio, transcript and documentation. This cannot be undone.
      </ConfirmDialog>
      <ConfirmDialog
        open={confirmMany}
        title={`Delete ${plural(selectedShown.length, 'session')}?`}
        confirmLabel={`Delete ${plural(selectedShown.length, 'session')}`}
        destructive
        busy={removeSelected.busy}
        onConfirm={() => void removeSelected.submit(selectedShown.map((s) => s.id))}
        onClose={() => setConfirmMany(false)}
      >
        The selected sessions will be deleted with their audio, transcripts and documentation. This cannot be undone.
      </ConfirmDialog>
    </Stack>
  );
}
