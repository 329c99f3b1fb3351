import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { legalLinks } from '@/components/layout/legal-links';

export { legalLinks };

/** The legal documents (web/src/components/layout/legal-links.tsx) at the foot of every wide page. */
export function LegalFooter() {
  return (
    <Stack
      component="footer"
      direction="row"
      spacing={2}
      useFlexGap
      sx={{ flexWrap: 'wrap', justifyContent: 'center', py: 2, px: 3, typography: 'body2' }}
    >
      {legalLinks().map(({ label, href }) => (
        <Link key={label} href={href} target="_blank" rel="noopener noreferrer" color="text.secondary">
          {label}
        </Link>
      ))}
    </Stack>
  );
}
