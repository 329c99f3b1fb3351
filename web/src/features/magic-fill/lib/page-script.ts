// What runs inside the EHR page, in every frame: chrome.scripting.executeScript({ func }) sends each function
// below as its source text, so every one is self-contained (no imports, no helpers outside its own body) and
// takes and returns plain JSON. They run in the extension's isolated world: its `value` setters are the
// DOM's own, so frameworks that track what they set (React) see a change and fire their onChange.

/** One frame's page as sent to the API: its HTML without scripts, styles or secret values. */
export interface FrameSnapshot {
  html: string;
  /** Fillable fields in this frame (0: the frame is not worth a model call). */
  fillableCount: number;
  /** This frame's origin: frames of an origin some frame answered from are reachable. */
  origin: string;
  /**
   * The web-page frames this frame shows (iframes and frames, in open shadow roots too), by the address
   * their element asks for: a frame the extension may not enter cannot say anything itself, so its parent
   * says it is there. Frames too small to see (tracking pixels, hidden frames) are left out.
   */
  childFrames: { url: string; title: string }[];
}

export interface FieldToFill {
  selector: string;
  /** A field inside open shadow roots: its hosts' selectors, outermost first, each found in the root before it. */
  shadowHosts?: string[];
  value: string;
}

/**
 * How a field is named in a fill's result: its selector, after its shadow hosts' when it has any
 * (`#host >>> #field`). The page functions below spell this out themselves (they take no imports).
 */
export const fieldPath = ({ selector, shadowHosts }: { selector: string; shadowHosts?: string[] }): string => [...(shadowHosts ?? []), selector].join(' >>> ');

/**
 * Why a field was not filled: not on the page, never fillable (secret, locked), kept (it held something
 * else), no option or radio with that value, refused (the page did not keep it: a cancelled click, a value
 * the input cleared), invalid (the page's own checks reject it: outside its min/max or off its step).
 */
export type SkipReason = 'not-found' | 'not-fillable' | 'kept' | 'no-such-option' | 'refused' | 'invalid';

/** Fields by their `fieldPath`. */
export interface FrameFillResult {
  filled: string[];
  skipped: { selector: string; reason: SkipReason }[];
}

/**
 * The frame's fillable fields and its HTML for the API. Password, hidden and file inputs keep their place
 * (selectors count siblings) but lose their `value`; scripts, styles and templates are dropped. Open shadow
 * roots go in as declarative shadow DOM (`<template shadowrootmode="open">` first in their host), which the
 * server reads as roots of their own; closed ones cannot be read. The server drops what cannot be filled
 * again, this only keeps secrets from leaving the page.
 */
