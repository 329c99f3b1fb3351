import type { Template } from '@charta/contract';
import AddOutlined from '@mui/icons-material/AddOutlined';
import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import LocalLibraryOutlined from '@mui/icons-material/LocalLibraryOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { LazyTooltip as Tooltip } from '@/components/feedback/LazyTooltip';
import Typography from '@mui/material/Typography';
import { useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/feedback/ConfirmDialog';
import { ErrorState } from '@/components/feedback/ErrorState';
import { useNotify, useNotifyFailure } from '@/components/feedback/notifications';
import { useShellPage } from '@/components/layout/use-shell-page';
import { paths } from '@/config/paths';
import { useRefreshTemplates } from '@/data/templates';
import { describeError } from '@/lib/error-message';
import { useSubmit } from '@/lib/use-submit';
import { deleteTemplate, duplicateTemplate, useTemplatePages } from '../api/templates';
import { TemplateBadges } from './TemplateBadges';

function plural(n: number, word: string) {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function ListSkeleton({ label }: { label: string }) {
  return (
    <Stack role="status" aria-busy="true" aria-label={label} sx={{ p: 2 }} spacing={2}>
      {[0, 1, 2].map((row) => (
        <Box key={row}>
          <Skeleton width="40%" />
          <Skeleton width="70%" />
        </Box>
      ))}
    </Stack>
  );
}

interface RowProps {
  template: Template;
  onDuplicate: () => void;
  onDelete?: () => void;
  busy: boolean;
}

function TemplateRow({ template, onDuplicate, onDelete, busy }: RowProps) {
  return (
    <Box component="li" aria-label={template.name} sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1.5, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Link component={RouterLink} to={paths.template.getHref(template.id)} underline="hover" variant="subtitle1" sx={{ fontWeight: 600, display: 'inline-flex', alignItems: 'center', minHeight: { xs: 44, sm: 'auto' } }}>
          {template.name}
        </Link>
        {template.description && (
          <Typography variant="body2" color="text.secondary" noWrap>
            {template.description}
          </Typography>
        )}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5, flexWrap: 'wrap' }}>
          <TemplateBadges template={template} />
          <Typography variant="caption" color="text.secondary">
            {plural(template.sections.length, 'section')}
          </Typography>
        </Box>
      </Box>
      <Tooltip title="Duplicate">
        <span>
          <IconButton aria-label={`Duplicate ${template.name}`} onClick={onDuplicate} disabled={busy}>
            <ContentCopyOutlined />
          </IconButton>
        </span>
      </Tooltip>
      {onDelete && (
        <Tooltip title="Delete">
          <span>
            <IconButton aria-label={`Delete ${template.name}`} onClick={onDelete} disabled={busy}>
              <DeleteOutlined />
            </IconButton>
          </span>
        </Tooltip>
      )}
    </Box>
  );
}

function Section({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="h3" component="h2">
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {subtitle}
      </Typography>
      <Card>{children}</Card>
    </Box>
  );
}

