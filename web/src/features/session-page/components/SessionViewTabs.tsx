import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useId } from 'react';
import { SESSION_VIEW_LABELS, SESSION_VIEWS, type SessionView } from '../lib/session-view';

/** The ids that tie each tab to its panel (aria-controls, aria-labelledby). */
export interface ViewTabIds {
  tab: (view: SessionView) => string;
  panel: (view: SessionView) => string;
}

export function useViewTabIds(): ViewTabIds {
  const prefix = useId();
  return { tab: (view) => `${prefix}-tab-${view}`, panel: (view) => `${prefix}-panel-${view}` };
}

/**
 * A phone's session page: Note, Transcript and Chat as tabs, one shown at a time (the transcript under every
 * section made a 2,400 px page). MUI's Tabs bring the tablist roles and arrow-key movement.
 */
export function SessionViewTabs({ view, onChange, ids }: { view: SessionView; onChange: (view: SessionView) => void; ids: ViewTabIds }) {
  return (
    <Tabs
      value={view}
      onChange={(_event, next: SessionView) => onChange(next)}
      variant="fullWidth"
      aria-label="Parts of the session"
      sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      {SESSION_VIEWS.map((which) => (
        <Tab key={which} value={which} label={SESSION_VIEW_LABELS[which]} id={ids.tab(which)} aria-controls={ids.panel(which)} />
      ))}
    </Tabs>
  );
}

/**
 * A tab's panel. The panels not chosen stay mounted, only hidden: the note holds unsaved text waiting for
 * its autosave, the transcript the audio that may be playing, the chat its place; unmounting a panel on a
 * tab switch would drop them.
 */
export function viewPanelProps(ids: ViewTabIds, which: SessionView, view: SessionView) {
  return { role: 'tabpanel', id: ids.panel(which), 'aria-labelledby': ids.tab(which), hidden: which !== view };
}

/** `hidden` hides a panel even where its styles give it a display (flex) of their own. */
export const HIDDEN_PANEL = { '&[hidden]': { display: 'none' } } as const;
