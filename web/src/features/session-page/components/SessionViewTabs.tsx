import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useId, type ReactNode } from 'react';
import { SESSION_VIEW_LABELS, SESSION_VIEWS, type SessionView } from '../lib/session-view';

interface SessionViewTabsProps {
  view: SessionView;
  onChange: (view: SessionView) => void;
  panels: Record<SessionView, ReactNode>;
}

/**
 * A phone's session page: Note, Transcript and Chat as tabs, one shown at a time (the transcript under every
 * section made a 2,400 px page). MUI's Tabs bring the tablist roles and arrow-key movement.
 *
 * Every panel stays mounted, only hidden: the note holds unsaved text waiting for its autosave, the
 * transcript the audio that may be playing, and the chat its scroll position; unmounting a panel on a tab
 * switch would drop them.
 */
export function SessionViewTabs({ view, onChange, panels }: SessionViewTabsProps) {
  const idPrefix = useId();
  const tabId = (which: SessionView) => `${idPrefix}-tab-${which}`;
  const panelId = (which: SessionView) => `${idPrefix}-panel-${which}`;
  return (
    <Box>
      <Tabs
        value={view}
        onChange={(_event, next: SessionView) => onChange(next)}
        variant="fullWidth"
        aria-label="Parts of the session"
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {SESSION_VIEWS.map((which) => (
          <Tab key={which} value={which} label={SESSION_VIEW_LABELS[which]} id={tabId(which)} aria-controls={panelId(which)} />
        ))}
      </Tabs>
      {SESSION_VIEWS.map((which) => (
        <Box key={which} role="tabpanel" id={panelId(which)} aria-labelledby={tabId(which)} hidden={which !== view} sx={{ minWidth: 0 }}>
          {panels[which]}
        </Box>
      ))}
    </Box>
  );
}
