import { act, render } from '@testing-library/react';
import { createElement, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fillFrame, snapshotFrame, undoFill } from './page-script';

const PAGE = `
  <form>
    <label for="cc">Chief complaint</label><input id="cc" name="cc">
    <label for="hpi">HPI</label><textarea id="hpi">Typed by the clinician</textarea>
    <select id="dx"><option value="">Pick</option><option value="J06.9">URI</option></select>
    <input type="password" id="pw" value="s3cret">
    <input type="hidden" id="token" value="enc-77">
    <input type="file" id="file">
    <input id="ro" value="MRN-1" readonly>
    <input id="off" disabled>
    <div id="note" contenteditable="true"></div>
    <script>window.x = 1</script>
  </form>`;

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

afterEach(() => {
  document.body.innerHTML = '';
  undoFill();
});

describe('the page script', () => {
  it('sends the fields but never secret values or scripts, and counts only fillable fields', () => {
    document.body.innerHTML = PAGE;
    const snapshot = snapshotFrame();
    // cc, hpi, dx and the contenteditable note; password, hidden, file, read-only and disabled are not.
    expect(snapshot.fillableCount).toBe(4);
    expect(snapshot.html).not.toContain('s3cret');
    expect(snapshot.html).not.toContain('enc-77');
    expect(snapshot.html).not.toContain('window.x');
    expect(snapshot.html).toContain('id="pw"');
  });

  it('fills what it may, keeps what was typed, refuses secrets and unknown options, and undoes it all', () => {
    document.body.innerHTML = PAGE;
    const result = fillFrame(
      [
        { selector: '#cc', value: 'Cough' },
        { selector: '#hpi', value: 'Four days of cough' },
        { selector: '#dx', value: 'J06.9' },
        { selector: '#pw', value: 'x' },
        { selector: '#token', value: 'x' },
        { selector: '#ro', value: 'x' },
        { selector: '#note', value: 'Rest and fluids' },
        { selector: '#missing', value: 'x' },
        { selector: 'div[', value: 'x' },
      ],
      false,
    );
    expect(result.filled).toEqual(['#cc', '#dx', '#note']);
    expect(result.skipped).toEqual([
      { selector: '#hpi', reason: 'kept' },
      { selector: '#pw', reason: 'not-fillable' },
      { selector: '#token', reason: 'not-fillable' },
      { selector: '#ro', reason: 'not-fillable' },
      { selector: '#missing', reason: 'not-found' },
      { selector: 'div[', reason: 'not-found' },
    ]);
    expect(byId<HTMLInputElement>('cc').value).toBe('Cough');
    expect(byId<HTMLTextAreaElement>('hpi').value).toBe('Typed by the clinician');
    expect(byId<HTMLSelectElement>('dx').value).toBe('J06.9');
    expect(byId<HTMLInputElement>('pw').value).toBe('s3cret');
    expect(byId<HTMLInputElement>('token').value).toBe('enc-77');
    expect(byId('note').textContent).toBe('Rest and fluids');
    expect(fillFrame([{ selector: '#dx', value: 'Z99' }], true).skipped).toEqual([{ selector: '#dx', reason: 'no-such-option' }]);

    expect(fillFrame([{ selector: '#hpi', value: 'Four days of cough' }], true).filled).toEqual(['#hpi']);
    expect(byId<HTMLTextAreaElement>('hpi').value).toBe('Four days of cough');

    expect(undoFill()).toBe(4);
    expect(byId<HTMLInputElement>('cc').value).toBe('');
    expect(byId<HTMLTextAreaElement>('hpi').value).toBe('Typed by the clinician');
    expect(byId<HTMLSelectElement>('dx').value).toBe('');
    expect(byId('note').textContent).toBe('');
  });

  it('says which web-page frames it shows (in shadow roots too), but not ones too small to see or not web pages', () => {
    document.body.innerHTML = `
      <iframe src="/vitals" title="Vitals"></iframe>
      <iframe src="https://labs.example.net/orders" name="labs"></iframe>
      <iframe src="https://ads.example.com/pixel" class="pixel"></iframe>
      <iframe srcdoc="<p>hi</p>" title="Inline"></iframe>
      <ehr-card id="card"></ehr-card>`;
    byId('card').attachShadow({ mode: 'open' }).innerHTML = '<iframe src="https://pacs.example.org/viewer" title="Images"></iframe>';
    const sized = vi.spyOn(HTMLIFrameElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLIFrameElement) {
      return DOMRect.fromRect(this.className === 'pixel' ? { width: 1, height: 1 } : { width: 600, height: 150 });
    });
    const snapshot = snapshotFrame();
    sized.mockRestore();
    expect(snapshot.origin).toBe(location.origin);
    expect(snapshot.childFrames).toEqual([
      { url: `${location.origin}/vitals`, title: 'Vitals' },
      { url: 'https://labs.example.net/orders', title: 'labs' },
      { url: 'https://pacs.example.org/viewer', title: 'Images' },
    ]);
  });

  it('reads open shadow roots into the HTML it sends (secrets blanked there too) and fills a field inside one', () => {
    document.body.innerHTML = '<input id="i" aria-label="Outside"><ehr-field id="reason"></ehr-field><ehr-field id="locked"></ehr-field>';
    const open = byId('reason').attachShadow({ mode: 'open' });
    open.innerHTML = '<label for="i">Reason for visit</label><input id="i"><input type="password" id="pin" value="4321"><script>window.y = 2</script><ehr-note id="n"></ehr-note>';
    byId('reason').shadowRoot!.getElementById('n')!.attachShadow({ mode: 'open' }).innerHTML = '<textarea aria-label="Deep"></textarea>';
    byId('locked').attachShadow({ mode: 'closed' }).innerHTML = '<input aria-label="Closed" value="closed-secret">';

    const snapshot = snapshotFrame();
    expect(snapshot.fillableCount).toBe(3);
    expect(snapshot.html).toContain('<ehr-field id="reason"><template shadowrootmode="open"><label for="i">Reason for visit</label><input id="i">');
    expect(snapshot.html).toContain('<ehr-note id="n"><template shadowrootmode="open"><textarea aria-label="Deep"></textarea></template></ehr-note>');
    expect(snapshot.html).not.toMatch(/4321|window\.y|closed-secret|data-charta/);
    // The live page is as it was: the copy was changed, not the page.
    expect(document.querySelectorAll('template')).toHaveLength(0);

    const inShadow = { selector: '#i', shadowHosts: ['#reason'], value: 'Cough' };
    const deep = { selector: ':host > textarea:nth-of-type(1)', shadowHosts: ['#reason', '#n'], value: 'Deep note' };
    const gone = { selector: '#i', shadowHosts: ['#locked'], value: 'x' };
    expect(fillFrame([inShadow, deep, gone], false)).toEqual({
      filled: ['#reason >>> #i', '#reason >>> #n >>> :host > textarea:nth-of-type(1)'],
      skipped: [{ selector: '#locked >>> #i', reason: 'not-found' }],
    });
    expect(open.querySelector<HTMLInputElement>('#i')!.value).toBe('Cough');
    expect(byId<HTMLInputElement>('i').value).toBe('');
    expect(undoFill()).toBe(2);
    expect(open.querySelector<HTMLInputElement>('#i')!.value).toBe('');
  });

  it('checks the radio of a group whose value was chosen, says so only when it is checked, and undoes it', () => {
    document.body.innerHTML = `
      <fieldset><legend>Smoking status</legend>
        <label><input type="radio" name="smoking" value="never"> Never</label>
        <label><input type="radio" name="smoking" value="former"> Former</label>
        <label><input type="radio" name="smoking" value="current" disabled> Current</label>
      </fieldset>
      <fieldset><legend>Seen before</legend><input type="radio" name="seen" value="yes" checked><input type="radio" name="seen" value="no"></fieldset>`;
    const checked = (name: string) => document.querySelector<HTMLInputElement>(`[name="${name}"]:checked`)?.value ?? null;
    const result = fillFrame(
      [
        { selector: '[name="smoking"]', value: 'former' },
        { selector: '[name="seen"]', value: 'no' },
      ],
      false,
    );
    expect(result).toEqual({ filled: ['[name="smoking"]'], skipped: [{ selector: '[name="seen"]', reason: 'kept' }] });
    expect(checked('smoking')).toBe('former');
    expect(checked('seen')).toBe('yes');
    expect(fillFrame([{ selector: '[name="smoking"]', value: 'sometimes' }], true).skipped).toEqual([{ selector: '[name="smoking"]', reason: 'no-such-option' }]);
    expect(fillFrame([{ selector: '[name="smoking"]', value: 'current' }], true).skipped).toEqual([{ selector: '[name="smoking"]', reason: 'not-fillable' }]);
    expect(fillFrame([{ selector: '[name="seen"]', value: 'no' }], true).filled).toEqual(['[name="seen"]']);
    expect(checked('seen')).toBe('no');

    expect(undoFill()).toBe(2);
    expect(checked('smoking')).toBeNull();
    expect(checked('seen')).toBe('yes');
  });

  it('never counts as filled what the page did not keep: a cancelled click, a value it cleared, one outside its own range', () => {
    document.body.innerHTML = `
      <input type="checkbox" id="consent">
      <input type="number" id="temp" max="43" step="0.1" value="37">
      <input type="date" id="next">
      <input id="cc">`;
    byId('consent').addEventListener('click', (event) => event.preventDefault());
    const changes: string[] = [];
    document.body.addEventListener('change', (event) => changes.push((event.target as HTMLElement).id));
    const result = fillFrame(
      [
        { selector: '#consent', value: 'true' },
        { selector: '#temp', value: '101.8' },
        { selector: '#next', value: '2026-02-30' },
        { selector: '#cc', value: 'Cough' },
      ],
      true,
    );
    expect(result).toEqual({
      filled: ['#cc'],
      skipped: [
        { selector: '#consent', reason: 'refused' },
        { selector: '#temp', reason: 'invalid' },
        { selector: '#next', reason: 'refused' },
      ],
    });
    expect(byId<HTMLInputElement>('consent').checked).toBe(false);
    expect(byId<HTMLInputElement>('temp').value).toBe('37');
    expect(byId<HTMLInputElement>('next').value).toBe('');
    // The page heard only of the value it kept.
    expect(changes).toEqual(['cc']);
  });

  it('is noticed by a React-controlled input (its onChange runs and its state holds the value)', () => {
    const seen: string[] = [];
    function Controlled() {
      const [value, setValue] = useState('');
      return createElement('input', {
        id: 'plan',
        value,
        onChange: (event: { target: HTMLInputElement }) => {
          seen.push(event.target.value);
          setValue(event.target.value);
        },
      });
    }
    render(createElement(Controlled));
    act(() => {
      fillFrame([{ selector: '#plan', value: 'Follow up in a week' }], false);
    });
    expect(seen).toEqual(['Follow up in a week']);
    expect(byId<HTMLInputElement>('plan').value).toBe('Follow up in a week');
    act(() => {
      undoFill();
    });
    expect(byId<HTMLInputElement>('plan').value).toBe('');
  });
});
