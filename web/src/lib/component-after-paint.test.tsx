import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { componentAfterPaint } from './component-after-paint';
import { moduleAfterPaint } from './module-after-paint';

interface CardProps {
  title: string;
  open?: boolean;
}
const realCard = { Card: ({ title }: CardProps) => <p>{title}</p> };
const failedFetch = () => new TypeError('Failed to fetch dynamically imported module');

describe('componentAfterPaint', () => {
  it('draws the component in its place once its module is in, without rendering the page around it again', async () => {
    let release: (module: typeof realCard) => void = () => undefined;
    const Card = componentAfterPaint(moduleAfterPaint(() => new Promise<typeof realCard>((resolve) => (release = resolve))), (module) => module.Card);
    const pageRenders = vi.fn();
    function Page() {
      pageRenders();
      return (
        <main>
          <h1>Record</h1>
          <Card title="First run" />
        </main>
      );
    }
    render(<Page />);
    expect(screen.getByRole('main')).toHaveTextContent(/^Record$/);
    const rendersBefore = pageRenders.mock.calls.length;
    await act(() => Promise.resolve(release(realCard)));
    expect(screen.getByText('First run')).toBeInTheDocument();
    expect(pageRenders).toHaveBeenCalledTimes(rendersBefore);
  });

  it('asks again for a module that failed when `askAgainWhen` changes, and when the connection returns', async () => {
    const importCard = vi.fn<() => Promise<typeof realCard>>().mockRejectedValueOnce(failedFetch()).mockRejectedValueOnce(failedFetch()).mockResolvedValue(realCard);
    const Card = componentAfterPaint(moduleAfterPaint(importCard), (module) => module.Card, (props) => props.open);
    const { rerender } = render(<Card title="Consent" open={false} />);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(importCard).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Consent')).not.toBeInTheDocument();

    // Asked to open: asked again (and failed again, still offline).
    rerender(<Card title="Consent" open />);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(importCard).toHaveBeenCalledTimes(2);
    expect(screen.queryByText('Consent')).not.toBeInTheDocument();

    // Back online: asked again, and shown.
    act(() => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByText('Consent')).toBeInTheDocument();
    expect(importCard).toHaveBeenCalledTimes(3);
  });
});
