import type { Template } from '@charta/contract';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useNotify } from '@/components/feedback/notifications';
import { paths } from '@/config/paths';
import { useRefreshTemplates } from '@/data/templates';
import { describeError } from '@/lib/error-message';
import { duplicateTemplate } from '../api/templates';
import { PreviewPane } from './PreviewPane';
import { TemplateBadges } from './TemplateBadges';
import { TemplateSectionsView } from './TemplateSectionsView';
import { PageFrame, TwoColumns } from './TemplatePageFrame';

/** Built-ins are read-only: their sections, a preview, and a copy to make your own version. */
export function BuiltinTemplateView({ template }: { template: Template }) {
  const notify = useNotify();
  const navigate = useNavigate();
  const refreshTemplates = useRefreshTemplates();
  const [busy, setBusy] = useState(false);
  const [transcript, setTranscript] = useState('');
  const duplicate = async () => {
    setBusy(true);
    try {
      const copy = await duplicateTemplate(template);
      await refreshTemplates();
      notify({ message: 'Copy created: edit it as you like', severity: 'success' });
      void navigate(paths.template.getHref(copy.id));
    } catch (error) {
      notify({ message: describeError(error), severity: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <PageFrame
      actions={
        <Button variant="contained" startIcon={<ContentCopyOutlined />} loading={busy} onClick={() => void duplicate()}>
          Duplicate to edit
        </Button>
      }
    >
      <TwoColumns
        main={
          <Card sx={{ p: 2 }}>
            <Stack spacing={1.5}>
              <Typography variant="h2" component="h2">
                {template.name}
              </Typography>
              <TemplateBadges template={template} />
              <Typography color="text.secondary">{template.description}</Typography>
              <Alert severity="info">Built-in templates are the same for everyone and cannot be changed. Duplicate one to make your own version.</Alert>
              <TemplateSectionsView sections={template.sections} />
            </Stack>
          </Card>
        }
        side={<PreviewPane source={{ templateId: template.id }} transcript={transcript} onTranscriptChange={setTranscript} />}
      />
    </PageFrame>
  );
}