export function snapshotFrame(): FrameSnapshot {
  // isContentEditable, or the attribute where it is missing (jsdom): a contenteditable that is not "false".
  const editable = (el: Element): el is HTMLElement =>
    el instanceof HTMLElement && (el.isContentEditable || (el.hasAttribute('contenteditable') && el.getAttribute('contenteditable') !== 'false'));
  const NEVER = ['password', 'hidden', 'file', 'submit', 'button', 'reset', 'image'];
  const fillable = (el: Element): boolean => {
    if (el instanceof HTMLInputElement) return !NEVER.includes(el.type) && !el.disabled && !el.readOnly;
    if (el instanceof HTMLTextAreaElement) return !el.disabled && !el.readOnly;
    if (el instanceof HTMLSelectElement) return !el.disabled;
    return editable(el);
  };
  // Marks the templates this function adds, so the page's own templates can be told apart and dropped.
  const MARK = 'data-charta-shadow-root';
  let fillableCount = 0;
  const childFrames: FrameSnapshot['childFrames'] = [];
  const countFields = (root: Document | ShadowRoot) => {
    fillableCount += [...root.querySelectorAll('input, textarea, select, [contenteditable]')].filter(fillable).length;
    for (const frame of root.querySelectorAll('iframe, frame')) {
      const box = frame.getBoundingClientRect();
      const src = frame.getAttribute('src');
      // srcdoc and src-less frames are about:srcdoc/about:blank, this frame's own origin.
      if (box.width < 2 || box.height < 2 || !src || frame.hasAttribute('srcdoc')) continue;
      let url: URL;
      try {
        url = new URL(src, document.baseURI);
      } catch {
        continue;
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
      childFrames.push({ url: url.href, title: (frame.getAttribute('title') ?? frame.getAttribute('name') ?? '').trim().slice(0, 100) });
    }
  };
  // The copy mirrors the live tree element for element until it is cleaned, so the nth live element with an
  // open shadow root is the copy's nth element: its root is cloned into a template there, and so on inside.
  const addShadowRoots = (live: Element[], copies: Element[]) => {
    live.forEach((el, i) => {
      const root = el.shadowRoot;
      const host = copies[i];
      if (!root || !host) return;
      countFields(root);
      const template = document.createElement('template');
      template.setAttribute('shadowrootmode', 'open');
      template.setAttribute(MARK, '');
      for (const child of root.childNodes) template.content.appendChild(child.cloneNode(true));
      addShadowRoots([...root.querySelectorAll('*')], [...template.content.querySelectorAll('*')]);
      host.prepend(template);
    });
  };
  const clean = (root: Element | DocumentFragment) => {
    for (const el of root.querySelectorAll(`script, style, noscript, template:not([${MARK}]), link[rel="stylesheet"]`)) el.remove();
    for (const el of root.querySelectorAll('input')) {
      if (['password', 'hidden', 'file'].includes((el.getAttribute('type') ?? '').toLowerCase())) el.removeAttribute('value');
    }
    for (const template of root.querySelectorAll<HTMLTemplateElement>(`template[${MARK}]`)) {
      template.removeAttribute(MARK);
      clean(template.content);
    }
  };
  countFields(document);
  const copy = document.documentElement.cloneNode(true) as HTMLElement;
  addShadowRoots([document.documentElement, ...document.documentElement.querySelectorAll('*')], [copy, ...copy.querySelectorAll('*')]);
  clean(copy);
  return { html: `<!doctype html>${copy.outerHTML}`, fillableCount, origin: location.origin, childFrames };
}

/**
 * Sets each field the way a person typing would be noticed: the prototype's own value setter (a framework's
 * per-element override is bypassed), then `input` and `change` events that bubble. A field that already has
 * a different value keeps it unless `overwrite`; what was there before is remembered for `undoFill`. A field
 * counts as filled only when the page kept the value: it is read back after setting it, and a value the
 * input cleared or its own validity refuses is put back before any event tells the page about it.
 */
export function fillFrame(fields: { selector: string; shadowHosts?: string[]; value: string }[], overwrite: boolean): FrameFillResult {
  type Undo = { selector: string; shadowHosts?: string[]; kind: 'value' | 'checked' | 'radio' | 'html'; previous: string };
  const NEVER = ['password', 'hidden', 'file', 'submit', 'button', 'reset', 'image'];
  const store = globalThis as unknown as { __chartaMagicFillUndo?: Undo[] };
  const undo: Undo[] = [];
  const result: FrameFillResult = { filled: [], skipped: [] };
  // isContentEditable, or the attribute where it is missing (jsdom): a contenteditable that is not "false".
  const editable = (el: Element): el is HTMLElement =>
    el instanceof HTMLElement && (el.isContentEditable || (el.hasAttribute('contenteditable') && el.getAttribute('contenteditable') !== 'false'));
  const setValue = (el: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string) => {
    const proto = Object.getPrototypeOf(el) as object;
    Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(el, value);
  };
  const notify = (el: Element) => {
    el.dispatchEvent(new Event('input', { bubbles: true }));
    el.dispatchEvent(new Event('change', { bubbles: true }));
  };
  // Each host in the root before it, then the field in the last host's open shadow root. A selector the
  // page's DOM cannot parse is a field not found, not a failed fill.
  const findAll = (selector: string, shadowHosts: string[] = []): Element[] => {
    try {
      let root: Document | ShadowRoot = document;
      for (const host of shadowHosts) {
        const next: ShadowRoot | null | undefined = root.querySelector(host)?.shadowRoot;
        if (!next) return [];
        root = next;
      }
      return [...root.querySelectorAll(selector)];
    } catch {
      return [];
    }
  };
  // What the value reads back as when the element kept it: a textarea turns CRLF into LF, an input drops line breaks.
  const expected = (el: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string) =>
    el instanceof HTMLTextAreaElement ? value.replace(/\r\n?/g, '\n') : el instanceof HTMLInputElement ? value.replace(/[\r\n]/g, '') : value;
  for (const { selector: fieldSelector, shadowHosts, value } of fields) {
    // The field's name in the result (fieldPath): its hosts' selectors, then its own.
    const selector = [...(shadowHosts ?? []), fieldSelector].join(' >>> ');
    const skip = (at: string, reason: SkipReason) => result.skipped.push({ selector: at, reason });
    const remember = (entry: Omit<Undo, 'selector' | 'shadowHosts'>) => undo.push({ selector: fieldSelector, ...(shadowHosts ? { shadowHosts } : {}), ...entry });
    const found = findAll(fieldSelector, shadowHosts);
    const el = found[0];
    if (!el) {
      skip(selector, 'not-found');
      continue;
    }
    if (el instanceof HTMLInputElement && el.type === 'radio') {
      // A radio group: the selector matches all its radios; the value names the one to check.
      const radios = found.filter((r): r is HTMLInputElement => r instanceof HTMLInputElement && r.type === 'radio');
      const target = radios.find((r) => r.value === value);
      const current = radios.find((r) => r.checked);
      if (!target) skip(selector, 'no-such-option');
      else if (target.disabled) skip(selector, 'not-fillable');
      else if (current && current !== target && !overwrite) skip(selector, 'kept');
      else if (current === target) result.filled.push(selector);
      else {
        target.click();
        if (!target.checked) skip(selector, 'refused');
        else {
          remember({ kind: 'radio', previous: current?.value ?? '' });
          result.filled.push(selector);
        }
      }
    } else if (el instanceof HTMLInputElement && el.type === 'checkbox') {
      if (el.disabled) {
        skip(selector, 'not-fillable');
        continue;
      }
      const wanted = value === 'true';
      if (el.checked !== wanted) {
        el.click();
        // A page can cancel the click: then nothing changed and nothing was filled.
        if (el.checked !== wanted) {
          skip(selector, 'refused');
          continue;
        }
        remember({ kind: 'checked', previous: String(!wanted) });
      }
      result.filled.push(selector);
    } else if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) {
      const locked = el instanceof HTMLSelectElement ? el.disabled : el.disabled || el.readOnly;
      if (locked || (el instanceof HTMLInputElement && NEVER.includes(el.type))) {
        skip(selector, 'not-fillable');
        continue;
      }
      if (el instanceof HTMLSelectElement && ![...el.options].some((o) => o.value === value)) {
        skip(selector, 'no-such-option');
        continue;
      }
      const isPlaceholderOption = el instanceof HTMLSelectElement && el.selectedIndex >= 0 && el.options[el.selectedIndex]?.value === '';
      if (!overwrite && el.value !== '' && el.value !== value && !isPlaceholderOption) {
        skip(selector, 'kept');
        continue;
      }
      const previous = el.value;
      setValue(el, value);
      const kept = el.value === expected(el, value);
      const validity = el instanceof HTMLInputElement ? el.validity : undefined;
      const invalid = kept && validity !== undefined && (validity.rangeOverflow || validity.rangeUnderflow || validity.stepMismatch || validity.badInput);
      if (!kept || invalid) {
        // Put back before any event: the page (and its framework) never hears of a value it would not keep.
        setValue(el, previous);
        skip(selector, kept ? 'invalid' : 'refused');
        continue;
      }
      remember({ kind: 'value', previous });
      el.focus();
      notify(el);
      el.blur();
      result.filled.push(selector);
    } else if (editable(el)) {
      const current = (el.textContent ?? '').trim();
      if (!overwrite && current !== '' && current !== value) {
        skip(selector, 'kept');
        continue;
      }
      remember({ kind: 'html', previous: el.innerHTML });
      el.textContent = value;
      el.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertReplacementText', data: value }));
      result.filled.push(selector);
    } else {
      skip(selector, 'not-fillable');
    }
  }
  // Fills add up: one Undo puts back everything changed since the last Undo, newest first.
  store.__chartaMagicFillUndo = [...(store.__chartaMagicFillUndo ?? []), ...undo];
  return result;
}

