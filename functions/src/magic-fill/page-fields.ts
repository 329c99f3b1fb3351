import { MAGIC_FILL_LIMITS } from '@charta/contract';
import { parse, type DefaultTreeAdapterTypes } from 'parse5';
import { cssAttributeValue, cssIdentifier } from './css-escape.js';
import { TableLabels } from './table-labels.js';
import { unitOfLabel, type Unit } from './units.js';

type Element = DefaultTreeAdapterTypes.Element;
type ChildNode = DefaultTreeAdapterTypes.ChildNode;
type ParentNode = DefaultTreeAdapterTypes.ParentNode;

/**
 * The fillable fields of one frame's HTML, read on the server. parse5 builds the tree the way a browser
 * does (the WHATWG algorithm), so the selectors found here find the same elements in the live page; nothing
 * is ever executed: scripts are text to parse5, and their text, styles, templates and hidden parts are
 * never read. An open shadow root, which the extension sends as declarative shadow DOM (`<template
 * shadowrootmode="open">` in its host), is read as a scope of its own, its fields located through their
 * hosts. What reaches the model is a field's label, kind and options; never its value or the page's other
 * text.
 */

export type FieldKind =
  | 'text'
  | 'textarea'
  | 'contenteditable'
  | 'select'
  | 'date'
  | 'datetime-local'
  | 'time'
  | 'month'
  | 'number'
  | 'email'
  | 'tel'
  | 'url'
  | 'checkbox'
  | 'radio';

export interface FieldOption {
  value: string;
  label: string;
}

export interface PageField {
  /** A short key the prompt and the model's answer use (`f1`, `f2`, ...): selectors never go to the model. */
  key: string;
  /** Found with querySelector in the frame's document or, with `shadowHosts`, in the last host's shadow root. */
  selector: string;
  /** A field inside open shadow roots: its hosts' selectors, outermost first, each local to the root before it. */
  shadowHosts?: string[];
  label: string;
  kind: FieldKind;
  /** A select's options (or a radio group's choices), placeholders without a value left out. */
  options?: FieldOption[];
  /** The page's own `maxlength`, when it has one. */
  maxLength?: number;
  /** The unit a number or text field's label names ("Temperature (F)"): its value is sent in that unit. */
  unit?: Unit;
  /** A number, date, time or month input's own bounds and step, as the page writes them (well-formed only). */
  min?: string;
  max?: string;
  step?: string;
}

export interface PageFields {
  fields: PageField[];
  /** More fillable fields than MAGIC_FILL_LIMITS.fields: only the first ones (document order) are here. */
  truncated: boolean;
}

/**
 * Below this many elements of nesting nothing is read. Browsers stop nesting at about this depth too (Blink
 * flattens beyond 512), real forms sit a few dozen deep, and it keeps a structural selector short.
 */
export const MAX_FIELD_DEPTH = 256;
/** A label longer than this is not a label; it is cut (and so is the work of reading it). */
const MAX_LABEL_CHARS = 160;
/** Options of one select sent to the model; an EHR's longest lists (countries, codes) are cut here. */
const MAX_OPTIONS = 200;
/**
 * Options of all selects together: 500 selects of 200 options would be a prompt of megabytes. Selects past
 * this budget are left out (and the answer says truncated).
 */
export const MAX_TOTAL_OPTIONS = 3000;
/** Text nodes and elements one label read may visit, so a label wrapping a huge subtree stays cheap. */
const MAX_TEXT_VISITS = 400;

const INPUT_KINDS: Record<string, FieldKind> = {
  text: 'text',
  search: 'text',
  email: 'email',
  tel: 'tel',
  url: 'url',
  number: 'number',
  date: 'date',
  'datetime-local': 'datetime-local',
  time: 'time',
  month: 'month',
  checkbox: 'checkbox',
  radio: 'radio',
};
/** Input types that are never read or filled: secrets, files, and things that are not values. */
const NEVER_FILLED_INPUTS = new Set(['hidden', 'password', 'file', 'submit', 'button', 'reset', 'image', 'color', 'range', 'week']);
/** Subtrees that hold no fillable field or that a person cannot see: never walked. */
const UNREAD_ELEMENTS = new Set(['script', 'style', 'template', 'noscript', 'head', 'iframe', 'frame', 'object', 'embed', 'svg', 'math', 'canvas', 'audio', 'video']);
/** Inside these, text is a value or code, not a label. */
const NOT_LABEL_TEXT = new Set([...UNREAD_ELEMENTS, 'select', 'textarea', 'option', 'datalist', 'button']);

