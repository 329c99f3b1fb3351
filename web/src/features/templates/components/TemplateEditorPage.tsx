// /templates/new and /templates/:templateId: the editor for one's own templates, a read-only view for the
// built-ins. The parts: TemplateEditor (state, save, delete), TemplateDetailsCard (name, description,
// category), SectionList (the sections), PreviewPane (a live preview), TemplateEditorActions (the buttons).
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useLocation, useParams } from 'react-router';
import { ErrorState } from '@/components/feedback/ErrorState';
import { useShellPage } from '@/components/layout/use-shell-page';
import { useTemplate } from '@/data/templates';
import { ApiError } from '@/lib/api-client';
import { describeError } from '@/lib/error-message';
import { draftFromRouterState } from '../lib/editor-state';
import { BuiltinTemplateView } from './BuiltinTemplateView';
import { TemplateEditor } from './TemplateEditor';
import { PageFrame } from './TemplatePageFrame';

/** /templates/new (blank, or a draft from an example note) and /templates/:templateId. */
export function TemplateEditorPage() {
  const { templateId } = useParams();
  const location = useLocation();
  if (!templateId) return <TemplateEditor key={location.key} initialDraft={draftFromRouterState(location.state)} />;
  return <ExistingTemplate key={templateId} templateId={templateId} />;
}

function ExistingTemplate({ templateId }: { templateId: string }) {
  const { data: template, error, mutate } = useTemplate(templateId);
  useShellPage('templates', template?.name ?? 'Template');
  if (template) return template.source === 'builtin' ? <BuiltinTemplateView template={template} /> : <TemplateEditor template={template} />;
  if (error instanceof ApiError && error.status === 404) {
    return (
      <PageFrame>
        <Alert severity="warning">This template does not exist or is not one of yours. It may have been deleted.</Alert>
      </PageFrame>
    );
  }
  if (error) {
    return (
      <PageFrame>
        <ErrorState message={describeError(error)} onRetry={() => void mutate()} />
      </PageFrame>
    );
  }
  return (
    <PageFrame>
      <Stack spacing={2} role="status" aria-busy="true" aria-label="Loading the template">
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" height={160} />
        <Skeleton variant="rounded" height={160} />
      </Stack>
    </PageFrame>
  );
}
