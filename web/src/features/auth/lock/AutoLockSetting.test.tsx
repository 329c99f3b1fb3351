import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderPage } from '@/test/render';
import { AutoLockSetting } from './AutoLockSetting';
import { LOCK_AFTER_STORAGE_KEY, readLockAfterSeconds } from './lock-settings';

beforeEach(() => localStorage.clear());

describe('AutoLockSetting', () => {
  it('offers 15 minutes by default and keeps the choice on this device', async () => {
    const user = userEvent.setup();
    renderPage(<AutoLockSetting />);
    const select = screen.getByRole('combobox', { name: 'Lock after' });
    expect(select).toHaveTextContent('15 minutes');

    await user.click(select);
    await user.click(await screen.findByRole('option', { name: '5 minutes' }));

    expect(localStorage.getItem(LOCK_AFTER_STORAGE_KEY)).toBe('300');
    expect(readLockAfterSeconds()).toBe(300);
    expect(await screen.findByText('Charta will lock after 5 minutes unused')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Lock after' })).toHaveTextContent('5 minutes');
  });

  it('shows a stored time that is not one of the choices rather than pretending it is 15 minutes', () => {
    localStorage.setItem(LOCK_AFTER_STORAGE_KEY, '4');
    renderPage(<AutoLockSetting />);
    expect(screen.getByRole('combobox', { name: 'Lock after' })).toHaveTextContent('4 seconds');
  });
});
