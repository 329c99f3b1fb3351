import type { TemplateSection } from '@charta/contract';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';

/** A template's sections as a reader sees them: order, title, format and the scribe's instructions. */
export function TemplateSectionsView({ sections }: { sections: readonly TemplateSection[] }) {
  return (
    <Box component="ol" aria-label="Sections" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1.5 }}>
      {sections.map((section, index) => (
        <Box component="li" key={section.id} sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography variant="subtitle2" component="h3">
              {index + 1}. {section.title}
            </Typography>
            <Chip size="small" variant="outlined" label={section.format === 'bullets' ? 'Bullets' : 'Paragraph'} />
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, whiteSpace: 'pre-wrap' }}>
            {section.instructions || 'No instructions: written from the title alone.'}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
