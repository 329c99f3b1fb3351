// The terms of service, privacy policy and business associate agreement: configured URLs (VITE_TERMS_URL,
// VITE_PRIVACY_URL, VITE_BAA_URL; web/README.md), shown in the footer (or the account menu on a phone), at
// sign-up and in Settings. Shared, because those belong to three different parts of the app.
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import { getEnv } from '@/config/env';

export interface LegalLink {
  label: string;
  href: string;
}

export function legalLinks(): LegalLink[] {
  const { termsUrl, privacyUrl, baaUrl } = getEnv().legalLinks;
  return [
    { label: 'Terms of Service', href: termsUrl },
    { label: 'Privacy Policy', href: privacyUrl },
    { label: 'Business Associate Agreement (BAA)', href: baaUrl },
  ];
}

interface LegalLinkListProps {
  direction?: 'row' | 'column';
  sx?: SxProps<Theme>;
}

/** The three documents as links; they open in a new tab so an unsaved note or form is never navigated away from. */
export function LegalLinkList({ direction = 'row', sx }: LegalLinkListProps) {
  return (
    <Box sx={sx}>
      <Stack direction={direction} spacing={direction === 'row' ? 2 : 0.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}>
        {legalLinks().map(({ label, href }) => (
          <Link key={label} href={href} target="_blank" rel="noopener noreferrer" sx={{ display: 'inline-flex', alignItems: 'center', minHeight: { xs: 44, sm: 'auto' } }}>
            {label}
          </Link>
        ))}
      </Stack>
    </Box>
  );
}
