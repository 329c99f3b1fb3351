import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LiveTranscript } from './live-transcript-loader';

// The view's chunk fails to load the first time (offline), then loads.
const attempts = vi.hoisted(() => ({ count: 0 }));
vi.mock('./LiveTranscript', () => {
  attempts.count += 1;
  if (attempts.count === 1) throw new TypeError('Failed to fetch dynamically imported module');
  return { LiveTranscript: () => <p>The transcript view</p> };
});

describe('LiveTranscript, after the paint', () => {
  it('draws nothing when the view cannot be loaded, and loads it when the connection returns', async () => {
    render(
      <main>
        <p>Recording</p>
        <LiveTranscript sessionId="s1" status="recording" online />
      </main>,
    );
    await vi.waitFor(() => expect(attempts.count).toBe(1));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByRole('main')).toHaveTextContent(/^Recording$/);

    act(() => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByText('The transcript view')).toBeInTheDocument();
    expect(attempts.count).toBe(2);
  });
});
