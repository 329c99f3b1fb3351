// The data layer's writes reach the cache the app actually reads: the per-user one SwrProvider creates.
// A write through swr's global `mutate` lands in swr's default cache instead and nothing re-renders, which
// a page remount hides; this renders with the app's own provider so such a refresh shows as a failure.
import type { Template, TemplatesPage } from '@charta/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationsProvider } from '@/components/feedback/notifications';
import { useRefreshTemplates, useTemplateList } from '@/data/templates';
import { api } from '@/lib/api';
import { ApiNetworkError } from '@/lib/api-client';
import { SwrProvider } from './SwrProvider';

vi.mock('@/lib/api');
const post = vi.mocked(api.post);

const listOf = (...names: string[]): TemplatesPage => ({
  templates: names.map((name) => ({ id: name, name }) as Template),
  nextCursor: null,
});

function TemplatePicker() {
  const { data } = useTemplateList();
  const refreshTemplates = useRefreshTemplates();
  return (
    <>
      <ul aria-label="Templates">
        {data?.templates.map((t) => (
          <li key={t.id}>{t.name}</li>
        ))}
      </ul>
      <button onClick={() => void refreshTemplates()}>Refresh</button>
    </>
  );
}

beforeEach(() => {
  post.mockReset();
});

describe('SwrProvider with the data layer', () => {
  it('refreshTemplates re-reads the template list in the per-user cache', async () => {
    post.mockResolvedValueOnce(listOf('SOAP note')).mockResolvedValue(listOf('SOAP note', 'Follow-up letter'));
    render(
      <NotificationsProvider>
        <SwrProvider>
          <TemplatePicker />
        </SwrProvider>
      </NotificationsProvider>,
    );
    expect(await screen.findByText('SOAP note')).toBeInTheDocument();
    expect(screen.queryByText('Follow-up letter')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));

    expect(await screen.findByText('Follow-up letter')).toBeInTheDocument();
    expect(post).toHaveBeenCalledTimes(2);
  });

  it('reads nothing until Auth has said who is signed in (the Record tab renders before, on a browser signed in last time)', async () => {
    post.mockResolvedValue(listOf('SOAP note'));
    const view = (userKnown: boolean) => (
      <NotificationsProvider>
        <SwrProvider userKnown={userKnown}>
          <TemplatePicker />
        </SwrProvider>
      </NotificationsProvider>
    );
    const { rerender } = render(view(false));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(post).not.toHaveBeenCalled();
    rerender(view(true));
    expect(await screen.findByText('SOAP note')).toBeInTheDocument();
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('announces a read that cannot reach the server, but not while the device is offline (every read fails then)', async () => {
    post.mockRejectedValue(new ApiNetworkError());
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { unmount } = render(
      <NotificationsProvider>
        <SwrProvider>
          <TemplatePicker />
        </SwrProvider>
      </NotificationsProvider>,
    );
    await waitFor(() => expect(post).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/Cannot reach Charta/)).not.toBeInTheDocument();
    unmount();

    online.mockReturnValue(true);
    render(
      <NotificationsProvider>
        <SwrProvider>
          <TemplatePicker />
        </SwrProvider>
      </NotificationsProvider>,
    );
    expect(await screen.findByText(/Cannot reach Charta/)).toBeInTheDocument();
    online.mockRestore();
  });
});
