import CheckOutlined from '@mui/icons-material/CheckOutlined';
import LibraryAddOutlined from '@mui/icons-material/LibraryAddOutlined';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';

interface PreviewAndAddButtonsProps {
  /** The entry's name, for the buttons' accessible names (a list has many "Add" buttons). */
  name: string;
  /** The caller's copy, once added: the button becomes a link to it. */
  addedCopyId: string | undefined;
  adding: boolean;
  onAdd: () => void;
  /** Absent inside the preview itself. */
  onPreview?: (() => void) | undefined;
}

/** An entry's Preview, and Add to my templates or, once added, a link to the copy: the community library's and the clinic's alike. */
export function PreviewAndAddButtons({ name, addedCopyId, adding, onAdd, onPreview }: PreviewAndAddButtonsProps) {
  return (
    <>
      {onPreview && (
        <Button onClick={onPreview} aria-label={`Preview ${name}`}>
          Preview
        </Button>
      )}
      {addedCopyId ? (
        <Button component={RouterLink} to={paths.template.getHref(addedCopyId)} startIcon={<CheckOutlined />}>
          Added · open my copy
        </Button>
      ) : (
        <Button variant="contained" startIcon={<LibraryAddOutlined />} loading={adding} loadingPosition="start" onClick={onAdd} aria-label={`Add to my templates: ${name}`}>
          Add to my templates
        </Button>
      )}
    </>
  );
}
