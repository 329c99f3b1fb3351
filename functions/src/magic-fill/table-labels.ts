import type { DefaultTreeAdapterTypes } from 'parse5';
import { unitOfText } from './units.js';

type Element = DefaultTreeAdapterTypes.Element;
type ChildNode = DefaultTreeAdapterTypes.ChildNode;
type ParentNode = DefaultTreeAdapterTypes.ParentNode;

/**
 * Labels of fields laid out in tables, as a person reads them: many EHR forms put a measure's name in one
 * cell, its unit in the next and the input in a third, under a header row naming the columns. The text just
 * before such an input is its unit cell ("mm/hg" twice for systolic and diastolic), so a field in a table
 * cell is named by its row and column instead: the text of the cells before it in its row, name then unit
 * ("BP Systolic (mm/hg)"), then its column's headers ("…, Today"), else a label row just above it. HTML
 * tables (rowspan and colspan placed as a browser places them) and ARIA grids built from other elements
 * (row, cell, gridcell, rowheader, columnheader, aria-rowspan/aria-colspan) are read alike.
 */

/** What the page reader knows of a subtree: its label text, and how many fillable fields it holds. */
export interface TreeText {
  textOf: (el: Element) => string;
  fieldsIn: (el: Element) => number;
}

interface Cell {
  el: Element;
  row: number;
  col: number;
  rowSpan: number;
  colSpan: number;
}

interface Grid {
  byEl: Map<Element, Cell>;
  /** Every cell that covers each row (a rowspan covers several), in column order. */
  rowCells: Cell[][];
  /** Cells of the rows that only name columns (a thead, or rows of th / columnheader alone). */
  headers: Cell[];
}

/** Tables and cells are a few levels above a field; rows and cells a bounded walk inside a table. */
const MAX_CELL_DEPTH = 12;
const MAX_NESTED_TABLES = 3;
const MAX_GRID_NODES = 20_000;
/** Spans past these are page bugs (HTML caps colspan at 1,000): bounded so one cell cannot cost millions of slots. */
const MAX_COLSPAN = 100;
const MAX_ROWSPAN = 1000;
/**
 * Grid slots one table may fill (a cell's rowspan × colspan each). Past it, cells are placed as if they
 * spanned one slot: a table of 1,000 rows of `rowspan=0 colspan=99` cells (half a megabyte of HTML) once
 * filled billions of slots and ran the API out of memory; a real form's table fills a few hundred.
 */
const MAX_GRID_SLOTS = 20_000;

const attr = (el: Element, name: string) => el.attrs.find((a) => a.name === name)?.value;
const isElement = (node: ChildNode | ParentNode | null): node is Element => node !== null && 'tagName' in node;
const roleOf = (el: Element) => attr(el, 'role')?.trim().toLowerCase().split(/\s+/)[0] ?? '';
const ARIA_CELLS = new Set(['cell', 'gridcell', 'rowheader', 'columnheader']);
const ARIA_TABLES = new Set(['table', 'grid', 'treegrid']);
const isCell = (el: Element) => el.tagName === 'td' || el.tagName === 'th' || ARIA_CELLS.has(roleOf(el));
const isTable = (el: Element) => el.tagName === 'table' || ARIA_TABLES.has(roleOf(el));
const isHeaderCell = (el: Element) => el.tagName === 'th' || roleOf(el) === 'columnheader';
const elementChildren = (el: Element) => el.childNodes.filter(isElement);

function span(el: Element, html: string, aria: string, max: number): number {
  const raw = attr(el, html) ?? attr(el, aria);
  const n = raw !== undefined && /^\s*\d+\s*$/.test(raw) ? Number(raw) : 1;
  return Math.min(Math.max(n, html === 'rowspan' && n === 0 ? max : 1), max);
}

interface RowSource {
  cells: Element[];
  inHead: boolean;
}

function htmlRows(table: Element): RowSource[] {
  const rows: RowSource[] = [];
  const addRow = (tr: Element, inHead: boolean) => rows.push({ cells: elementChildren(tr).filter((c) => c.tagName === 'td' || c.tagName === 'th'), inHead });
  for (const child of elementChildren(table)) {
    if (child.tagName === 'tr') addRow(child, false);
    else if (['thead', 'tbody', 'tfoot'].includes(child.tagName)) for (const tr of elementChildren(child)) if (tr.tagName === 'tr') addRow(tr, child.tagName === 'thead');
  }
  return rows;
}

