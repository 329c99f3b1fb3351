import GlobalStyles from '@mui/material/GlobalStyles';
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { reportActivity } from '@/data/activity';
import { useTemplateList } from '@/data/templates';
import { formatDateTime } from '@/lib/format';

/** The class of the print layout: the only thing on the page when it is printed. */
export const PRINT_NOTE_CLASS = 'charta-print-note';

// On screen the layout is not there at all (not read by screen readers either); printed, it is all there
// is: the app's bar, navigation, panels and buttons are hidden, whichever way printing started (the Print
// button or the browser's own menu).
const PRINT_STYLES = {
  '@media screen': { [`.${PRINT_NOTE_CLASS}`]: { display: 'none !important' } },
  '@media print': {
    '@page': { margin: '18mm' },
    [`body > *:not(.${PRINT_NOTE_CLASS})`]: { display: 'none !important' },
    body: { background: '#fff' },
    [`.${PRINT_NOTE_CLASS}`]: { display: 'block', color: '#000', font: '11pt/1.45 Georgia, "Times New Roman", serif' },
    [`.${PRINT_NOTE_CLASS} h1`]: { font: 'bold 16pt/1.2 system-ui, sans-serif', margin: '0 0 4pt' },
    [`.${PRINT_NOTE_CLASS} h2`]: { font: 'bold 12pt/1.3 system-ui, sans-serif', margin: '14pt 0 3pt', breakAfter: 'avoid' },
    [`.${PRINT_NOTE_CLASS} .meta`]: { font: '10pt/1.4 system-ui, sans-serif', margin: '0 0 10pt', paddingBottom: '6pt', borderBottom: '1px solid #000' },
    [`.${PRINT_NOTE_CLASS} .content`]: { whiteSpace: 'pre-wrap', margin: 0 },
  },
} as const;

interface PrintableNoteProps {
  sessionId: string;
  patientName: string;
  createdAt: string;
  templateId: string;
  /** What is on screen, unsaved edits included: what the clinician reads is what they print. */
  sections: readonly { title: string; content: string }[];
  /** Said on paper too: a note from simulated output is not a clinical record. */
  simulatedNotice: string | null;
}

/**
 * The note as printed: patient, date, template and the note's sections, nothing of the app. Rendered beside
 * the app (a portal under body) so the print styles can hide everything else. Printing it, by the button or
 * the browser's menu, is reported to the audit trail.
 */
export function PrintableNote({ sessionId, patientName, createdAt, templateId, sections, simulatedNotice }: PrintableNoteProps) {
  const template = useTemplateList().data?.templates.find((t) => t.id === templateId);
  useEffect(() => {
    const report = () => void reportActivity('note.printed', sessionId);
    window.addEventListener('beforeprint', report);
    return () => window.removeEventListener('beforeprint', report);
  }, [sessionId]);

  return createPortal(
    // A main landmark of its own: printed, it is the page's only content (on screen it is not there at all).
    <main className={PRINT_NOTE_CLASS} data-testid="printable-note">
      <GlobalStyles styles={PRINT_STYLES} />
      <h1>{patientName}</h1>
      <div className="meta">
        {formatDateTime(createdAt)}
        {template ? ` · ${template.name}` : ''}
      </div>
      {simulatedNotice && <div className="meta">{simulatedNotice}</div>}
      {sections.map((section, i) => (
        <section key={`${i}-${section.title}`}>
          <h2>{section.title}</h2>
          <p className="content">{section.content}</p>
        </section>
      ))}
    </main>,
    document.body,
  );
}
