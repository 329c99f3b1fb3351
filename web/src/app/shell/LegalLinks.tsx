import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { getEnv } from '@/config/env';

export function legalLinks() {
  const { termsUrl, privacyUrl, baaUrl } = getEnv().legalLinks;
  return [
    { label: 'Terms of Service', href: termsUrl },
    { label: 'Privacy Policy', href: privacyUrl },
    { label: 'Business Associate Agreement (BAA)', href: baaUrl },
  ];
}

/** External legal documents; they open in a new tab so an unsaved note is never navigated away from. */
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
