import dayjs from 'dayjs';
import type { Language } from '../language.js';
import { barcodeModules, darkRuns, qrMatrix } from './codes.js';
import { APPROVAL_COLUMNS, handleStatusLabel } from './handleStatus.js';
import { PRINT_BARCODE_DEFAULT, PRINT_FONT_SIZE, type PrintBox, type PrintTemplate, type TableColumn } from './template.js';

/**
 * The layout model of print (spec 001 §2 print preview, §3 print data): a template and a record's print data in,
 * pages of positioned marks out. Pure and deterministic: the browser preview draws the marks as SVG, the server as
 * PDF (modules/system/printDev/pdf.ts), so both show the same pages.
 *
 * Boxes keep their places; a sub-table loop (or the approval table) grows downwards by as many rows as the record
 * has, and every box that starts below a growing box moves down by its growth. Marks that would cross the bottom
 * margin move to the next page; a table row carried over brings its table's header with it.
 */

/** One line of the approval table (operatorRecordList). */
export interface OperatorRecord {
  nodeName?: string | null;
  userName?: string | null;
  handleTime?: number | string | null;
  handleStatus?: number | string | null;
  handleOpinion?: string | null;
}

export type PrintItem =
  | { kind: 'text'; x: number; y: number; width: number; height: number; text: string; fontSize: number; bold: boolean; align: 'left' | 'center' | 'right' }
  /** fill: a dark mark (bar, QR module); otherwise a thin border (table cells). */
  | { kind: 'rect'; x: number; y: number; width: number; height: number; fill: boolean };

export interface PrintPage {
  width: number;
  height: number;
  items: PrintItem[];
}

export interface LayoutOptions {
  language?: Language;
  /** Width of a text at a font size; the default approximates Noto Sans (CJK one em, Latin about half). */
  measure?: (text: string, fontSize: number) => number;
}

export const LINE_HEIGHT = 1.4;
const CELL_PADDING = 3;
const CODE_TEXT_SIZE = 10;

/** Approximate advance of Noto Sans: full width for CJK and full-width forms, about 0.56 em for the rest. */
export function approximateWidth(text: string, fontSize: number): number {
  let em = 0;
  for (const ch of text) em += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/.test(ch) ? 1 : 0.56;
  return em * fontSize;
}

/** A value as printed: lists joined with commas, nothing for empty values and objects. */
export function printText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(printText).filter(Boolean).join(',');
  if (typeof value === 'object') return '';
  return String(value);
}

/** `{field}` replaced by the field's value; an unknown field prints nothing. */
export function substituteFields(text: string, values: Record<string, unknown>): string {
  return text.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, key: string) => printText(values[key]));
}

/** Greedy line breaking, character by character (CJK text has no spaces); explicit newlines kept. */
export function wrapText(text: string, width: number, fontSize: number, measure = approximateWidth): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const ch of paragraph) {
      if (line && measure(line + ch, fontSize) > width) {
        lines.push(line);
        line = ch;
      } else line += ch;
    }
    lines.push(line);
  }
  return lines;
}

/** A run of marks placed together: y of its items relative to its own top. */
interface Block {
  top: number;
  height: number;
  items: PrintItem[];
  /** The header to repeat when this row moves to a new page. */
  header?: Block;
}

interface Laid {
  box: PrintBox;
  height: number;
  blocks: Block[];
}

function textItems(lines: string[], x: number, width: number, fontSize: number, bold: boolean, align: 'left' | 'center' | 'right', top = 0): PrintItem[] {
  const lineHeight = fontSize * LINE_HEIGHT;
  return lines.map((text, i) => ({ kind: 'text', x, y: top + i * lineHeight, width, height: lineHeight, text, fontSize, bold, align }));
}

function columnWidths(columns: { width?: number }[], total: number): number[] {
  const weights = columns.map((c) => c.width ?? 1);
  const sum = weights.reduce((a, b) => a + b, 0);
  return weights.map((w) => (w / sum) * total);
}

/** A table row: bordered cells, text wrapped inside, as tall as its tallest cell. */
function tableRow(x: number, widths: number[], cells: string[], fontSize: number, bold: boolean, measure: LayoutOptions['measure']): Block {
  const wrapped = cells.map((cell, i) => wrapText(cell, Math.max(widths[i] - 2 * CELL_PADDING, fontSize), fontSize, measure));
  const height = Math.max(...wrapped.map((l) => l.length)) * fontSize * LINE_HEIGHT + 2 * CELL_PADDING;
  const items: PrintItem[] = [];
  let left = x;
  wrapped.forEach((lines, i) => {
    items.push({ kind: 'rect', x: left, y: 0, width: widths[i], height, fill: false });
    items.push(...textItems(lines, left + CELL_PADDING, widths[i] - 2 * CELL_PADDING, fontSize, bold, 'left', CELL_PADDING));
    left += widths[i];
  });
  return { top: 0, height, items };
}

function tableBlocks(box: PrintBox, columns: TableColumn[], rows: string[][], fontSize: number, measure: LayoutOptions['measure']): Laid {
  const widths = columnWidths(columns, box.width);
  const header = tableRow(box.x, widths, columns.map((c) => c.label), fontSize, true, measure);
  const blocks: Block[] = [header];
  let top = header.height;
  for (const cells of rows) {
    const row = tableRow(box.x, widths, cells, fontSize, false, measure);
    blocks.push({ ...row, top, header });
    top += row.height;
  }
  return { box, height: Math.max(box.height, top), blocks };
}

function codeValue(box: { field?: string; text?: string }, values: Record<string, unknown>): string {
  return box.field !== undefined ? printText(values[box.field]) : substituteFields(box.text ?? '', values);
}

