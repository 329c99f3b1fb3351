import type { Template } from '@charta/contract';
import ContentPasteOutlined from '@mui/icons-material/ContentPasteOutlined';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { moduleAfterPaint } from '@/lib/module-after-paint';
import type { SessionSetupValues } from './SessionSetupFields';

// The dialog (its form, MUI's dialog parts and progress bar: about 3 KB gzip) loads once the Record tab has
// painted; the button is there from the first paint. A click before the dialog's code has arrived opens it
// when it does.
const usePasteNotesDialog = moduleAfterPaint(() => import('./PasteNotesDialog'));

interface PasteNotesProps {
  /** What the Record tab has chosen so far: the dialog starts from it. */
  defaults: SessionSetupValues;
  /** What the Template field offers: the user's templates and the built-ins. */
  templates: Pick<Template, 'id' | 'name'>[] | undefined;
  disabled: boolean;
}

/**
 * The paste-text path: dictated notes or an existing transcript become a session with documentation
 * (POST /creation), and the clinician lands on its page. A button on the Record tab opens it.
 */
export function PasteNotes({ defaults, templates, disabled }: PasteNotesProps) {
  const [open, setOpen] = useState(false);
  // Each opening starts from what the tab has chosen then: a new dialog, with nothing left from the last one.
  const [openings, setOpenings] = useState(0);
  // Each click asks again for a dialog whose code failed to load (offline): the button is never dead.
  const PasteNotesDialog = usePasteNotesDialog(openings)?.PasteNotesDialog;
  return (
    <>
      <Button
        startIcon={<ContentPasteOutlined />}
        onClick={() => {
          setOpenings((count) => count + 1);
          setOpen(true);
        }}
        disabled={disabled}
      >
        Paste notes instead
      </Button>
      {PasteNotesDialog && <PasteNotesDialog key={openings} open={open} defaults={defaults} templates={templates} onClose={() => setOpen(false)} />}
    </>
  );
}
