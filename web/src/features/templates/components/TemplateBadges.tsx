import type { Template } from '@charta/contract';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { categoryLabel } from '../api/categories';

const SOURCE_LABEL: Record<Template['source'], string | null> = {
  builtin: 'Built-in',
  own: null,
  library: 'From the library',
  shared: 'Shared with you',
};

/** Category, where the template came from, and whether it is in the community library. */
export function TemplateBadges({ template }: { template: Pick<Template, 'category' | 'source' | 'published'> }) {
  const source = SOURCE_LABEL[template.source];
  return (
    <Stack direction="row" spacing={0.75} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Chip size="small" label={categoryLabel(template.category)} />
      {source && <Chip size="small" variant="outlined" label={source} />}
      {template.published && <Chip size="small" color="primary" variant="outlined" label="Published" />}
    </Stack>
  );
}
