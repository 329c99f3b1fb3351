import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { AUDIT_RETENTION } from '@charta/contract';
import { ErrorState } from '@/components/feedback/ErrorState';
import { useNotify } from '@/components/feedback/notifications';
import { useShellPage } from '@/components/layout/use-shell-page';
import { paths } from '@/config/paths';
import { describeError } from '@/lib/error-message';
import { downloadActivityCsv, useActivityPages } from '../api/activity';
import { useActivityFilter } from '../hooks/use-activity-filter';
import { apiFilter, dateRangeProblem, isFiltered } from '../lib/activity-filter';
import { ActivityFilters } from './ActivityFilters';
import { ActivityRow } from './ActivityRow';

function ListSkeleton() {
  return (
    <Stack role="status" aria-busy="true" aria-label="Loading activity" sx={{ p: 2 }} spacing={1.5}>
      {[0, 1, 2, 3, 4].map((row) => (
        <Box key={row}>
          <Skeleton width="40%" />
          <Skeleton width="60%" />
        </Box>
      ))}
    </Stack>
  );
}

function Empty({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box sx={{ p: 5, textAlign: 'center' }}>
      <Typography variant="h3" component="p">
        {title}
      </Typography>
      <Box sx={{ mt: 1, color: 'text.secondary' }}>{children}</Box>
    </Box>
  );
}

/**
 * Settings → Activity: the clinician's own audit trail, newest first: who viewed, changed, copied or shared
 * which patient data and when, and account events. Filtered by session, action and dates (kept in the
 * address), a page at a time, and downloadable as CSV.
 */
export function ActivityPage() {
  useShellPage('settings', 'Activity');
  const notify = useNotify();
  const [filter, changeFilter, clearFilter] = useActivityFilter();
  const rangeProblem = dateRangeProblem(filter);
  const query = useMemo(() => apiFilter(filter), [filter]);
  const pages = useActivityPages(rangeProblem ? null : query);
  const [downloading, setDownloading] = useState(false);

  const entries = useMemo(() => pages.data?.flatMap((page) => page.entries) ?? [], [pages.data]);
  const hasMore = Boolean(pages.data?.at(-1)?.nextCursor);
  const loadingMore = pages.data !== undefined && pages.data.length < pages.size && !pages.error;
  const firstLoad = !rangeProblem && pages.data === undefined && !pages.error;

  const download = async () => {
    setDownloading(true);
    try {
      await downloadActivityCsv(query);
    } catch (error) {
      notify({ message: `Could not download the activity: ${describeError(error)}`, severity: 'error' });
    } finally {
      setDownloading(false);
    }
  };

  let body: ReactNode;
  if (rangeProblem) {
    body = <Empty title="Choose an end date after the start date">The dates above ask for no days at all.</Empty>;
  } else if (firstLoad) {
    body = <ListSkeleton />;
  } else if (pages.error !== undefined && entries.length === 0) {
    body = (
      <Box sx={{ p: 2 }}>
        <ErrorState message={describeError(pages.error)} onRetry={() => void pages.mutate()} />
      </Box>
    );
  } else if (entries.length === 0 && isFiltered(filter)) {
    body = (
      <Empty title="No activity matches these filters">
        <Button onClick={clearFilter} sx={{ mt: 1 }}>
          Clear filters
        </Button>
      </Empty>
    );
  } else if (entries.length === 0) {
    body = <Empty title="No activity yet">Sessions you open, edit, copy or share, AI actions and sign-ins appear here, newest first.</Empty>;
  } else {
    body = (
      <>
        <Box component="ul" aria-label="Activity" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {entries.map((entry) => (
            <ActivityRow key={entry.id} entry={entry} onFilterBySession={filter.sessionId ? undefined : (sessionId) => changeFilter({ sessionId })} />
          ))}
        </Box>
        {(hasMore || loadingMore || pages.error !== undefined) && (
          <Box sx={{ p: 2, display: 'flex', justifyContent: 'center', borderTop: 1, borderColor: 'divider' }}>
            {loadingMore && <CircularProgress size={24} aria-label="Loading more activity" />}
            {!loadingMore && pages.error !== undefined && <ErrorState message={describeError(pages.error)} onRetry={() => void pages.mutate()} />}
            {hasMore && !loadingMore && pages.error === undefined && <Button onClick={() => void pages.setSize(pages.size + 1)}>Load more activity</Button>}
          </Box>
        )}
      </>
    );
  }

  return (
    <Stack spacing={2} sx={{ maxWidth: 960 }}>
      <Box>
        <Button component={RouterLink} to={paths.settings.getHref()} startIcon={<ArrowBackOutlined />} sx={{ ml: -1 }}>
          Settings
        </Button>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', justifyContent: 'space-between', gap: 2 }}>
        <Typography color="text.secondary" sx={{ maxWidth: 640 }}>
          Every access to your patients’ data in your account: what was viewed, changed, copied or shared, AI actions, and sign-ins, with
          when and from where. Charta records it on its servers and keeps it {AUDIT_RETENTION.defaultYears} years; nobody can change it.
        </Typography>
        <Button variant="outlined" startIcon={<FileDownloadOutlined />} loading={downloading} disabled={rangeProblem !== null} onClick={() => void download()}>
          Download CSV
        </Button>
      </Box>
      <Card sx={{ p: 2 }}>
        <ActivityFilters filter={filter} onChange={changeFilter} onClear={clearFilter} />
      </Card>
      <Card>{body}</Card>
    </Stack>
  );
}
