import LibraryAddOutlined from '@mui/icons-material/LibraryAddOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { ErrorState } from '@/components/feedback/ErrorState';
import { useNotify } from '@/components/feedback/notifications';
import { useShellPage } from '@/components/layout/use-shell-page';
import { paths } from '@/config/paths';
import { useRefreshTemplates } from '@/data/templates';
import { ApiError } from '@/lib/api-client';
import { describeError } from '@/lib/error-message';
import { categoryLabel } from '../api/categories';
import { addToMyTemplates, useLibraryEntry } from '../api/templates';
import { TemplateSectionsView } from './TemplateSectionsView';

/** /templates/shared/:shareId: what a colleague shared, and a button to add your own copy. */
export function SharedTemplatePage() {
  const { shareId } = useParams();
  const notify = useNotify();
  const navigate = useNavigate();
  const refreshTemplates = useRefreshTemplates();
  const { data: shared, error, mutate } = useLibraryEntry(shareId ? { shareId } : null);
  useShellPage('templates', shared ? shared.name : 'Shared template');
  const [adding, setAdding] = useState(false);

  const add = async () => {
    if (!shareId) return;
    setAdding(true);
    try {
      const copy = await addToMyTemplates({ shareId });
      await refreshTemplates();
      notify({ message: `“${copy.name}” is in your templates now`, severity: 'success' });
      void navigate(paths.template.getHref(copy.id));
    } catch (err) {
      notify({ message: describeError(err), severity: 'error' });
      setAdding(false);
    }
  };

  let content;
  if (shared) {
    content = (
      <Card sx={{ p: 2 }}>
        <Stack spacing={1.5}>
          <Typography variant="h2" component="h2">
            {shared.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Shared by {shared.authorName} · {categoryLabel(shared.category)}
          </Typography>
          {shared.description && <Typography>{shared.description}</Typography>}
          <Box>
            <Button variant="contained" startIcon={<LibraryAddOutlined />} loading={adding} loadingPosition="start" onClick={() => void add()}>
              Add to my templates
            </Button>
          </Box>
          <Typography variant="body2" color="text.secondary">
            You get your own copy to edit; the original stays as it is.
          </Typography>
          <TemplateSectionsView sections={shared.sections} />
        </Stack>
      </Card>
    );
  } else if (error instanceof ApiError && error.status === 404) {
    content = (
      <Alert severity="warning">
        This share link does not work any more: the template was deleted or the link was mistyped. Ask the person who shared it for a new link.
      </Alert>
    );
  } else if (error) {
    content = <ErrorState message={describeError(error)} onRetry={() => void mutate()} />;
  } else {
    content = (
      <Stack spacing={1.5} role="status" aria-busy="true" aria-label="Loading the shared template">
        <Skeleton variant="rounded" height={48} />
        <Skeleton variant="rounded" height={200} />
      </Stack>
    );
  }

  return (
    <Stack spacing={2} sx={{ maxWidth: 960 }}>
      {content}
      <Box>
        <Button component={RouterLink} to={paths.templates.getHref()}>
          Go to your templates
        </Button>
      </Box>
    </Stack>
  );
}
