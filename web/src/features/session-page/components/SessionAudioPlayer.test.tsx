// The player's length: the session's measured duration until the <audio> element knows a finite one (a
// browser recording without a Duration in its header reports Infinity; "Infinity" must never show), and a
// time asked for before the audio was loaded is where playback starts.
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';
import { answerPosts } from '@/test/api';
import { session } from '@/test/fixtures';
import { renderPage } from '@/test/render';
import { SessionAudioPlayer, type SessionAudioPlayerHandle } from './SessionAudioPlayer';

vi.mock('@/lib/api');

/** Makes the element report `seconds` as its duration, as a browser does when it reads the file's header. */
function reportDuration(audio: HTMLElement, seconds: number) {
  Object.defineProperty(audio, 'duration', { configurable: true, get: () => seconds });
  fireEvent(audio, new Event('durationchange'));
  fireEvent(audio, new Event('loadedmetadata'));
}

beforeEach(() => {
  answerPosts({ '/session/session': () => ({ session: session({ id: 's1', title: 'Visit', audioDurationSec: 754.3 }) }) });
  vi.mocked(api.getBlob).mockResolvedValue(new Blob([new Uint8Array(16)], { type: 'audio/webm' }));
  URL.createObjectURL = vi.fn(() => 'blob:audio-1');
  URL.revokeObjectURL = vi.fn();
  // jsdom has no media playback.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('SessionAudioPlayer', () => {
  it("Shows the session's measured length before and after loading while the element reports Infinity; the player's own once it knows", async () => {
    const user = userEvent.setup();
    renderPage(<SessionAudioPlayer sessionId="s1" title="Visit" onTimeChange={() => undefined} />);
    expect(await screen.findByText('Length 12:34')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Listen to the recording' }));
    const audio = await screen.findByLabelText('Audio of Visit');
    reportDuration(audio, Number.POSITIVE_INFINITY);
    expect(screen.getByText('Length 12:34')).toBeInTheDocument();
    expect(screen.queryByText(/Infinity|NaN/)).not.toBeInTheDocument();

    reportDuration(audio, 755.9);
    expect(screen.queryByText(/^Length/)).not.toBeInTheDocument();
  });

  it('A time asked for before the audio is loaded: loads it and starts there', async () => {
    const player = createRef<SessionAudioPlayerHandle>();
    renderPage(<SessionAudioPlayer ref={player} sessionId="s1" title="Visit" onTimeChange={() => undefined} />);
    await screen.findByText('Length 12:34');
    player.current!.seek(65_000, true);
    const audio = await screen.findByLabelText<HTMLAudioElement>('Audio of Visit');
    expect(api.getBlob).toHaveBeenCalledTimes(1);
    reportDuration(audio, 755.9);
    expect(audio.currentTime).toBe(65);
    // Loaded: a seek moves playback at once.
    player.current!.seek(120_500, false);
    expect(audio.currentTime).toBe(120.5);
  });
});
