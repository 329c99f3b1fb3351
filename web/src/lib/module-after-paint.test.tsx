import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { moduleAfterPaint } from './module-after-paint';

describe('moduleAfterPaint', () => {
  it('renders without the module first, then with it; a failed load throws nothing and is tried again at the next retry key', async () => {
    const importModule = vi.fn<() => Promise<{ greeting: string }>>().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue({ greeting: 'Hello' });
    const useGreeting = moduleAfterPaint(importModule);
    function View({ attempt }: { attempt: number }) {
      return <p>{useGreeting(attempt)?.greeting ?? 'without it'}</p>;
    }
    const { rerender } = render(<View attempt={1} />);
    expect(screen.getByText('without it')).toBeInTheDocument();
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    // The load failed: still without it, and nothing thrown into the page.
    expect(screen.getByText('without it')).toBeInTheDocument();
    expect(importModule).toHaveBeenCalledTimes(1);

    rerender(<View attempt={2} />);
    expect(await screen.findByText('Hello')).toBeInTheDocument();
    expect(importModule).toHaveBeenCalledTimes(2);

    // Loaded once for every caller: a new component has it from its first render.
    render(<View attempt={3} />);
    expect(screen.getAllByText('Hello')).toHaveLength(2);
    expect(importModule).toHaveBeenCalledTimes(2);
  });
});