const attr = (el: Element, name: string): string | undefined => el.attrs.find((a) => a.name === name)?.value;
const has = (el: Element, name: string): boolean => el.attrs.some((a) => a.name === name);
const isElement = (node: ChildNode | ParentNode): node is Element => 'tagName' in node;

/** Hidden by markup a page commonly uses: the `hidden` and `inert` attributes, aria-hidden, inline display:none / visibility:hidden. */
function isHidden(el: Element): boolean {
  if (has(el, 'hidden') || has(el, 'inert') || attr(el, 'aria-hidden') === 'true') return true;
  const style = attr(el, 'style');
  return style !== undefined && /(^|;)\s*(display\s*:\s*none|visibility\s*:\s*(hidden|collapse))\s*(!important)?\s*(;|$)/i.test(style);
}

function isContentEditable(el: Element): boolean {
  const value = attr(el, 'contenteditable');
  return value !== undefined && ['', 'true', 'plaintext-only'].includes(value.trim().toLowerCase());
}

/** What kind of fillable field `el` is, or null when it is none (or one never filled). */
function fieldKind(el: Element): FieldKind | null {
  switch (el.tagName) {
    case 'textarea':
      return 'textarea';
    case 'select':
      return has(el, 'multiple') ? null : 'select';
    case 'input': {
      const type = (attr(el, 'type') ?? 'text').trim().toLowerCase();
      if (NEVER_FILLED_INPUTS.has(type)) return null;
      return INPUT_KINDS[type] ?? 'text';
    }
    default:
      return isContentEditable(el) ? 'contenteditable' : null;
  }
}

function isLocked(el: Element): boolean {
  if (has(el, 'disabled') || attr(el, 'aria-disabled') === 'true') return true;
  if (has(el, 'readonly') && (el.tagName === 'input' || el.tagName === 'textarea')) return true;
  return attr(el, 'aria-readonly') === 'true';
}

/** Visible text of a subtree, spaces collapsed, cut at MAX_LABEL_CHARS; values, code and hidden parts skipped. */
function textOf(root: ChildNode | ParentNode): string {
  let text = '';
  let visits = 0;
  const stack: (ChildNode | ParentNode)[] = [root];
  while (stack.length > 0 && visits++ < MAX_TEXT_VISITS && text.length < MAX_LABEL_CHARS * 2) {
    const node = stack.pop()!;
    if (node.nodeName === '#text') {
      text += ` ${(node as DefaultTreeAdapterTypes.TextNode).value}`;
      continue;
    }
    // The root is what was asked for (an option's own text); inside it values, code and hidden parts are skipped.
    if (isElement(node) && node !== root && (NOT_LABEL_TEXT.has(node.tagName) || isHidden(node))) continue;
    if ('childNodes' in node) for (let i = node.childNodes.length - 1; i >= 0; i--) stack.push(node.childNodes[i]!);
  }
  return cleanLabel(text);
}

function cleanLabel(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim().replace(/\s*[:*]+$/, '').trim();
  return clean.length > MAX_LABEL_CHARS ? `${clean.slice(0, MAX_LABEL_CHARS - 1)}…` : clean;
}

/** How many fields a subtree holds (read up to MAX_TEXT_VISITS nodes; counting stops at 2: none, one or several). */
function fieldsIn(root: Element): number {
  const stack: ChildNode[] = [root];
  let found = 0;
  for (let visits = 0; stack.length > 0 && visits < MAX_TEXT_VISITS && found < 2; visits++) {
    const node = stack.pop()!;
    if (!isElement(node)) continue;
    if (fieldKind(node)) found++;
    else stack.push(...node.childNodes);
  }
  return found;
}

const holdsField = (root: Element) => fieldsIn(root) > 0;

/** Text just before the field: its previous siblings, then its parent's (a table cell's row header, a div label). */
function nearbyText(el: Element): string {
  let node: Element | null = el;
  for (let level = 0; level < 3 && node; level++) {
    const parent: ParentNode | null = node.parentNode;
    if (!parent) return '';
    const index = parent.childNodes.indexOf(node);
    for (let i = index - 1, seen = 0; i >= 0 && seen < 4; i--, seen++) {
      const sibling = parent.childNodes[i]!;
      // Another field before this one: text beyond it labels that field, not this one.
      if (isElement(sibling) && holdsField(sibling)) return '';
      const text = textOf(sibling);
      if (text) return text;
    }
    node = isElement(parent) && parent.tagName !== 'form' && parent.tagName !== 'body' ? parent : null;
  }
  return '';
}

