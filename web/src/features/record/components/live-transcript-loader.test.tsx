import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useLiveTranscriptView } from './live-transcript-loader';

// The view's chunk fails to load the first time (offline), then loads.
const attempts = vi.hoisted(() => ({ count: 0 }));
vi.mock('./LiveTranscript', () => {
  attempts.count += 1;
  if (attempts.count === 1) throw new TypeError('Failed to fetch dynamically imported module');
  return { LiveTranscript: () => <p>The transcript view</p> };
});

function Page({ retryKey }: { retryKey: string }) {
  const View = useLiveTranscriptView(retryKey);
  return <main>{View ? <View sessionId="s1" status="recording" online /> : <p>Recording</p>}</main>;
}

describe('useLiveTranscriptView', () => {
  it('leaves the page as it is when the view cannot be loaded, and loads it at the next chance', async () => {
    const { rerender } = render(<Page retryKey="offline" />);
    await vi.waitFor(() => expect(attempts.count).toBe(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByText('Recording')).toBeInTheDocument();

    rerender(<Page retryKey="online" />);
    expect(await screen.findByText('The transcript view')).toBeInTheDocument();
  });
});