/** Puts back what the last fills changed in this frame, newest first; answers how many fields were restored. */
export function undoFill(): number {
  type Undo = { selector: string; shadowHosts?: string[]; kind: 'value' | 'checked' | 'radio' | 'html'; previous: string };
  const store = globalThis as unknown as { __chartaMagicFillUndo?: Undo[] };
  const entries = store.__chartaMagicFillUndo ?? [];
  store.__chartaMagicFillUndo = [];
  // fillFrame's lookup, spelt out again: each page function is sent to the page alone (see the file's head).
  const findAll = (selector: string, shadowHosts: string[] = []): Element[] => {
    try {
      let root: Document | ShadowRoot = document;
      for (const host of shadowHosts) {
        const next: ShadowRoot | null | undefined = root.querySelector(host)?.shadowRoot;
        if (!next) return [];
        root = next;
      }
      return [...root.querySelectorAll(selector)];
    } catch {
      return [];
    }
  };
  let restored = 0;
  for (const { selector, shadowHosts, kind, previous } of [...entries].reverse()) {
    const found = findAll(selector, shadowHosts);
    const el = found[0];
    if (!el) continue;
    if (kind === 'radio') {
      // The radio that was checked before (a click, as a person would), or none: a group cannot be unchecked by clicking.
      const radios = found.filter((r): r is HTMLInputElement => r instanceof HTMLInputElement && r.type === 'radio');
      const before = radios.find((r) => r.value === previous && previous !== '');
      if (before) before.click();
      else {
        const checked = radios.find((r) => r.checked);
        if (checked) {
          checked.checked = false;
          checked.dispatchEvent(new Event('input', { bubbles: true }));
          checked.dispatchEvent(new Event('change', { bubbles: true }));
        }
      }
    } else if (kind === 'checked' && el instanceof HTMLInputElement) {
      if (el.checked !== (previous === 'true')) el.click();
    } else if (kind === 'value' && (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement)) {
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el) as object, 'value')?.set?.call(el, previous);
      el.dispatchEvent(new Event('input', { bubbles: true }));
      el.dispatchEvent(new Event('change', { bubbles: true }));
    } else if (kind === 'html' && el instanceof HTMLElement) {
      el.innerHTML = previous;
      el.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'historyUndo' }));
    } else {
      continue;
    }
    restored += 1;
  }
  return restored;
}
