import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useCallback, useState } from 'react';

export const LIVE_TRANSCRIPT_STORAGE_KEY = 'charta-live-transcript';

function storedChoice(): boolean | null {
  try {
    const value = localStorage.getItem(LIVE_TRANSCRIPT_STORAGE_KEY);
    return value === 'shown' ? true : value === 'hidden' ? false : null;
  } catch {
    return null;
  }
}

/**
 * Whether the Record tab shows the transcript as it is recorded, and a way to choose. Until the clinician
 * chooses on this device: shown on a desktop, hidden below `md` (issue 20: on a phone the small screen
 * belongs to the recorder's clock and controls). The choice is remembered per device (localStorage), as the
 * microphone is.
 */
export function useLiveTranscriptChoice(): [shown: boolean, choose: (shown: boolean) => void] {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [chosen, setChosen] = useState(storedChoice);
  const choose = useCallback((shown: boolean) => {
    setChosen(shown);
    try {
      localStorage.setItem(LIVE_TRANSCRIPT_STORAGE_KEY, shown ? 'shown' : 'hidden');
    } catch {
      // Storage refused (a private window): the choice holds for this page load only.
    }
  }, []);
  return [chosen ?? wide, choose];
}
