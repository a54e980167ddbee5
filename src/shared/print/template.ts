/**
 * A print template (base_print_dev.print_template): a page and the boxes placed on it, in PDF points (1/72 inch)
 * from the page's top-left corner. The template editor writes it, the server checks it on save (checkPrintTemplate)
 * and both the browser preview and the server's PDF lay it out through layoutPrint, so what staff see is what prints.
 *
 * JNPF's templates are TinyMCE HTML fed by an SQL query; ours bind a designed form and place its fields instead, so
 * a template can neither run SQL nor carry script (docs/decisions.md 127).
 */
export const PRINT_TEMPLATE_VERSION = 1;

/** A4 portrait in points, with a half-inch margin. */
export const DEFAULT_PAGE = { width: 595, height: 842, margin: 36 } as const;
/** Spec 001 §9: print barcodes default to module width 4 and height 80; QR codes to 265 by 265, correction L. */
export const PRINT_BARCODE_DEFAULT = { moduleWidth: 4, barHeight: 80 } as const;
export const PRINT_QRCODE_DEFAULT = { size: 265 } as const;
export const PRINT_FONT_SIZE = 12;
export const PRINT_MAX_BOXES = 200;
export const PRINT_TEMPLATE_MAX_CHARS = 200_000;

interface BoxFrame {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Fixed text; `{field}` in it is replaced by the record's value of that field (printData by tag). */
export interface TextBox extends BoxFrame {
  type: 'text';
  text: string;
  fontSize?: number;
  bold?: boolean;
  align?: 'left' | 'center' | 'right';
}

/** One form field: its label (optional) and its value. */
export interface FieldBox extends BoxFrame {
  type: 'field';
  field: string;
  label?: string;
  fontSize?: number;
}

export interface TableColumn {
  field: string;
  label: string;
  /** A share of the table's width; columns without one share the rest equally. */
  width?: number;
}

/** A sub-table loop: a header row, then one row per row of the record's sub-table `field`. */
export interface TableBox extends BoxFrame {
  type: 'table';
  field: string;
  columns: TableColumn[];
  fontSize?: number;
}

/** A code of a field's value, or of fixed text (`{field}` substituted) when no field is set. */
export interface BarcodeBox extends BoxFrame {
  type: 'barcode';
  field?: string;
  text?: string;
  moduleWidth?: number;
  barHeight?: number;
}

export interface QrcodeBox extends BoxFrame {
  type: 'qrcode';
  field?: string;
  text?: string;
}

/** The approval table: operatorRecordList (node, approver, time, action, opinion). */
export interface ApprovalsBox extends BoxFrame {
  type: 'approvals';
  fontSize?: number;
}

export type PrintBox = TextBox | FieldBox | TableBox | BarcodeBox | QrcodeBox | ApprovalsBox;
export type PrintBoxType = PrintBox['type'];
export const PRINT_BOX_TYPES: readonly PrintBoxType[] = ['text', 'field', 'table', 'barcode', 'qrcode', 'approvals'];

export interface PrintTemplate {
  version: number;
  page: { width: number; height: number; margin: number };
  boxes: PrintBox[];
}

export const emptyPrintTemplate = (): PrintTemplate => ({ version: PRINT_TEMPLATE_VERSION, page: { ...DEFAULT_PAGE }, boxes: [] });

/** Why a template was refused: a message key of the printDev module and the box it concerns, if any. */
export interface TemplateProblem {
  key: 'printDev.templateInvalid' | 'printDev.templateTooLarge' | 'printDev.boxInvalid';
  box?: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const finite = (v: unknown, min: number, max: number) => typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max;
const text = (v: unknown, max: number) => typeof v === 'string' && v.length <= max;
const optional = (v: unknown, check: (v: unknown) => boolean) => v === undefined || check(v);
const FIELD = /^[A-Za-z_][A-Za-z0-9_]{0,99}$/;
const fieldName = (v: unknown) => typeof v === 'string' && FIELD.test(v);

function boxIsValid(box: Record<string, unknown>, page: PrintTemplate['page']): boolean {
  if (!text(box.id, 50) || !box.id) return false;
  if (!finite(box.x, 0, page.width) || !finite(box.y, 0, page.height) || !finite(box.width, 1, page.width) || !finite(box.height, 1, page.height)) return false;
  const fontSize = (v: unknown) => finite(v, 4, 72);
  switch (box.type) {
    case 'text':
      return text(box.text, 2000) && optional(box.fontSize, fontSize) && optional(box.bold, (v) => typeof v === 'boolean') && optional(box.align, (v) => v === 'left' || v === 'center' || v === 'right');
    case 'field':
      return fieldName(box.field) && optional(box.label, (v) => text(v, 100)) && optional(box.fontSize, fontSize);
    case 'table':
      return (
        fieldName(box.field) &&
        Array.isArray(box.columns) &&
        box.columns.length > 0 &&
        box.columns.length <= 30 &&
        box.columns.every((c) => isObject(c) && fieldName(c.field) && text(c.label, 100) && optional(c.width, (v) => finite(v, 0.01, 100))) &&
        optional(box.fontSize, fontSize)
      );
    case 'barcode':
      return (box.field !== undefined ? fieldName(box.field) : text(box.text, 200)) && optional(box.moduleWidth, (v) => finite(v, 0.5, 10)) && optional(box.barHeight, (v) => finite(v, 10, 400));
    case 'qrcode':
      return box.field !== undefined ? fieldName(box.field) : text(box.text, 500);
    case 'approvals':
      return optional(box.fontSize, fontSize);
    default:
      return false;
  }
}

/**
 * Parses and checks a template's JSON text: the page within sane bounds, at most PRINT_MAX_BOXES boxes of the
 * known types, each inside the page, field names identifiers. Answers the template, or the problem.
 */
export function checkPrintTemplate(json: unknown): { template: PrintTemplate } | { problem: TemplateProblem } {
  if (typeof json !== 'string') return { problem: { key: 'printDev.templateInvalid' } };
  if (json.length > PRINT_TEMPLATE_MAX_CHARS) return { problem: { key: 'printDev.templateTooLarge' } };
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return { problem: { key: 'printDev.templateInvalid' } };
  }
  if (!isObject(parsed) || !isObject(parsed.page) || !Array.isArray(parsed.boxes)) return { problem: { key: 'printDev.templateInvalid' } };
  const page = parsed.page;
  if (!finite(page.width, 100, 2000) || !finite(page.height, 100, 3000) || !finite(page.margin, 0, 200)) return { problem: { key: 'printDev.templateInvalid' } };
  if (2 * (page.margin as number) >= Math.min(page.width as number, page.height as number)) return { problem: { key: 'printDev.templateInvalid' } };
  if (parsed.boxes.length > PRINT_MAX_BOXES) return { problem: { key: 'printDev.templateTooLarge' } };
  const pageSize = { width: page.width as number, height: page.height as number, margin: page.margin as number };
  const ids = new Set<string>();
  for (const box of parsed.boxes) {
    if (!isObject(box) || !boxIsValid(box, pageSize) || ids.has(box.id as string)) return { problem: { key: 'printDev.boxInvalid', box: isObject(box) && typeof box.id === 'string' ? box.id : undefined } };
    ids.add(box.id as string);
  }
  return { template: { version: PRINT_TEMPLATE_VERSION, page: pageSize, boxes: parsed.boxes as unknown as PrintBox[] } };
}
