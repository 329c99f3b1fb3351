import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { Template } from '@charta/contract';

interface OwnTemplateSelectProps {
  templateId: string;
  /** The caller's own templates (built-ins are in every account already: nothing to publish or share). */
  choices: readonly Template[];
  onChoose: (templateId: string) => void;
}

/** Which of one's templates to publish to the library or share with the clinic, when the dialog was opened without one. */
export function OwnTemplateSelect({ templateId, choices, onChoose }: OwnTemplateSelectProps) {
  return (
    <TextField select label="Template" value={templateId} onChange={(event) => onChoose(event.target.value)} disabled={choices.length === 0} helperText={choices.length === 0 ? 'Create a template of your own first.' : undefined}>
      {choices.map((t) => (
        <MenuItem key={t.id} value={t.id}>
          {t.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
