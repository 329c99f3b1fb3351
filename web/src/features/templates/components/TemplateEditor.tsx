import { TEMPLATE_LIMITS, type Template } from '@charta/contract';
import AddOutlined from '@mui/icons-material/AddOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useMemo, useReducer, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSWRConfig } from 'swr';
import { ConfirmDialog } from '@/components/feedback/ConfirmDialog';
import { useNotify, useNotifyFailure } from '@/components/feedback/notifications';
import { useShellPage } from '@/components/layout/use-shell-page';
import { paths } from '@/config/paths';
import { templateKey, useRefreshTemplates } from '@/data/templates';
import { ApiError } from '@/lib/api-client';
import { describeError } from '@/lib/error-message';
import { useSubmit } from '@/lib/use-submit';
import { useLeaveGuard } from '@/lib/use-leave-guard';
import { categoryLabel, type TemplateCategory } from '../api/categories';
import { useMyClinic } from '@/data/my-clinic';
import { deleteTemplate, helpMeWriteSection, unpublishTemplate, upsertTemplate, type TemplateDraft } from '../api/templates';
import { editorFieldOf, editorReducer, initialEditorState, isDirty, toDraft, validateEditor, visibleEditorErrors, type EditorErrors, type EditorSection } from '../lib/editor-state';
import { PreviewPane, type PreviewSource } from './PreviewPane';
import { PublishDialog } from './PublishDialog';
import { SectionList } from './SectionList';
import { ShareDialog } from './ShareDialog';
import { TemplateDetailsCard } from './TemplateDetailsCard';
import { TemplateEditorActions, type EditorDialog } from './TemplateEditorActions';
import { PageFrame, TwoColumns } from './TemplatePageFrame';

// Only clinicians in a clinic open it, and the library's clinic tab loads it too: a chunk of its own
// (scripts/route-budgets.mjs).
const ClinicShareDialog = lazy(() => import('./ClinicShareDialog').then((m) => ({ default: m.ClinicShareDialog })));

interface TemplateEditorProps {
  /** The saved template being edited; absent for a new one. */
  template?: Template;
  initialDraft?: Omit<TemplateDraft, 'id'> | undefined;
}

/** Writing a template of one's own: a new one, or a saved one to change, share, publish or delete. */
export function TemplateEditor({ template, initialDraft }: TemplateEditorProps) {
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
  const [dialog, setDialog] = useState<EditorDialog | null>(null);
  const leaving = useRef(false);
  const myClinic = useMyClinic().data?.clinic ?? null;

  const errors = useMemo(() => validateEditor(state), [state]);
  const valid = Object.keys(errors).length === 0;
  const visibleErrors = visibleEditorErrors(errors, { showMissing: showAllErrors, serverErrors });
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

  // Failures are told in the snackbar; a failed delete closes its confirmation.
  const notifyFailure = useNotifyFailure();
  const removal = useSubmit(
    async (saved: Template) => {
      await deleteTemplate(saved.id);
      await refreshTemplates();
      notify({ message: 'Template deleted', severity: 'success' });
      leaving.current = true;
      void navigate(paths.templates.getHref());
    },
    {
      describe: (error) => {
        setDialog(null);
        return notifyFailure(error);
      },
    },
  );

  const unpublishing = useSubmit(
    async (templateId: string, publishedId: string) => {
      await unpublishTemplate(publishedId);
      await refreshTemplates(templateId);
      notify({ message: 'Removed from the community library', severity: 'success' });
    },
    { describe: notifyFailure },
  );
  const busy = removal.busy || unpublishing.busy;
  const unpublish = () => {
    if (template?.publishedTemplateId) void unpublishing.submit(template.id, template.publishedTemplateId);
  };

  const actions = (
    <TemplateEditorActions template={template} dirty={dirty} saving={saving} busy={busy} onSave={() => void save()} onUnpublish={unpublish} onOpen={setDialog} inClinic={myClinic !== null} />
  );

  return (
    <PageFrame actions={actions}>
      {formError && <Alert severity="error">{formError}</Alert>}
      <TwoColumns
        main={
          <>
            <TemplateDetailsCard
              template={template}
              state={state}
              dirty={dirty}
              errors={visibleErrors}
              onChange={(change) => {
                if (change.field === 'category') dispatch({ type: 'setCategory', value: change.value });
                else {
                  dispatch({ type: 'set', field: change.field, value: change.value });
                  clearServerError(change.field);
                }
              }}
            />

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
      {dialog === 'clinic' && template && myClinic && (
        <Suspense fallback={null}>
          <ClinicShareDialog
            clinicName={myClinic.name}
            template={template}
            onClose={() => setDialog(null)}
            onShared={(shared) => {
              setDialog(null);
              notify({ message: `“${shared.name}” is in the ${myClinic.name} library`, severity: 'success' });
            }}
          />
        </Suspense>
      )}
      <ConfirmDialog
        open={dialog === 'delete'}
        title="Delete this template?"
        confirmLabel="Delete template"
        destructive
        busy={busy}
        onConfirm={() => template && void removal.submit(template)}
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
