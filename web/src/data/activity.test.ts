import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';
import { reportAccountEvent, reportActivity, reportSignOut, SIGN_OUT_REPORT_WAIT_MS } from './activity';

vi.mock('@/lib/api');

beforeEach(() => {
  vi.mocked(api.post).mockReset();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('reports to the audit trail', () => {
  it('sends what the browser saw, with the session when there is one', async () => {
    vi.mocked(api.post).mockResolvedValue({ recorded: true });
    await reportActivity('note.printed', 's1');
    await reportActivity('account.signed_out');
    expect(vi.mocked(api.post).mock.calls).toEqual([
      ['/audit/event', { action: 'note.printed', sessionId: 's1' }],
      ['/audit/event', { action: 'account.signed_out' }],
    ]);
  });

  it('sends account events without a token, for the address typed', async () => {
    vi.mocked(api.post).mockResolvedValue({ recorded: true });
    await reportAccountEvent('account.sign_in_failed', 'ada@example.com');
    expect(api.post).toHaveBeenCalledWith('/audit/account_event', { action: 'account.sign_in_failed', email: 'ada@example.com' }, { anonymous: true });
  });

  it('never fails the clinician’s action: a refused or broken report only warns, without details', async () => {
    vi.mocked(api.post).mockRejectedValueOnce(new Error('offline')).mockImplementationOnce(() => {
      throw new Error('synchronous');
    });
    await expect(reportActivity('note.copied', 's1')).resolves.toBeUndefined();
    await expect(reportAccountEvent('account.password_reset_requested', 'ada@example.com')).resolves.toBeUndefined();
    expect(console.warn).toHaveBeenCalledWith('An activity report could not be sent');
  });

  it('a sign-out waits for its report at most a moment', async () => {
    vi.useFakeTimers();
    vi.mocked(api.post).mockImplementation(() => new Promise(() => undefined));
    let done = false;
    void reportSignOut().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(SIGN_OUT_REPORT_WAIT_MS - 1);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });
});
