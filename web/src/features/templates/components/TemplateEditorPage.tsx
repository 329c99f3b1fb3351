import type { Template } from '@charta/contract';
import AddOutlined from '@mui/icons-material/AddOutlined';
import ArrowBack from '@mui/icons-material/ArrowBack';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import PublicOutlined from '@mui/icons-material/PublicOutlined';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { useLeaveGuard } from '@/lib/use-leave-guard';
import { useSWRConfig } from 'swr';
import { ConfirmDialog } from '@/components/feedback/ConfirmDialog';
import { ErrorState } from '@/components/feedback/ErrorState';
import { useNotify } from '@/components/feedback/notifications';
import { useShellPage } from '@/components/layout/use-shell-page';
import { paths } from '@/config/paths';
import { templateKey, useRefreshTemplates, useTemplate } from '@/data/templates';
import { ApiError } from '@/lib/api-client';
import { describeError } from '@/lib/error-message';
import { TEMPLATE_LIMITS } from '@charta/contract';
import { categoryLabel, CATEGORY_OPTIONS, DEFAULT_CATEGORY, isTemplateCategory, type TemplateCategory } from '../api/categories';
import { deleteTemplate, duplicateTemplate, helpMeWriteSection, unpublishTemplate, upsertTemplate, type TemplateDraft } from '../api/templates';
import { editorFieldOf, editorReducer, initialEditorState, isDirty, toDraft, validateEditor, type EditorErrors, type EditorSection } from '../lib/editor-state';
import { PreviewPane, type PreviewSource } from './PreviewPane';
import { PublishDialog } from './PublishDialog';
import { SectionList } from './SectionList';
import { ShareDialog } from './ShareDialog';
import { TemplateBadges } from './TemplateBadges';
import { TemplateSectionsView } from './TemplateSectionsView';

/** A draft handed over by "Create from an example note" (router state), checked before use. */
function draftFromState(state: unknown): Omit<TemplateDraft, 'id'> | undefined {
  const draft = (state as { draft?: Partial<TemplateDraft> } | null)?.draft;
  if (!draft || typeof draft.name !== 'string' || !Array.isArray(draft.sections)) return undefined;
  const category = typeof draft.category === 'string' && isTemplateCategory(draft.category) ? draft.category : DEFAULT_CATEGORY;
  return {
    name: draft.name,
    description: typeof draft.description === 'string' ? draft.description : '',
    category,
    sections: draft.sections.map((s) => ({ ...(s.id ? { id: s.id } : {}), title: String(s.title ?? ''), instructions: String(s.instructions ?? ''), format: s.format === 'bullets' ? 'bullets' : 'paragraph' })),
  };
}

/** /templates/new (blank, or a draft from an example note) and /templates/:templateId. */
export function TemplateEditorPage() {
  const { templateId } = useParams();
  const location = useLocation();
  if (!templateId) return <TemplateEditor key={location.key} initialDraft={draftFromState(location.state)} />;
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
      <Stack spacing={2} aria-busy="true" aria-label="Loading the template">
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" height={160} />
        <Skeleton variant="rounded" height={160} />
      </Stack>
    </PageFrame>
  );
}

function PageFrame({ actions, children }: { actions?: ReactNode; children: ReactNode }) {
  return (
    <Stack spacing={2} sx={{ maxWidth: 1400 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={paths.templates.getHref()} startIcon={<ArrowBack />}>
          All templates
        </Button>
        <Box sx={{ flex: 1 }} />
        {actions}
      </Box>
      {children}
    </Stack>
  );
}

function TwoColumns({ main, side }: { main: ReactNode; side: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }, alignItems: 'start' }}>
      <Stack spacing={2}>{main}</Stack>
      <Box sx={{ position: { lg: 'sticky' }, top: { lg: 88 } }}>{side}</Box>
    </Box>
  );
}

