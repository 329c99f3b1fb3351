import { describe, expect, it, vi } from 'vitest';
import { LOAD_FAILURE_MESSAGE } from '@/lib/load-failure';
import { showStartFailure } from './start-failure';

describe('showStartFailure', () => {
  it('replaces the splash with what went wrong and a way to try again', () => {
    const root = document.createElement('div');
    root.innerHTML = '<div class="splash" role="status"><span class="splash-name">Charta</span><span>Opening…</span></div>';
    const reload = vi.fn();
    showStartFailure(root, reload);

    expect(root.textContent).not.toContain('Opening…');
    const alert = root.querySelector('[role="alert"]');
    expect(alert?.textContent).toContain(LOAD_FAILURE_MESSAGE);
    const button = alert?.querySelector('button');
    expect(button?.textContent).toBe('Try again');
    button?.click();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
