import { TEMPLATE_LIMITS, type ClinicTemplate, type Template } from '@charta/contract';
import Alert from '@mui/material/Alert';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { DialogSubmitActions } from '@/components/feedback/DialogSubmitActions';
import { formatDateTime } from '@/lib/format';
import { useSubmit } from '@/lib/use-submit';
import { describeClinicLibraryFailure, publishToClinic, useClinicTemplates } from '../api/clinic-library';
import { OwnTemplateSelect } from './OwnTemplateSelect';
import { LazyDialog } from '@/components/feedback/LazyDialog';

interface ClinicShareDialogProps {
  clinicName: string;
  /** The template to share; when absent the user picks one of `choices`. */
  template?: Template;
  choices?: readonly Template[];
  onShared: (shared: ClinicTemplate) => void;
  onClose: () => void;
}

/**
 * Shares a snapshot of one of the user's templates with their clinic's library (docs/clinics.md "The clinic
 * library"): only the clinic's members see it, never the community library. The description is optional
 * (the template's own is used without one); a failure keeps what was typed.
 */
export function ClinicShareDialog({ clinicName, template, choices = [], onShared, onClose }: ClinicShareDialogProps) {
  const titleId = useId();
  const [templateId, setTemplateId] = useState(template?.id ?? choices[0]?.id ?? '');
  const chosen = template ?? choices.find((t) => t.id === templateId);
  const [description, setDescription] = useState(chosen?.description ?? '');
  const tooLong = description.trim().length > TEMPLATE_LIMITS.description;
  // Sharing again replaces the clinic's copy in place: say so, from the library the tab reads as well.
  const library = useClinicTemplates(true);
  const previous = library.data?.find((entry) => entry.mine && entry.templateId === templateId);

  const choose = (id: string) => {
    setTemplateId(id);
    setDescription(choices.find((t) => t.id === id)?.description ?? '');
  };

  const share = useSubmit(async () => onShared(await publishToClinic(templateId, description.trim())), { describe: describeClinicLibraryFailure });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!templateId || tooLong) return;
    void share.submit();
  }

  return (
    <LazyDialog open onClose={share.busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{previous ? 'Share again with your clinic' : 'Share with your clinic'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>
              The members of {clinicName} will see a copy of the template as it is now, with your name, and can add it to their templates. It is not published to the community library. Later edits reach
              the clinic only when you share again.
            </DialogContentText>
            {previous && <Alert severity="info">Shared {formatDateTime(previous.publishedAt)}. Sharing again replaces that copy; copies members added stay theirs.</Alert>}
            {share.error && (
              <Alert severity="error" role="alert">
                {share.error}
              </Alert>
            )}
            {!template && <OwnTemplateSelect templateId={templateId} choices={choices} onChoose={choose} />}
            <TextField
              label="Description (optional)"
              placeholder="Who it is for and how the clinic uses it"
              multiline
              minRows={2}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              error={tooLong || share.errorField === 'description'}
              helperText={`${tooLong ? 'Too long. ' : ''}${description.trim().length} / ${TEMPLATE_LIMITS.description}`}
            />
          </Stack>
        </DialogContent>
        <DialogSubmitActions busy={share.busy} onCancel={onClose} submitLabel={previous ? 'Share again' : 'Share with the clinic'} submitDisabled={!templateId || tooLong} />
      </form>
    </LazyDialog>
  );
}