/** Built-ins are read-only: their sections, a preview, and a copy to make your own version. */
function BuiltinTemplateView({ template }: { template: Template }) {
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

interface TemplateEditorProps {
  /** The saved template being edited; absent for a new one. */
  template?: Template;
  initialDraft?: Omit<TemplateDraft, 'id'> | undefined;
}

function TemplateEditor({ template, initialDraft }: TemplateEditorProps) {
  const notify = useNotify();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const refreshTemplates = useRefreshTemplates();
  const [state, dispatch] = useReducer(editorReducer, template ?? initialDraft, (draft) => initialEditorState(draft ? { ...draft, category: draft.category as TemplateCategory } : undefined));
  useShellPage('templates', template ? state.name.trim() || template.name : 'New template');
  const [showAllErrors, setShowAllErrors] = useState(false);
  const [serverErrors, setServerErrors] = useState<EditorErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [helping, setHelping] = useState<ReadonlySet<string>>(new Set());
  const [transcript, setTranscript] = useState('');
  const [dialog, setDialog] = useState<'share' | 'publish' | 'delete' | null>(null);
  const [busy, setBusy] = useState(false);
  const leaving = useRef(false);

  const errors = useMemo(() => validateEditor(state), [state]);
  const valid = Object.keys(errors).length === 0;
  // Limits and repeated titles show at once; "missing" ones after a first attempt to save.
  const visibleErrors: EditorErrors = { ...(showAllErrors ? errors : Object.fromEntries(Object.entries(errors).filter(([, m]) => m && !/^Give|^Add/.test(m)))), ...serverErrors };
  const dirty = isDirty(state);
  const draft = useMemo(() => toDraft(state), [state]);
  const previewSource: PreviewSource | null = valid ? { template: draft } : null;

  // Edits are not lost by accident: leaving the page (in the app or the browser) asks first.
  const blocker = useLeaveGuard(dirty, () => leaving.current);

  const clearServerError = (field: string) => setServerErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  const changeSection = (key: string, patch: Partial<Pick<EditorSection, 'title' | 'instructions' | 'format'>>) => {
    dispatch({ type: 'updateSection', key, patch });
    if (patch.title !== undefined) clearServerError(`${key}.title`);
    if (patch.instructions !== undefined) clearServerError(`${key}.instructions`);
  };

  const helpMeWrite = async (section: EditorSection) => {
    setHelping((current) => new Set(current).add(section.key));
    try {
      // Whatever the clinician already wrote there is their brief for the assistant.
      const instructions = await helpMeWriteSection(section.title.trim(), section.instructions.trim() || undefined);
      dispatch({ type: 'updateSection', key: section.key, patch: { instructions } });
      notify({ message: `Instructions drafted for “${section.title.trim()}”. Edit them as you like.`, severity: 'success' });
    } catch (error) {
      notify({ message: describeError(error), severity: 'error' });
    } finally {
      setHelping((current) => {
        const next = new Set(current);
        next.delete(section.key);
        return next;
      });
    }
  };

  const save = async () => {
    setShowAllErrors(true);
    setFormError(null);
    if (!valid) {
      notify({ message: 'Some fields need attention before saving.', severity: 'warning' });
      return;
    }
    setSaving(true);
    try {
      const saved = await upsertTemplate({ ...(template ? { id: template.id } : {}), ...draft });
      // The saved sections carry their ids now; the editor continues from them.
      dispatch({ type: 'load', draft: { ...saved, category: saved.category as TemplateCategory } });
      setShowAllErrors(false);
      setServerErrors({});
      await mutate(templateKey(saved.id), saved, { revalidate: false });
      void refreshTemplates();
      notify({ message: 'Template saved', severity: 'success' });
      if (!template) {
        leaving.current = true;
        void navigate(paths.template.getHref(saved.id), { replace: true });
      }
    } catch (error) {
      const field = error instanceof ApiError && error.status === 400 ? editorFieldOf(error.field, state) : null;
      if (field) setServerErrors({ [field]: error instanceof Error ? error.message : '' });
      else setFormError(describeError(error));
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    if (!template) return;
    setBusy(true);
    try {
      await deleteTemplate(template.id);
      await refreshTemplates();
      notify({ message: 'Template deleted', severity: 'success' });
      leaving.current = true;
      void navigate(paths.templates.getHref());
    } catch (error) {
      notify({ message: describeError(error), severity: 'error' });
      setBusy(false);
      setDialog(null);
    }
  };

  const unpublish = async () => {
    if (!template?.publishedTemplateId) return;
    setBusy(true);
    try {
      await unpublishTemplate(template.publishedTemplateId);
      await refreshTemplates(template.id);
      notify({ message: 'Removed from the community library', severity: 'success' });
    } catch (error) {
      notify({ message: describeError(error), severity: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const savedFirst = dirty || !template ? 'Save the template first' : undefined;
  const actions = (
    <>
      {template && (
        <>
          <Button startIcon={<ShareOutlined />} disabled={Boolean(savedFirst)} title={savedFirst} onClick={() => setDialog('share')}>
            Share
          </Button>
          {template.published ? (
            <>
              <Button startIcon={<PublicOutlined />} disabled={Boolean(savedFirst)} title={savedFirst} onClick={() => setDialog('publish')}>
                Publish again
              </Button>
              <Button disabled={busy} onClick={() => void unpublish()}>
                Unpublish
              </Button>
            </>
          ) : (
            <Button startIcon={<PublicOutlined />} disabled={Boolean(savedFirst)} title={savedFirst} onClick={() => setDialog('publish')}>
              Publish
            </Button>
          )}
          <Button color="error" startIcon={<DeleteOutlined />} onClick={() => setDialog('delete')}>
            Delete
          </Button>
        </>
      )}
      <Button variant="contained" loading={saving} onClick={() => void save()}>
        {template ? 'Save changes' : 'Save template'}
      </Button>
    </>
  );

  return (
    <PageFrame actions={actions}>
      {formError && <Alert severity="error">{formError}</Alert>}
      <TwoColumns
        main={
          <>
            <Card component="section" aria-label="Template details" sx={{ p: 2 }}>
              <Stack spacing={2}>
                {template && (
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                    <TemplateBadges template={{ ...template, category: state.category }} />
                    {dirty && (
                      <Typography variant="body2" color="text.secondary">
                        Unsaved changes
                      </Typography>
                    )}
                  </Box>
                )}
                <TextField
                  label="Template name"
                  required
                  value={state.name}
                  onChange={(event) => {
                    dispatch({ type: 'set', field: 'name', value: event.target.value });
                    clearServerError('name');
                  }}
                  error={Boolean(visibleErrors['name'])}
                  helperText={visibleErrors['name']}
                />
                <TextField
                  label="Description"
                  placeholder="What the template is for"
                  multiline
                  minRows={2}
                  value={state.description}
                  onChange={(event) => {
                    dispatch({ type: 'set', field: 'description', value: event.target.value });
                    clearServerError('description');
                  }}
                  error={Boolean(visibleErrors['description'])}
                  helperText={visibleErrors['description'] ?? `${state.description.trim().length} / ${TEMPLATE_LIMITS.description}`}
                />
                <TextField select label="Category" value={state.category} onChange={(event) => dispatch({ type: 'setCategory', value: event.target.value as TemplateCategory })}>
                  {CATEGORY_OPTIONS.map((c) => (
                    <MenuItem key={c.id} value={c.id}>
                      {c.label}
                    </MenuItem>
                  ))}
                </TextField>
              </Stack>
            </Card>

            <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
              <Typography variant="h3" component="h2">
                Sections
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {state.sections.length} of {TEMPLATE_LIMITS.sections} · in the order the note will have them
              </Typography>
            </Box>
            {visibleErrors['sections'] && <Alert severity="error">{visibleErrors['sections']}</Alert>}
            <SectionList
              sections={state.sections}
              errors={visibleErrors}
              helping={helping}
              transcript={transcript}
              onChange={changeSection}
              onRemove={(key) => dispatch({ type: 'removeSection', key })}
              onMove={(from, to) => dispatch({ type: 'moveSection', from, to })}
              onHelpMeWrite={(section) => void helpMeWrite(section)}
            />
            <Box>
              <Button startIcon={<AddOutlined />} variant="outlined" disabled={state.sections.length >= TEMPLATE_LIMITS.sections} onClick={() => dispatch({ type: 'addSection' })}>
                Add section
              </Button>
            </Box>
          </>
        }
        side={<PreviewPane source={previewSource} transcript={transcript} onTranscriptChange={setTranscript} />}
      />

      {dialog === 'share' && template && <ShareDialog templateId={template.id} templateName={template.name} onClose={() => setDialog(null)} />}
      {dialog === 'publish' && template && (
        <PublishDialog
          template={template}
          onClose={() => setDialog(null)}
          onPublished={(published) => {
            setDialog(null);
            notify({ message: `“${published.name}” is in the community library (${categoryLabel(published.category)})`, severity: 'success' });
            void refreshTemplates(template.id);
          }}
        />
      )}
      <ConfirmDialog
        open={dialog === 'delete'}
        title="Delete this template?"
        confirmLabel="Delete template"
        destructive
        busy={busy}
        onConfirm={() => void remove()}
        onClose={() => setDialog(null)}
      >
        “{template?.name}” will be deleted{template?.published ? ' and taken out of the community library' : ''}; its share link stops working. Sessions and notes already written with it keep
        their content. This cannot be undone.
      </ConfirmDialog>
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title="Leave without saving?"
        confirmLabel="Leave without saving"
        cancelLabel="Keep editing"
        destructive
        onConfirm={() => blocker.proceed?.()}
        onClose={() => blocker.reset?.()}
      >
        Your changes to this template have not been saved.
      </ConfirmDialog>
    </PageFrame>
  );
}
