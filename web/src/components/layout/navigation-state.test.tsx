import { act, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { NotificationsProvider } from '@/components/feedback/notifications';
import { setViewportWidth } from '@/test/viewport';
import type { SignedInUser } from '@/types/user';
import { NavigationProvider, useNavigationActions, useNavigationState } from './navigation-state';

const user: SignedInUser = { uid: 'u1', email: 'ada@example.com', emailVerified: true };

function wrapper({ children }: { children: ReactNode }) {
  return (
    <NotificationsProvider>
      <NavigationProvider user={user}>{children}</NavigationProvider>
    </NotificationsProvider>
  );
}

function useNavigation() {
  return { state: useNavigationState(), actions: useNavigationActions() };
}

describe('navigation state', () => {
  it('starts on the record tab, titled Record, enabled', () => {
    const { result } = renderHook(useNavigation, { wrapper });
    expect(result.current.state).toMatchObject({
      user,
      currentTab: 'record',
      title: 'Record',
      disabled: false,
    });
  });

  it('shows the disable-toast message when a disabled control is used', async () => {
    const { result } = renderHook(useNavigation, { wrapper });

    act(() => result.current.actions.setDisabled(true, 'Stop the recording before leaving this page.'));
    expect(result.current.state.disabled).toBe(true);
    act(() => result.current.actions.notifyDisabled());

    expect(await screen.findByText('Stop the recording before leaving this page.')).toBeInTheDocument();
  });

  it('lets a page change the tab and title', () => {
    const { result } = renderHook(useNavigation, { wrapper });
    act(() => {
      result.current.actions.setCurrentTab('settings');
      result.current.actions.setTitle('Settings');
    });
    expect(result.current.state).toMatchObject({ currentTab: 'settings', title: 'Settings' });
  });

  describe('mobile layout flag', () => {
    it.each([
      [375, true],
      [600, true],
      [601, false],
      [1280, false],
    ])('at %i px wide is %s', (width, expected) => {
      setViewportWidth(width);
      const { result } = renderHook(useNavigation, { wrapper });
      expect(result.current.state.isMobileLayout).toBe(expected);
    });

    it('is on in extension mode, whatever the width', () => {
      vi.stubEnv('VITE_EXTENSION_MODE', 'true');
      setViewportWidth(1280);
      const { result } = renderHook(useNavigation, { wrapper });
      expect(result.current.state.isMobileLayout).toBe(true);
    });
  });
});
