// Loaded lazily by the library page (LibraryPage.tsx), only for a clinician in a clinic: the tabs and the
// clinic's list are their own chunk, so the community library's first load stays what it was
// (scripts/route-budgets.mjs).
import type { ClinicRole } from '@charta/contract';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useId, type ReactNode } from 'react';
import { ClinicLibraryPanel } from './ClinicLibraryPanel';

export type LibraryTab = 'public' | 'clinic';

interface ClinicLibraryTabsProps {
  clinicName: string;
  role: ClinicRole;
  tab: LibraryTab;
  onChoose: (tab: LibraryTab) => void;
  /** The community library's panel, as the page shows it outside a clinic. */
  publicLibrary: ReactNode;
}

/** "Public library" and the clinic's own, as two tabs over one panel: two lists, never mixed. */
export default function ClinicLibraryTabs({ clinicName, role, tab, onChoose, publicLibrary }: ClinicLibraryTabsProps) {
  const id = useId();
  return (
    <>
      <Tabs value={tab} onChange={(_, next: LibraryTab) => onChoose(next)} aria-label="Libraries" variant="scrollable" allowScrollButtonsMobile sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tab value="public" label="Public library" id={`${id}-public`} aria-controls={`${id}-panel`} />
        <Tab value="clinic" label={clinicName} id={`${id}-clinic`} aria-controls={`${id}-panel`} />
      </Tabs>
      <Box role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${tab}`}>
        {tab === 'clinic' ? <ClinicLibraryPanel clinicName={clinicName} role={role} /> : publicLibrary}
      </Box>
    </>
  );
}