/** The user's templates (newest first) and the built-ins: open, create, duplicate, delete. */
export function TemplatesPage() {
  useShellPage('templates', 'Templates');
  const notify = useNotify();
  const navigate = useNavigate();
  const pages = useTemplatePages();
  const refreshTemplates = useRefreshTemplates();
  const [deleting, setDeleting] = useState<Template | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);

  const all = useMemo(() => pages.data?.flatMap((p) => p.templates) ?? [], [pages.data]);
  const own = all.filter((t) => t.source !== 'builtin');
  const builtins = all.filter((t) => t.source === 'builtin');
  const loading = pages.data === undefined && !pages.error;
  const hasMore = Boolean(pages.data?.at(-1)?.nextCursor);

  // A failure is told in the snackbar (the confirmation closes either way).
  const notifyFailure = useNotifyFailure();
  const duplicate = useSubmit(
    async (template: Template) => {
      const copy = await duplicateTemplate(template);
      await Promise.all([pages.mutate(), refreshTemplates()]);
      notify({ message: `“${copy.name}” created`, severity: 'success' });
      void navigate(paths.template.getHref(copy.id));
    },
    { describe: notifyFailure },
  );

  const removal = useSubmit(
    async (template: Template) => {
      try {
        await deleteTemplate(template.id);
        notify({ message: 'Template deleted', severity: 'success' });
        await Promise.all([pages.mutate(), refreshTemplates()]);
      } finally {
        setConfirmOpen(false);
      }
    },
    { describe: notifyFailure },
  );
  const busy = duplicate.busy || removal.busy;

  let mine: ReactNode;
  if (loading) mine = <ListSkeleton label="Loading your templates" />;
  else if (pages.error && all.length === 0) {
    mine = (
      <Box sx={{ p: 2 }}>
        <ErrorState message={describeError(pages.error)} onRetry={() => void pages.mutate()} />
      </Box>
    );
  } else if (own.length === 0) {
    mine = (
      <Box sx={{ p: 4, textAlign: 'center' }}>
        <Typography variant="h3" component="p">
          No templates of your own yet
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mb: 2 }}>
          Start from scratch, from a note you like, or from a built-in below (Duplicate). The community library has more.
        </Typography>
        <Button component={RouterLink} to={paths.templateNew.getHref()} variant="contained" startIcon={<AddOutlined />}>
          New template
        </Button>
      </Box>
    );
  } else {
    mine = (
      <>
        <Box component="ul" aria-label="Your templates" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {own.map((template) => (
            <TemplateRow
              key={template.id}
              template={template}
              busy={busy}
              onDuplicate={() => void duplicate.submit(template)}
              onDelete={() => {
                setDeleting(template);
                setConfirmOpen(true);
              }}
            />
          ))}
        </Box>
        {hasMore && (
          <Box sx={{ p: 1, textAlign: 'center', borderTop: 1, borderColor: 'divider' }}>
            <Button loading={pages.isValidating} onClick={() => void pages.setSize((size) => size + 1)}>
              Show more templates
            </Button>
          </Box>
        )}
      </>
    );
  }

  return (
    <Stack spacing={3} sx={{ maxWidth: 960 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={paths.templateNew.getHref()} variant="contained" startIcon={<AddOutlined />}>
          New template
        </Button>
        <Button component={RouterLink} to={paths.templateFromNote.getHref()} variant="outlined" startIcon={<AutoAwesomeOutlined />}>
          Create from an example note
        </Button>
        <Button component={RouterLink} to={paths.templateLibrary.getHref()} variant="outlined" startIcon={<LocalLibraryOutlined />}>
          Community library
        </Button>
      </Box>

      <Section title="Your templates" subtitle="Yours to edit, share and publish. The Record tab lists them first.">
        {mine}
      </Section>

      <Section title="Built-in templates" subtitle="The same for everyone and read-only. Duplicate one to make your own version.">
        {loading ? (
          <ListSkeleton label="Loading the built-in templates" />
        ) : pages.error && builtins.length === 0 ? (
          <Box sx={{ p: 2 }}>
            <ErrorState message={describeError(pages.error)} onRetry={() => void pages.mutate()} />
          </Box>
        ) : (
          <Box component="ul" aria-label="Built-in templates" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {builtins.map((template) => (
              <TemplateRow key={template.id} template={template} busy={busy} onDuplicate={() => void duplicate.submit(template)} />
            ))}
          </Box>
        )}
      </Section>

      <ConfirmDialog
        open={confirmOpen}
        title="Delete this template?"
        confirmLabel="Delete template"
        destructive
        busy={removal.busy}
        onConfirm={() => deleting && void removal.submit(deleting)}
        onClose={() => setConfirmOpen(false)}
      >
        “{deleting?.name}” will be deleted{deleting?.published ? ' and taken out of the community library' : ''}; its share link stops working. Sessions and notes already written with it
        keep their content. This cannot be undone.
      </ConfirmDialog>
    </Stack>
  );
}
