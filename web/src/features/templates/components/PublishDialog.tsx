import type { PublishedTemplate, Template } from '@charta/contract';
import Alert from '@mui/material/Alert';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { DialogSubmitActions } from '@/components/feedback/DialogSubmitActions';
import { useProfile, useUpdateProfile } from '@/data/profile';
import { useSubmit } from '@/lib/use-submit';
import { libraryDescriptionProblem, PROFILE_LIMITS, publicNameOf, TEMPLATE_LIMITS } from '@charta/contract';
import { publishTemplate } from '../api/templates';
import { CategorySelect } from './CategorySelect';
import { OwnTemplateSelect } from './OwnTemplateSelect';
import { LazyDialog } from '@/components/feedback/LazyDialog';

interface PublishDialogProps {
  /** The template to publish; when absent the user picks one of `choices`. */
  template?: Template;
  choices?: readonly Template[];
  onPublished: (published: PublishedTemplate) => void;
  onClose: () => void;
}

/** Publishes a snapshot of one of the user's templates to the community library, under their display name. */
export function PublishDialog({ template, choices = [], onPublished, onClose }: PublishDialogProps) {
  const titleId = useId();
  const [templateId, setTemplateId] = useState(template?.id ?? choices[0]?.id ?? '');
  const chosen = template ?? choices.find((t) => t.id === templateId);
  const [description, setDescription] = useState(chosen?.description ?? '');
  const [category, setCategory] = useState(chosen?.category ?? 'general');
  // The server's rule, checked as the user types; shown once they have written something, so an empty form
  // does not open on an error.
  const descriptionProblem = libraryDescriptionProblem(description.trim());
  const descriptionTooLong = description.trim().length > TEMPLATE_LIMITS.description;
  // The library shows who published a template: one with no name is asked for it here (kept in the profile).
  const profile = useProfile().data?.profile;
  const updateProfile = useUpdateProfile();
  const needsName = profile !== undefined && publicNameOf(profile) === '';
  const [name, setName] = useState('');
  const [nameTouched, setNameTouched] = useState(false);
  const nameMissing = needsName && name.trim() === '';

  const choose = (id: string) => {
    setTemplateId(id);
    const next = choices.find((t) => t.id === id);
    setDescription(next?.description ?? '');
    setCategory(next?.category ?? 'general');
  };

  const publish = useSubmit(async () => {
    if (needsName) await updateProfile({ displayName: name.trim() });
    onPublished(await publishTemplate(templateId, { description: description.trim(), category }));
  });
  const { busy } = publish;
  const error = publish.error === null ? null : { field: publish.errorField, message: publish.error };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!templateId) return;
    if (nameMissing) return setNameTouched(true);
    void publish.submit();
  }

  return (
    <LazyDialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{chosen?.published ? 'Publish again' : 'Publish to the community library'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>
              Other clinicians will see a copy of the template as it is now, with your name{profile && !needsName ? ` (${publicNameOf(profile)})` : ''}. Later edits reach the library only when you publish again. You can unpublish at any
              time; copies others added stay theirs.
            </DialogContentText>
            {error && !error.field && <Alert severity="error">{error.message}</Alert>}
            {needsName && (
              <TextField
                label="Your name"
                autoComplete="name"
                required
                value={name}
                onChange={(event) => setName(event.target.value)}
                onBlur={() => setNameTouched(true)}
                error={error?.field === 'displayName' || (nameTouched && nameMissing)}
                helperText={error?.field === 'displayName' ? error.message : nameTouched && nameMissing ? 'Enter the name to show with your template.' : 'Shown with the template in the library; you can change it in Settings.'}
                slotProps={{ htmlInput: { maxLength: PROFILE_LIMITS.displayName } }}
              />
            )}
            {!template && <OwnTemplateSelect templateId={templateId} choices={choices} onChoose={choose} />}
            <TextField
              label="Description"
              placeholder="Who it is for and what makes it useful"
              multiline
              minRows={2}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              required
              error={error?.field === 'description' || descriptionTooLong || (description.trim() !== '' && descriptionProblem !== null)}
              helperText={
                error?.field === 'description'
                  ? error.message
                  : `${description.trim() !== '' && descriptionProblem ? `${descriptionProblem}. ` : ''}${description.trim().length} / ${TEMPLATE_LIMITS.description}`
              }
            />
            <CategorySelect value={category} onChange={setCategory} error={error?.field === 'category' ? error.message : undefined} />
          </Stack>
        </DialogContent>
        <DialogSubmitActions busy={busy} onCancel={onClose} submitLabel={chosen?.published ? 'Publish again' : 'Publish'} submitDisabled={!templateId || descriptionTooLong || descriptionProblem !== null} />
      </form>
    </LazyDialog>
  );
}