/** Elements under `root` that `match`, not looking inside a match nor inside anything `stop` says (a nested table). */
function findInside(root: Element, match: (el: Element) => boolean, stop: (el: Element) => boolean, budget: { left: number }): Element[] {
  const found: Element[] = [];
  const stack = [...elementChildren(root)].reverse();
  while (stack.length > 0 && budget.left-- > 0) {
    const el = stack.pop()!;
    if (match(el)) found.push(el);
    else if (!stop(el)) stack.push(...elementChildren(el).reverse());
  }
  return found;
}

function ariaRows(table: Element): RowSource[] {
  const budget = { left: MAX_GRID_NODES };
  const rows = findInside(table, (el) => roleOf(el) === 'row', isTable, budget);
  return rows.map((row) => ({ cells: findInside(row, (el) => ARIA_CELLS.has(roleOf(el)), (el) => isTable(el) || roleOf(el) === 'row', budget), inHead: false }));
}

/** Cells placed on the table's grid as the HTML table algorithm places them: each in the first free slot of its row. */
function buildGrid(table: Element, { fieldsIn, textOf }: TreeText): Grid {
  const sources = table.tagName === 'table' ? htmlRows(table) : ariaRows(table);
  const taken: Set<number>[] = sources.map(() => new Set());
  const grid: Grid = { byEl: new Map(), rowCells: sources.map(() => []), headers: [] };
  let slotsLeft = MAX_GRID_SLOTS;
  sources.forEach((source, r) => {
    // A row that only names columns: a thead's, or th / columnheader cells beside empty ones (the corner).
    const headerRow =
      source.cells.some(isHeaderCell) && (source.inHead || source.cells.every((c) => fieldsIn(c) === 0 && (isHeaderCell(c) || textOf(c) === '')));
    let col = 0;
    for (const el of source.cells) {
      while (taken[r]!.has(col)) col++;
      let rowSpan = span(el, 'rowspan', 'aria-rowspan', Math.min(MAX_ROWSPAN, sources.length - r));
      let colSpan = span(el, 'colspan', 'aria-colspan', MAX_COLSPAN);
      if (rowSpan * colSpan > slotsLeft) [rowSpan, colSpan] = [1, 1];
      slotsLeft = Math.max(0, slotsLeft - rowSpan * colSpan);
      const cell: Cell = { el, row: r, col, rowSpan, colSpan };
      grid.byEl.set(el, cell);
      if (headerRow) grid.headers.push(cell);
      for (let dr = 0; dr < rowSpan; dr++) {
        grid.rowCells[r + dr]!.push(cell);
        for (let dc = 0; dc < colSpan; dc++) taken[r + dr]!.add(col + dc);
      }
      col += colSpan;
    }
  });
  for (const cells of grid.rowCells) cells.sort((a, b) => a.col - b.col);
  return grid;
}

/** The nearest enclosing element that `match`es, a few levels up, within the field's own tree (not across a shadow root). */
function closest(from: Element, match: (el: Element) => boolean): Element | null {
  let node: ParentNode | null = from.parentNode;
  for (let level = 0; level < MAX_CELL_DEPTH && isElement(node); level++) {
    if (match(node)) return node;
    node = node.parentNode;
  }
  return null;
}

interface RowText {
  names: string[];
  units: string[];
}

export class TableLabels {
  private readonly grids = new Map<Element, Grid | null>();

  constructor(private readonly tree: TreeText) {}

