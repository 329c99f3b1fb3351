import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DATA_EXPORT_STATUS_LABELS, isDataExportActive, type DataExport } from '@charta/contract';
import { useState } from 'react';
import { describeError } from '@/lib/error-message';
import { formatBytes, formatDateTime } from '@/lib/format';
import { downloadUrl, useLatestDataExport, useStartDataExport } from '../api/data-export';

const sessionCount = (n: number) => (n === 1 ? '1 session' : `${n} sessions`);

function ExportProgress({ exported }: { exported: DataExport }) {
  const total = exported.sessionsTotal;
  const percent = total ? Math.min(100, Math.round((exported.sessionsDone / total) * 100)) : null;
  return (
    <Stack spacing={1}>
      <Typography variant="body2" role="status">
        {DATA_EXPORT_STATUS_LABELS[exported.status]}
        {total !== null ? `: ${exported.sessionsDone} of ${total} sessions` : '…'}
      </Typography>
      <LinearProgress aria-label="Export progress" variant={percent === null ? 'indeterminate' : 'determinate'} value={percent ?? 0} />
      <Typography variant="caption" color="text.secondary">
        You can leave this page: the export goes on, and the link appears here when it is ready.
      </Typography>
    </Stack>
  );
}

function ExportReady({ exported }: { exported: DataExport }) {
  if (!exported.downloadPath) {
    return <Typography variant="body2" color="text.secondary">Your last export’s link has expired. Start a new one to download your data.</Typography>;
  }
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Button component="a" href={downloadUrl(exported.downloadPath)} variant="contained" startIcon={<DownloadOutlined />} download>
        Download ZIP{exported.sizeBytes !== null ? ` (${formatBytes(exported.sizeBytes)})` : ''}
      </Button>
      <Typography variant="caption" color="text.secondary">
        {sessionCount(exported.sessionsTotal ?? 0)}, made {formatDateTime(exported.finishedAt ?? exported.createdAt)}. The link works until {formatDateTime(exported.expiresAt ?? exported.createdAt)}; anyone with it can download the file, so do not share it.
      </Typography>
    </Stack>
  );
}

/** Settings → Download my data: every session with its transcript, note and audio, as one ZIP. */
export function DataExportCard() {
  const { data, error, isLoading } = useLatestDataExport();
  const start = useStartDataExport();
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);
  const latest = data?.export ?? null;
  const active = latest !== null && isDataExportActive(latest.status);

  const onStart = async () => {
    setStarting(true);
    setStartError(null);
    try {
      await start();
    } catch (err) {
      setStartError(describeError(err));
    } finally {
      setStarting(false);
    }
  };

  return (
    <Card component="section" aria-labelledby="data-export-heading">
      <CardContent>
        <Stack spacing={2}>
          <div>
            <Typography id="data-export-heading" variant="h2" sx={{ mb: 0.5 }}>
              Download my data
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Every session with its transcript, note and audio, as one ZIP file. Parts your retention settings deleted are listed as not kept.
            </Typography>
          </div>
          {isLoading && <Skeleton variant="rounded" height={36} width={200} role="status" aria-label="Loading your last export" />}
          {error !== undefined && !isLoading && <Alert severity="error">Your last export could not be loaded: {describeError(error)}</Alert>}
          {latest && active && <ExportProgress exported={latest} />}
          {latest?.status === 'ready' && <ExportReady exported={latest} />}
          {latest?.status === 'failed' && <Alert severity="error">The export failed. Nothing was lost: start it again.</Alert>}
          {startError && <Alert severity="error">{startError}</Alert>}
          {!active && !isLoading && (
            <div>
              <Button variant={latest?.status === 'ready' && latest.downloadPath ? 'text' : 'outlined'} onClick={() => void onStart()} disabled={starting}>
                {starting ? 'Starting…' : latest ? 'Start a new export' : 'Start export'}
              </Button>
            </div>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
