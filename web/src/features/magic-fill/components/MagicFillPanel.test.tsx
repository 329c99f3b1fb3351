import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';
import { answerPosts, postsTo } from '@/test/api';
import { renderPage, TestProviders } from '@/test/render';
import { fillFrame, snapshotFrame, type FrameFillResult, type FrameSnapshot } from '../lib/page-script';
import { MagicFillPanel } from './MagicFillPanel';

vi.mock('@/lib/api');

/** The chrome.* calls the panel makes: one EHR tab, its frames as snapshots, and the sites the clinician allowed. */
function fakeChrome(frames: () => { frameId: number; result: FrameSnapshot }[], granted: Set<string>, fillResult: FrameFillResult) {
  const request = vi.fn((perm: { origins: string[] }) => {
    for (const origin of perm.origins) granted.add(origin);
    return Promise.resolve(true);
  });
  const executeScript = vi.fn((details: { func: unknown }) => {
    if (details.func === snapshotFrame) return Promise.resolve(frames());
    if (details.func === fillFrame) return Promise.resolve([{ frameId: 0, result: fillResult }]);
    return Promise.reject(new Error('unexpected script'));
  });
  vi.stubGlobal('chrome', {
    tabs: {
      getCurrent: () => Promise.resolve(undefined),
      query: () => Promise.resolve([{ id: 7, windowId: 1, active: true, url: 'https://ehr.example.org/visit', title: 'Visit' }]),
      get: () => Promise.resolve({ id: 7, windowId: 1, url: 'https://ehr.example.org/visit' }),
    },
    permissions: { contains: (perm: { origins: string[] }) => Promise.resolve(perm.origins.every((o) => granted.has(o))), request },
    scripting: { executeScript },
  });
  return { request, executeScript };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(api.post).mockReset();
});

const frame = (origin: string, childFrames: FrameSnapshot['childFrames'] = []): FrameSnapshot => ({ html: `<input aria-label="from ${origin}">`, fillableCount: 1, origin, childFrames });

describe('MagicFillPanel', () => {
  it('says which frames it could not reach and why, what it left out and what it changed, offers to allow a site, and names what the page refused', async () => {
    const granted = new Set(['https://ehr.example.org/*']);
    const labs = { url: 'https://labs.example.net/orders', title: 'Lab orders' };
    const { request, executeScript } = fakeChrome(
      () => [{ frameId: 0, result: frame('https://ehr.example.org', [labs]) }, ...(granted.has('https://labs.example.net/*') ? [{ frameId: 3, result: frame('https://labs.example.net') }] : [])],
      granted,
      { filled: [], skipped: [{ selector: '#host >>> #temp', reason: 'invalid' }] },
    );
    answerPosts({
      '/magic_fill/fill_html2': () => ({
        fields: [{ selector: '#temp', shadowHosts: ['#host'], label: 'Temperature (°F)', value: '101.3', note: 'Converted from 38.5 °C, rounded to 0.1.' }],
        leftOut: [{ label: 'Pulse', reason: '88 is above the field’s maximum of 43.' }],
      }),
    });
    renderPage(<MagicFillPanel documentationId="doc-1" unresolvedFacts={[]} onReviewFacts={() => undefined} />);
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Fill this page' }));
    const unreached = await screen.findByRole('list', { name: 'Frames Charta could not reach' });
    expect(unreached).toHaveTextContent('“Lab orders” (labs.example.net): Charta has no permission for this site, so its fields stay as they are.');
    expect(screen.getByRole('list', { name: 'Fields left out' })).toHaveTextContent('Pulse: 88 is above the field’s maximum of 43.');
    expect(screen.getByRole('textbox', { name: 'Temperature (°F)' })).toHaveValue('101.3');
    expect(screen.getByText('Converted from 38.5 °C, rounded to 0.1.')).toBeInTheDocument();

    // Allowing the site reads the page again, that frame included.
    await user.click(screen.getByRole('button', { name: 'Allow labs.example.net' }));
    expect(request).toHaveBeenCalledWith({ origins: ['https://labs.example.net/*'] });
    await vi.waitFor(() => expect(postsTo('/magic_fill/fill_html2')).toHaveLength(3));
    expect(await screen.findByText(/2 fields to fill/)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Frames Charta could not reach' })).not.toBeInTheDocument();

    // Only the main frame's field stays ticked; the page refuses its value, and the panel says so.
    await user.click(screen.getAllByRole('checkbox', { name: 'Fill Temperature (°F)' })[1]!);
    await user.click(screen.getByRole('button', { name: /^Fill$/ }));
    expect(await screen.findByRole('status')).toHaveTextContent('Filled 0 fields, skipped 2.');
    expect(within(screen.getByRole('list', { name: 'Fields not filled' })).getByRole('listitem')).toHaveTextContent('Temperature (°F): the page refuses this value (outside its range or steps)');
    expect(executeScript).toHaveBeenLastCalledWith(expect.objectContaining({ target: { tabId: 7, frameIds: [0] }, args: [[{ selector: '#temp', shadowHosts: ['#host'], value: '101.3' }], false] }));
  });

  it('asks first when the note has facts the transcript does not support: Review hands over and reads nothing, Fill anyway goes on; with none, no question', async () => {
    const { executeScript } = fakeChrome(() => [{ frameId: 0, result: frame('https://ehr.example.org') }], new Set(['https://ehr.example.org/*']), { filled: [], skipped: [] });
    answerPosts({ '/magic_fill/fill_html2': () => ({ fields: [{ selector: '#plan', label: 'Plan', value: 'Ibuprofen 400 mg.' }] }) });
    const onReviewFacts = vi.fn();
    const facts = [{ sectionId: 'plan', sectionTitle: 'Plan', flagId: 'n-2222222222222222', text: '400 mg', kind: 'number' as const, sentence: 'Ibuprofen 400 mg.' }];
    const user = userEvent.setup();
    const { unmount } = render(
      <TestProviders>
        <MagicFillPanel documentationId="doc-1" unresolvedFacts={facts} onReviewFacts={onReviewFacts} />
      </TestProviders>,
    );

    await user.click(screen.getByRole('button', { name: 'Fill this page' }));
    let dialog = await screen.findByRole('dialog', { name: 'Fill the page with a fact not found in the transcript?' });
    expect(within(dialog).getByRole('list', { name: 'Facts not found in the transcript' })).toHaveTextContent('Plan: “400 mg” (Dose or number, not found in the transcript)');
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(onReviewFacts).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(executeScript).not.toHaveBeenCalled();
    expect(postsTo('/magic_fill/fill_html2')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Fill this page' }));
    dialog = await screen.findByRole('dialog', { name: 'Fill the page with a fact not found in the transcript?' });
    await user.click(within(dialog).getByRole('button', { name: 'Fill anyway' }));
    expect(await screen.findByRole('textbox', { name: 'Plan' })).toHaveValue('Ibuprofen 400 mg.');
    expect(postsTo('/magic_fill/fill_html2')).toHaveLength(1);
    unmount();

    // The same note with the fact confirmed: no question.
    render(
      <TestProviders>
        <MagicFillPanel documentationId="doc-1" unresolvedFacts={[]} onReviewFacts={onReviewFacts} />
      </TestProviders>,
    );
    await user.click(screen.getByRole('button', { name: 'Fill this page' }));
    expect(await screen.findByRole('textbox', { name: 'Plan' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(postsTo('/magic_fill/fill_html2')).toHaveLength(2);
  });
});
