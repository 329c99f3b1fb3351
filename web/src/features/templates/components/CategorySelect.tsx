import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { CATEGORY_OPTIONS, type TemplateCategory } from '../api/categories';

interface CategorySelectProps {
  /** A stored template's category is a string (older ones may predate the list). */
  value: string;
  /** The menu offers only the contract's categories. */
  onChange: (category: TemplateCategory) => void;
  /** The server's reason the category was refused, if it was. */
  error?: string | undefined;
}

/** The template's category, one of the contract's (the editor and the publish dialog ask the same). */
export function CategorySelect({ value, onChange, error }: CategorySelectProps) {
  return (
    <TextField select label="Category" value={value} onChange={(event) => onChange(event.target.value as TemplateCategory)} error={Boolean(error)} helperText={error}>
      {CATEGORY_OPTIONS.map((c) => (
        <MenuItem key={c.id} value={c.id}>
          {c.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
