import { TEMPLATE_LIMITS, type Template } from '@charta/contract';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TemplateCategory } from '../api/categories';
import type { EditorErrors, EditorState } from '../lib/editor-state';
import { CategorySelect } from './CategorySelect';
import { TemplateBadges } from './TemplateBadges';

interface TemplateDetailsCardProps {
  /** The saved template, for its badges; absent for a new one. */
  template: Template | undefined;
  state: EditorState;
  dirty: boolean;
  errors: EditorErrors;
  onChange: (change: { field: 'name' | 'description'; value: string } | { field: 'category'; value: TemplateCategory }) => void;
}

/** The template's name, description and category. */
export function TemplateDetailsCard({ template, state, dirty, errors, onChange }: TemplateDetailsCardProps) {
  return (
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
          onChange={(event) => onChange({ field: 'name', value: event.target.value })}
          error={Boolean(errors['name'])}
          helperText={errors['name']}
        />
        <TextField
          label="Description"
          placeholder="What the template is for"
          multiline
          minRows={2}
          value={state.description}
          onChange={(event) => onChange({ field: 'description', value: event.target.value })}
          error={Boolean(errors['description'])}
          helperText={errors['description'] ?? `${state.description.trim().length} / ${TEMPLATE_LIMITS.description}`}
        />
        <CategorySelect value={state.category} onChange={(category) => onChange({ field: 'category', value: category })} />
      </Stack>
    </Card>
  );
}
