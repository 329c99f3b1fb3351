// The shell's navigation state (spec §2): who is signed in, which tab and title are shown, whether
// navigation is disabled (e.g. while a recording runs) and what to say when someone tries it anyway. Pages
// change it through the actions; the shell renders it.
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useNotify } from '@/components/feedback/notifications';
import type { SignedInUser } from '@/types/user';
import { useIsMobileLayout } from '@/lib/use-is-mobile-layout';

export type NavigationTab = 'record' | 'sessions' | 'templates' | 'billing' | 'settings';

export const DEFAULT_TAB: NavigationTab = 'record';
export const DEFAULT_TITLE = 'Record';
export const DEFAULT_DISABLE_TOAST_MESSAGE = 'Please wait until the current task has finished.';

export interface NavigationState {
  user: SignedInUser | null;
  currentTab: NavigationTab;
  title: string;
  disabled: boolean;
  disableToastMessage: string;
  isMobileLayout: boolean;
}

export interface NavigationActions {
  setCurrentTab: (tab: NavigationTab) => void;
  setTitle: (title: string) => void;
  /** Disables navigation; `toastMessage` explains why when someone uses a disabled control. */
  setDisabled: (disabled: boolean, toastMessage?: string) => void;
  /** Shows the disable-toast message. */
  notifyDisabled: () => void;
}

const NavigationStateContext = createContext<NavigationState | null>(null);
const NavigationActionsContext = createContext<NavigationActions | null>(null);

interface NavigationProviderProps {
  user: SignedInUser | null;
  children: ReactNode;
}

export function NavigationProvider({ user, children }: NavigationProviderProps) {
  const notify = useNotify();
  const isMobileLayout = useIsMobileLayout();
  const [currentTab, setCurrentTab] = useState<NavigationTab>(DEFAULT_TAB);
  const [title, setTitle] = useState(DEFAULT_TITLE);
  const [disabled, setDisabledFlag] = useState(false);
  const [disableToastMessage, setDisableToastMessage] = useState(DEFAULT_DISABLE_TOAST_MESSAGE);

  const setDisabled = useCallback((next: boolean, toastMessage?: string) => {
    setDisabledFlag(next);
    setDisableToastMessage(toastMessage ?? DEFAULT_DISABLE_TOAST_MESSAGE);
  }, []);

  const notifyDisabled = useCallback(() => {
    notify({ message: disableToastMessage, severity: 'info' });
  }, [notify, disableToastMessage]);

  const state = useMemo<NavigationState>(
    () => ({ user, currentTab, title, disabled, disableToastMessage, isMobileLayout }),
    [user, currentTab, title, disabled, disableToastMessage, isMobileLayout],
  );
  // Kept apart from the state so that pages which only change it do not re-render on every state change.
  const actions = useMemo<NavigationActions>(
    () => ({ setCurrentTab, setTitle, setDisabled, notifyDisabled }),
    [setDisabled, notifyDisabled],
  );

  return (
    <NavigationActionsContext.Provider value={actions}>
      <NavigationStateContext.Provider value={state}>{children}</NavigationStateContext.Provider>
    </NavigationActionsContext.Provider>
  );
}

export function useNavigationState(): NavigationState {
  const state = useContext(NavigationStateContext);
  if (!state) throw new Error('useNavigationState must be used inside <NavigationProvider>');
  return state;
}

export function useNavigationActions(): NavigationActions {
  const actions = useContext(NavigationActionsContext);
  if (!actions) throw new Error('useNavigationActions must be used inside <NavigationProvider>');
  return actions;
}
