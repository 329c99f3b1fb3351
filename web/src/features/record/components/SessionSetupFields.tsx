import Box from '@mui/material/Box';
import { SESSION_LIMITS, type Template } from '@charta/contract';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { PlainSelectField } from '@/components/inputs/PlainSelectField';
import { PlainTextField } from '@/components/inputs/PlainTextField';
import { languagesIncluding } from '@/config/languages';
import { NO_CAPTURE_CLASS } from '@/lib/analytics';

export interface SessionSetupValues {
  patientName: string;
  templateId: string;
  language: string;
}

interface SessionSetupFieldsProps {
  values: SessionSetupValues;
  onPatientNameChange: (value: string) => void;
  onTemplateChange: (templateId: string) => void;
  onLanguageChange: (language: string) => void;
  /** What the Template field offers: the user's templates and the built-ins. */
  templates: Pick<Template, 'id' | 'name'>[] | undefined;
  /** The template list could not be loaded; with `onReloadTemplates`, a button offers to load it again. */
  templatesFailed?: boolean;
  onReloadTemplates?: () => void;
  patientNameError: string | null;
  /** While recording: the session exists, its details are fixed. */
  disabled: boolean;
}

/**
 * A disabled field's helper text in the disabled grey is 2.3:1 (axe color-contrast, serious): while a
 * recording fixes the fields (or templates load), what they say must stay readable.
 */
export const readableDisabledHelper = { sx: { '&.Mui-disabled:not(.Mui-error)': { color: 'text.secondary' } } } as const;

/** Who the session is for, how to document it, and in which language. */
export function SessionSetupFields({
  values,
  onPatientNameChange,
  onTemplateChange,
  onLanguageChange,
  templates,
  templatesFailed = false,
  onReloadTemplates,
  patientNameError,
  disabled,
}: SessionSetupFieldsProps) {
  const templateOptions = templates ?? [];
  // On a phone the plain sentence is left out (the label says it): with Template and Language one above the
  // other, its line would push Start recording below the bottom navigation. Loading and failure are always said.
  const templateHelp = templatesFailed ? (
    'The templates could not be loaded.'
  ) : templates ? (
    <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
      The documentation is written in this format.
    </Box>
  ) : (
    'Loading templates…'
  );
  return (
    <Stack spacing={2} className={NO_CAPTURE_CLASS}>
      <PlainTextField
        label="Patient name"
        value={values.patientName}
        onChange={(event) => onPatientNameChange(event.target.value)}
        disabled={disabled}
        required
        autoComplete="off"
        error={Boolean(patientNameError)}
        helperText={patientNameError ?? 'As you would like it on the documentation.'}
        htmlInput={{ maxLength: SESSION_LIMITS.patientName }}
        slotProps={{ formHelperText: readableDisabledHelper }}
      />
      {/*
        Side by side where both fit; one above the other on a phone, where side by side cut the values short
        ("English (Unite…") and wrapped each help text over three lines (stacked, each takes one).
      */}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <PlainSelectField
          label="Template"
          value={values.templateId}
          onChange={(event) => onTemplateChange(event.target.value)}
          disabled={disabled || !templates}
          error={templatesFailed}
          helperText={templateHelp}
          slotProps={{ inputLabel: { shrink: true }, formHelperText: readableDisabledHelper }}
        >
          {templateOptions.length === 0 && <option value="">{templatesFailed ? 'Unavailable' : 'Loading…'}</option>}
          {templateOptions.map((template) => (
            <option key={template.id} value={template.id}>
              {template.name}
            </option>
          ))}
        </PlainSelectField>
        <PlainSelectField
          label="Language"
          value={values.language}
          onChange={(event) => onLanguageChange(event.target.value)}
          disabled={disabled}
          helperText="Spoken in the session and used in the documentation."
          slotProps={{ formHelperText: readableDisabledHelper }}
        >
          {languagesIncluding(values.language).map(({ tag, label }) => (
            <option key={tag} value={tag}>
              {label}
            </option>
          ))}
        </PlainSelectField>
      </Stack>
      {templatesFailed && onReloadTemplates && (
        <div>
          <Button size="small" onClick={onReloadTemplates}>
            Load templates again
          </Button>
        </div>
      )}
    </Stack>
  );
}
