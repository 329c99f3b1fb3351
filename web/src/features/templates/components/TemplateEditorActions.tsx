import type { Template } from '@charta/contract';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import PublicOutlined from '@mui/icons-material/PublicOutlined';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import Button from '@mui/material/Button';
import { unsavedReason } from '../lib/editor-state';

export type EditorDialog = 'share' | 'publish' | 'clinic' | 'delete';

interface TemplateEditorActionsProps {
  /** The saved template; absent for a new one, which can only be saved. */
  template: Template | undefined;
  dirty: boolean;
  saving: boolean;
  busy: boolean;
  onSave: () => void;
  onUnpublish: () => void;
  onOpen: (dialog: EditorDialog) => void;
  /** The caller is in a clinic: the template can be shared with its library too. */
  inClinic?: boolean;
}

/** The editor's buttons: share, publish or unpublish, share with the clinic (in one), delete, and save. */
export function TemplateEditorActions({ template, dirty, saving, busy, onSave, onUnpublish, onOpen, inClinic = false }: TemplateEditorActionsProps) {
  const notYet = unsavedReason({ saved: template !== undefined, dirty });
  return (
    <>
      {template && (
        <>
          <Button startIcon={<ShareOutlined />} disabled={Boolean(notYet)} title={notYet} onClick={() => onOpen('share')}>
            Share
          </Button>
          {template.published ? (
            <>
              <Button startIcon={<PublicOutlined />} disabled={Boolean(notYet)} title={notYet} onClick={() => onOpen('publish')}>
                Publish again
              </Button>
              <Button disabled={busy} onClick={onUnpublish}>
                Unpublish
              </Button>
            </>
          ) : (
            <Button startIcon={<PublicOutlined />} disabled={Boolean(notYet)} title={notYet} onClick={() => onOpen('publish')}>
              Publish
            </Button>
          )}
          {inClinic && (
            <Button startIcon={<GroupsOutlined />} disabled={Boolean(notYet)} title={notYet} onClick={() => onOpen('clinic')}>
              Share with my clinic
            </Button>
          )}
          <Button color="error" startIcon={<DeleteOutlined />} onClick={() => onOpen('delete')}>
            Delete
          </Button>
        </>
      )}
      <Button variant="contained" loading={saving} onClick={onSave}>
        {template ? 'Save changes' : 'Save template'}
      </Button>
    </>
  );
}