  /**
   * The label of a field in a table cell, or null when the field is in no table (other sources apply). An
   * empty string means a table says nothing for it: the caller must not borrow text from another row.
   */
  labelOf(field: Element): string | null {
    const found = this.placeOf(field);
    if (!found) return null;
    const { grid, cell } = found;
    const { names, units } = this.rowText(grid, cell, field);
    const header = this.headerText(grid, cell);
    if (header && unitOfText(header)) units.push(header);
    const name = names.join(' ');
    const unitText = [...new Set(units)].join(', ');
    let label = [name, unitText && `(${unitText})`].filter(Boolean).join(' ');
    if (header && !unitOfText(header)) label = label ? `${label}, ${header}` : header;
    label ||= this.labelRowAbove(grid, cell);
    if (!label) return '';
    // A table inside another table's cell: that outer row's name comes first ("Vitals Pulse").
    let table = closest(cell.el, isTable);
    for (let level = 1; level < MAX_NESTED_TABLES && table; level++) {
      const outer = this.placeOf(table);
      if (!outer) break;
      const outerNames = this.rowText(outer.grid, outer.cell, null).names.join(' ');
      if (outerNames) label = `${outerNames} ${label}`;
      table = closest(outer.cell.el, isTable);
    }
    return label;
  }

  private gridOf(table: Element): Grid | null {
    if (!this.grids.has(table)) this.grids.set(table, buildGrid(table, this.tree));
    return this.grids.get(table) ?? null;
  }

  /** The cell holding `el` and its table's grid. */
  private placeOf(el: Element): { grid: Grid; cell: Cell } | null {
    const cellEl = closest(el, isCell);
    const table = cellEl && closest(cellEl, isTable);
    const grid = table && this.gridOf(table);
    const cell = grid?.byEl.get(cellEl!);
    return grid && cell ? { grid, cell } : null;
  }

  /**
   * Names and units from the cells before the field in its row. Text before another field belongs to that
   * field ("Chief complaint [a] Onset [b]": b is "Onset"), and so does a unit just after it ("Weight [a] lbs
   * [b] kg"); a field with no text of its own since the last one takes the row's leading name ("Weight").
   * Then the field's own cell (text beside it, when it is the cell's only field) and a unit cell after it.
   */
  private rowText(grid: Grid, cell: Cell, field: Element | null): RowText {
    const row = grid.rowCells[cell.row] ?? [];
    let leading: RowText | null = null;
    let segment: RowText = { names: [], units: [] };
    let afterField = false;
    for (const other of row) {
      if (other.col + other.colSpan > cell.col) break;
      if (this.tree.fieldsIn(other.el) > 0) {
        leading ??= segment;
        segment = { names: [], units: [] };
        afterField = true;
        continue;
      }
      const text = this.tree.textOf(other.el);
      if (!text) continue;
      const isUnit = unitOfText(text) !== null;
      if (isUnit && afterField) {
        afterField = false;
        continue;
      }
      afterField = false;
      (isUnit ? segment.units : segment.names).push(text);
    }
    const result: RowText = { names: segment.names.length > 0 ? [...segment.names] : [...(leading?.names ?? [])], units: [...segment.units] };
    if (!field) return result;
    if (this.tree.fieldsIn(cell.el) === 1) {
      const own = this.tree.textOf(cell.el);
      if (own) (unitOfText(own) ? result.units : result.names).push(own);
    }
    const next = row.find((other) => other.col >= cell.col + cell.colSpan);
    if (next && this.tree.fieldsIn(next.el) === 0) {
      const text = this.tree.textOf(next.el);
      if (text && unitOfText(text)) result.units.push(text);
    }
    return result;
  }

  /**
   * Forms laid out one field per row often put its label in a row of its own just above it: the cell over
   * the field's column, when that row holds no field at all (a row with fields is their row, not a label).
   */
  private labelRowAbove(grid: Grid, cell: Cell): string {
    const above = grid.rowCells[cell.row - 1];
    if (!above || above.some((other) => this.tree.fieldsIn(other.el) > 0)) return '';
    const over = above.find((other) => other.col <= cell.col && cell.col < other.col + other.colSpan);
    return over ? this.tree.textOf(over.el) : '';
  }

  /** The headers over the field's column, top down ("Blood pressure Systolic"). */
  private headerText(grid: Grid, cell: Cell): string {
    return grid.headers
      .filter((h) => h.row < cell.row && h.col <= cell.col && cell.col < h.col + h.colSpan)
      .sort((a, b) => a.row - b.row)
      .map((h) => this.tree.textOf(h.el))
      .filter(Boolean)
      .join(' ');
  }
}