function layBox(box: PrintBox, values: Record<string, unknown>, records: OperatorRecord[], options: Required<LayoutOptions>): Laid {
  const { measure, language } = options;
  switch (box.type) {
    case 'text':
    case 'field': {
      const fontSize = box.fontSize ?? PRINT_FONT_SIZE;
      const content = box.type === 'text' ? substituteFields(box.text, values) : `${box.label ? `${box.label}：` : ''}${printText(values[box.field])}`;
      const lines = wrapText(content, box.width, fontSize, measure);
      const align = box.type === 'text' ? (box.align ?? 'left') : 'left';
      const bold = box.type === 'text' ? Boolean(box.bold) : false;
      const height = lines.length * fontSize * LINE_HEIGHT;
      return { box, height: Math.max(box.height, height), blocks: [{ top: 0, height, items: textItems(lines, box.x, box.width, fontSize, bold, align) }] };
    }
    case 'table': {
      const list = Array.isArray(values[box.field]) ? (values[box.field] as unknown[]) : [];
      const rows = list.map((row) => box.columns.map((c) => (row && typeof row === 'object' ? printText((row as Record<string, unknown>)[c.field]) : '')));
      return tableBlocks(box, box.columns, rows, box.fontSize ?? PRINT_FONT_SIZE, measure);
    }
    case 'approvals': {
      const keys = Object.keys(APPROVAL_COLUMNS) as (keyof typeof APPROVAL_COLUMNS)[];
      const columns = keys.map((k) => ({ field: k, label: APPROVAL_COLUMNS[k][language], width: k === 'handleOpinion' ? 2 : k === 'handleTime' ? 1.5 : 1 }));
      const rows = records.map((r) => [
        printText(r.nodeName),
        printText(r.userName),
        r.handleTime === null || r.handleTime === undefined || r.handleTime === '' ? '' : dayjs(r.handleTime).format('YYYY-MM-DD HH:mm'),
        handleStatusLabel(r.handleStatus, language),
        printText(r.handleOpinion),
      ]);
      return tableBlocks(box, columns, rows, box.fontSize ?? PRINT_FONT_SIZE, measure);
    }
    case 'barcode': {
      const value = codeValue(box, values);
      const modules = barcodeModules(value);
      if (!modules) return { box, height: box.height, blocks: [] };
      const moduleWidth = Math.min(box.moduleWidth ?? PRINT_BARCODE_DEFAULT.moduleWidth, box.width / modules.length);
      const barHeight = box.barHeight ?? PRINT_BARCODE_DEFAULT.barHeight;
      const items: PrintItem[] = darkRuns(modules).map(([start, length]) => ({ kind: 'rect', x: box.x + start * moduleWidth, y: 0, width: length * moduleWidth, height: barHeight, fill: true }));
      items.push(...textItems([value], box.x, modules.length * moduleWidth, CODE_TEXT_SIZE, false, 'center', barHeight + 2));
      const height = barHeight + 2 + CODE_TEXT_SIZE * LINE_HEIGHT;
      return { box, height: Math.max(box.height, height), blocks: [{ top: 0, height, items }] };
    }
    case 'qrcode': {
      const matrix = qrMatrix(codeValue(box, values));
      if (!matrix) return { box, height: box.height, blocks: [] };
      const size = Math.min(box.width, box.height);
      const module = size / matrix.length;
      const items: PrintItem[] = [];
      matrix.forEach((row, r) => {
        for (const [start, length] of darkRuns(row.map((dark) => (dark ? '1' : '0')).join(''))) {
          items.push({ kind: 'rect', x: box.x + start * module, y: r * module, width: length * module, height: module, fill: true });
        }
      });
      return { box, height: box.height, blocks: [{ top: 0, height: size, items }] };
    }
  }
}

/**
 * Lays a template out for one record: `values` are printData (values by field, arrays of rows for sub-tables),
 * `records` the approval records. Answers at least one page.
 */
export function layoutPrint(template: PrintTemplate, values: Record<string, unknown>, records: OperatorRecord[] = [], options: LayoutOptions = {}): PrintPage[] {
  const settings: Required<LayoutOptions> = { language: options.language ?? 'zh', measure: options.measure ?? approximateWidth };
  const { width, height, margin } = template.page;
  const laid = template.boxes.map((box) => layBox(box, values, records, settings));

  // A box moves down by the growth of every box that ends above its top.
  const placed: Block[] = [];
  for (const current of laid) {
    const shift = laid.reduce((sum, other) => (other !== current && other.box.y + other.box.height <= current.box.y ? sum + (other.height - other.box.height) : sum), 0);
    for (const block of current.blocks) placed.push({ ...block, top: current.box.y + shift + block.top });
  }
  placed.sort((a, b) => a.top - b.top);

  const usable = height - 2 * margin;
  const pageOf = (y: number) => Math.max(0, Math.floor((y - margin) / usable));
  const pageEnd = (k: number) => margin + (k + 1) * usable;
  const pages: PrintPage[] = [{ width, height, items: [] }];
  const put = (block: Block, top: number) => {
    const k = pageOf(top);
    while (pages.length <= k) pages.push({ width, height, items: [] });
    const drawnTop = top - k * usable;
    for (const item of block.items) pages[k].items.push({ ...item, y: item.y + drawnTop });
  };

  let carried = 0;
  for (const block of placed) {
    let top = block.top + carried;
    const k = pageOf(top);
    if (top + block.height > pageEnd(k) + 0.01 && block.height <= usable - (block.header?.height ?? 0)) {
      const next = margin + (k + 1) * usable;
      let start = next;
      if (block.header) {
        put(block.header, next);
        start += block.header.height;
      }
      carried += start - top;
      top = start;
    }
    put(block, top);
  }
  return pages;
}
