import { useEffect } from 'react';
import { useNavigationActions, type NavigationTab } from './navigation-state';

/** A page declares which tab it belongs to and the title the shell shows for it. */
export function useShellPage(tab: NavigationTab, title: string): void {
  const { setCurrentTab, setTitle } = useNavigationActions();
  useEffect(() => {
    setCurrentTab(tab);
    setTitle(title);
  }, [setCurrentTab, setTitle, tab, title]);
}