const humanize = (name: string) => cleanLabel(name.replace(/[_\-.[\]]+/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2'));

/**
 * The document, or one open shadow root (a `<template shadowrootmode="open">`, as the extension serialises
 * one): ids, `label for=`, aria references and names are local to it, and so are selectors.
 */
interface Scope {
  /** The shadow host and the scope it sits in; null for the document. */
  host: Element | null;
  parent: Scope | null;
  byId: Map<string, Element>;
  idCount: Map<string, number>;
  labelsFor: Map<string, Element>;
  /** How many fields carry each name, in the whole scope and per form. */
  nameCount: Map<string, number>;
  nameCountInForm: Map<Element, Map<string, number>>;
}

const newScope = (host: Element | null, parent: Scope | null): Scope => ({ host, parent, byId: new Map(), idCount: new Map(), labelsFor: new Map(), nameCount: new Map(), nameCountInForm: new Map() });

/** The declarative shadow root a template stands for ("open" only: a closed root is not the extension's to read). */
const isOpenShadowTemplate = (el: Element) => el.tagName === 'template' && (attr(el, 'shadowrootmode') ?? attr(el, 'shadowroot'))?.trim().toLowerCase() === 'open';

interface Candidate {
  el: Element;
  kind: FieldKind;
  depth: number;
  scope: Scope;
  /** The closest enclosing label element, form and fieldset legend while walking. */
  label: Element | null;
  form: Element | null;
  legend: string;
}

interface Walk {
  candidates: Candidate[];
  truncated: boolean;
}

const countUp = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);

/** One pass over the tree, iteratively (deep nesting cannot overflow the stack). */
function walk(document: ParentNode): Walk {
  const result: Walk = { candidates: [], truncated: false };
  interface Frame {
    node: ChildNode | ParentNode;
    depth: number;
    scope: Scope;
    label: Element | null;
    form: Element | null;
    legend: string;
    disabled: boolean;
  }
  const stack: Frame[] = [{ node: document, depth: 0, scope: newScope(null, null), label: null, form: null, legend: '', disabled: false }];
  const shadowHosts = new Set<Element>();
  while (stack.length > 0) {
    const frame = stack.pop()!;
    const { node, depth } = frame;
    let { scope, label, form, legend, disabled } = frame;
    let children: ChildNode[] = 'childNodes' in node ? node.childNodes : [];
    if (isElement(node)) {
      const host = node.parentNode;
      if (isOpenShadowTemplate(node) && host && isElement(host) && !shadowHosts.has(host) && depth < MAX_FIELD_DEPTH) {
        // An open shadow root: its own scope. A host has one root (the first template, as a browser takes
        // it); forms and labels outside it do not reach in; a fieldset's legend still names what it groups.
        shadowHosts.add(host);
        scope = newScope(host, scope);
        label = null;
        form = null;
        children = (node as DefaultTreeAdapterTypes.Template).content.childNodes;
      } else if (UNREAD_ELEMENTS.has(node.tagName) || isHidden(node)) continue;
      const id = attr(node, 'id');
      if (id && !isOpenShadowTemplate(node)) {
        countUp(scope.idCount, id);
        if (!scope.byId.has(id)) scope.byId.set(id, node);
      }
      if (node.tagName === 'label') {
        label = node;
        const target = attr(node, 'for');
        if (target && !scope.labelsFor.has(target)) scope.labelsFor.set(target, node);
      }
      if (node.tagName === 'form') form = node;
      if (node.tagName === 'fieldset') {
        disabled ||= has(node, 'disabled');
        const legendEl = node.childNodes.find((c): c is Element => isElement(c) && c.tagName === 'legend');
        legend = legendEl ? textOf(legendEl) : legend;
      }
      const kind = fieldKind(node);
      if (kind) {
        const name = attr(node, 'name');
        if (name) {
          countUp(scope.nameCount, name);
          if (form) countUp(scope.nameCountInForm.get(form) ?? scope.nameCountInForm.set(form, new Map()).get(form)!, name);
        }
        if (!disabled && !isLocked(node)) {
          if (result.candidates.length < MAGIC_FILL_LIMITS.fields) result.candidates.push({ el: node, kind, depth, scope, label, form, legend });
          else if (kind !== 'radio') result.truncated = true;
        }
        // A field's inside is its value (or, for contenteditable, one editable whole): nothing more to find.
        continue;
      }
    }
    if (depth >= MAX_FIELD_DEPTH) continue;
    for (let i = children.length - 1; i >= 0; i--) {
      const child = children[i]!;
      if (isElement(child)) stack.push({ node: child, depth: depth + 1, scope, label, form, legend, disabled });
    }
  }
  return result;
}

function labelOf(c: Candidate, tables: TableLabels): string {
  const page = c.scope;
  const { el } = c;
  const labelledBy = attr(el, 'aria-labelledby');
  if (labelledBy) {
    const text = cleanLabel(
      labelledBy
        .split(/\s+/)
        .slice(0, 8)
        .map((id) => page.byId.get(id))
        .filter((ref): ref is Element => ref !== undefined)
        .map(textOf)
        .join(' '),
    );
    if (text) return text;
  }
  const ariaLabel = cleanLabel(attr(el, 'aria-label') ?? '');
  if (ariaLabel) return ariaLabel;
  const id = attr(el, 'id');
  const forLabel = id ? page.labelsFor.get(id) : undefined;
  if (forLabel) {
    const text = textOf(forLabel);
    if (text) return text;
  }
  if (c.label) {
    const text = textOf(c.label);
    if (text) return text;
  }
  const title = cleanLabel(attr(el, 'title') ?? '');
  if (title) return title;
  // In a table, its row and column name the field; the text just before it is often its unit cell, and
  // text further up belongs to another row's field.
  const inTable = tables.labelOf(el);
  if (inTable) return inTable;
  const nearby = inTable === null ? nearbyText(el) : '';
  if (nearby) return nearby;
  const placeholder = cleanLabel(attr(el, 'placeholder') ?? '');
  if (placeholder) return placeholder;
  const name = attr(el, 'name');
  return name ? humanize(name) : '';
}

/** `tag:nth-of-type(n)` steps up to the nearest ancestor with a unique id (or `body`/`:root`). */
function structuralSelector(el: Element, page: Scope): string {
  const steps: string[] = [];
  let node: Element = el;
  for (;;) {
    const id = attr(node, 'id');
    if (node !== el && id && page.idCount.get(id) === 1) {
      steps.unshift(`#${cssIdentifier(id)}`);
      break;
    }
    if (node.tagName === 'body' || node.tagName === 'html') {
      steps.unshift(node.tagName === 'html' ? ':root' : 'body');
      break;
    }
    const parent: ParentNode | null = node.parentNode;
    if (!parent || (!isElement(parent) && !page.host)) {
      steps.unshift(node.tagName);
      break;
    }
    let nth = 0;
    for (const sibling of parent.childNodes) {
      if (isElement(sibling) && sibling.tagName === node.tagName) nth++;
      if (sibling === node) break;
    }
    steps.unshift(`${node.tagName}:nth-of-type(${nth})`);
    if (!isElement(parent)) {
      // The top of a shadow root: `:host >` anchors the path there (querySelector on a ShadowRoot reads it so).
      steps.unshift(':host');
      break;
    }
    node = parent;
  }
  return steps.join(' > ');
}

/** `#id` when unique, else `[name="…"]` (within its form when the name repeats across forms), else a path. */
function selectorOf(el: Element, form: Element | null, page: Scope, groupName?: string): string {
  const id = attr(el, 'id');
  if (!groupName && id && page.idCount.get(id) === 1) return `#${cssIdentifier(id)}`;
  const name = groupName ?? attr(el, 'name');
  if (name) {
    const byName = `[name=${cssAttributeValue(name)}]`;
    if (page.nameCount.get(name) === 1 || groupName) {
      if (!form || page.nameCount.get(name) === page.nameCountInForm.get(form)?.get(name)) return byName;
    }
    if (form && (page.nameCountInForm.get(form)?.get(name) === 1 || groupName)) return `${selectorOf(form, null, page)} ${byName}`;
  }
  return structuralSelector(el, page);
}

function optionsOf(select: Element): FieldOption[] {
  const options: FieldOption[] = [];
  const stack: ChildNode[] = [...select.childNodes].reverse();
  while (stack.length > 0 && options.length < MAX_OPTIONS) {
    const node = stack.pop()!;
    if (!isElement(node)) continue;
    if (node.tagName === 'optgroup' && !has(node, 'disabled')) stack.push(...[...node.childNodes].reverse());
    if (node.tagName !== 'option' || has(node, 'disabled') || isHidden(node)) continue;
    const label = cleanLabel(attr(node, 'label') ?? textOf(node));
    const value = attr(node, 'value') ?? label;
    // "Select…" placeholders have an empty value: choosing them is choosing nothing.
    if (value.trim() === '') continue;
    options.push({ value, label: label || value });
  }
  return options;
}

function maxLengthOf(el: Element): number | undefined {
  const raw = attr(el, 'maxlength');
  const n = raw && /^\d{1,7}$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
  return n > 0 ? n : undefined;
}

/** What a browser accepts as each bounded kind's min and max (anything else it ignores, and so does this). */
const BOUND_FORMATS: Partial<Record<FieldKind, RegExp>> = {
  number: /^-?(\d+(\.\d*)?|\.\d+)(e[-+]?\d+)?$/i,
  date: /^\d{4}-\d{2}-\d{2}$/,
  month: /^\d{4}-\d{2}$/,
  time: /^\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/,
  'datetime-local': /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/,
};

/** A number, date, time or month input's min, max and (numbers) step, where the page gives well-formed ones. */
function boundsOf(el: Element, kind: FieldKind): Pick<PageField, 'min' | 'max' | 'step'> {
  const format = BOUND_FORMATS[kind];
  if (!format) return {};
  const bounds: Pick<PageField, 'min' | 'max' | 'step'> = {};
  for (const name of ['min', 'max'] as const) {
    const value = attr(el, name)?.trim();
    if (value && format.test(value)) bounds[name] = value;
  }
  const step = attr(el, 'step')?.trim().toLowerCase();
  if (kind === 'number' && step && (step === 'any' || (BOUND_FORMATS.number!.test(step) && Number(step) > 0))) bounds.step = step;
  return bounds;
}

/** Selectors of the shadow hosts around a scope, outermost first (none for the document). */
function hostSelectors(scope: Scope): string[] {
  const hosts: string[] = [];
  for (let s: Scope | null = scope; s?.host && s.parent; s = s.parent) hosts.unshift(selectorOf(s.host, null, s.parent));
  return hosts;
}

/** Reads the fillable fields of one frame's HTML (see the module comment). */
export function readPageFields(html: string): PageFields {
  const page = walk(parse(html));
  const tables = new TableLabels({ textOf, fieldsIn });
  const fields: PageField[] = [];
  // Radio groups by scope and form: a name groups radios only within one form of one scope.
  const radioGroups = new Map<Scope, Map<Element | null, Map<string, PageField>>>();
  const hostsOf = new Map<Scope, string[]>();
  const located = (c: Candidate, selector: string) => {
    if (!c.scope.host) return { selector };
    const shadowHosts = hostsOf.get(c.scope) ?? hostsOf.set(c.scope, hostSelectors(c.scope)).get(c.scope)!;
    return { selector, shadowHosts };
  };
  let truncated = page.truncated;
  let optionBudget = MAX_TOTAL_OPTIONS;
  for (const c of page.candidates) {
    const key = `f${fields.length + 1}`;
    const name = attr(c.el, 'name');
    if (c.kind === 'radio' && name) {
      // A radio group is one field: its choices are the options, the value names the one to check.
      const groupsOfScope = radioGroups.get(c.scope) ?? radioGroups.set(c.scope, new Map()).get(c.scope)!;
      const groupsOfForm = groupsOfScope.get(c.form) ?? groupsOfScope.set(c.form, new Map()).get(c.form)!;
      const option = { value: attr(c.el, 'value') ?? 'on', label: labelOf(c, tables) };
      const group = groupsOfForm.get(name);
      if (group) {
        if (optionBudget-- > 0 && group.options!.length < MAX_OPTIONS) group.options!.push(option);
        continue;
      }
      optionBudget--;
      const field: PageField = { key, ...located(c, selectorOf(c.el, c.form, c.scope, name)), label: c.legend || tables.labelOf(c.el) || humanize(name), kind: 'radio', options: [option] };
      groupsOfForm.set(name, field);
      fields.push(field);
      continue;
    }
    const label = labelOf(c, tables);
    if (!label) continue; // A field nothing names cannot be matched to the note.
    const field: PageField = { key, ...located(c, selectorOf(c.el, c.form, c.scope)), label, kind: c.kind };
    if (c.kind === 'select') {
      field.options = optionsOf(c.el);
      if (field.options.length === 0) continue;
      if (field.options.length > optionBudget) {
        truncated = true;
        continue;
      }
      optionBudget -= field.options.length;
    }
    const maxLength = maxLengthOf(c.el);
    if (maxLength) field.maxLength = maxLength;
    Object.assign(field, boundsOf(c.el, c.kind));
    const unit = c.kind === 'number' || c.kind === 'text' ? unitOfLabel(label) : null;
    if (unit) field.unit = unit;
    fields.push(field);
  }
  return { fields, truncated };
}
