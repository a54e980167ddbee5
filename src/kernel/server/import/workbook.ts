import type ExcelJS from 'exceljs';
import { AppError } from '../appError.js';
import { IMPORT_MAX_ROWS, type ImportColumn, type ImportRow } from './importSpec.js';
import { importedCellText, spreadsheetCell } from './spreadsheetCell.js';
import { summarizeZip } from './zipGuard.js';

/**
 * Reading and writing the import's workbooks with exceljs. Only .xlsx (Office Open XML, a zip) can be read: the
 * binary .xls of Excel 97-2003 is refused with a message saying to save it as .xlsx, unless a file named .xls is
 * really an .xlsx inside, which Excel and WPS open alike and so do we.
 */
const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];
const OLE_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
/** What an import workbook may unpack to: 1,000 rows of text are far below it; a zip bomb is far above. */
const MAX_UNPACKED_BYTES = 30 * 1024 * 1024;
const MAX_ZIP_ENTRIES = 200;

/**
 * exceljs, loaded on the first import or export rather than at the server's start: it is the largest package the
 * server uses (about 0.3 s of a core to load), and most processes never read a workbook.
 */
let exceljs: Promise<typeof ExcelJS> | undefined;
const loadExcelJS = () =>
  (exceljs ??= import('exceljs').then(
    (module) => module.default,
    (error: unknown) => {
      // A failed load is tried again by the next call rather than remembered.
      exceljs = undefined;
      throw error;
    },
  ));

const startsWith = (content: Uint8Array, signature: number[]) => signature.every((byte, index) => content[index] === byte);

/** The extension check and the signature check of an upload; throws the message the user should read. */
export function assertSpreadsheet(fileName: string, content: Uint8Array): void {
  const extension = /\.([^.]+)$/.exec(fileName)?.[1]?.toLowerCase();
  if (extension !== 'xlsx' && extension !== 'xls') throw AppError.badRequest('import.wrongType');
  if (startsWith(content, OLE_SIGNATURE)) throw AppError.badRequest(extension === 'xls' ? 'import.oldXls' : 'import.unreadable');
  if (!startsWith(content, ZIP_SIGNATURE)) throw AppError.badRequest('import.wrongType');
  const zip = summarizeZip(content);
  if (!zip || zip.entries > MAX_ZIP_ENTRIES || zip.uncompressedBytes > MAX_UNPACKED_BYTES) throw AppError.badRequest('import.unreadable');
}

async function loadWorkbook(content: Uint8Array): Promise<ExcelJS.Workbook> {
  const workbook = new (await loadExcelJS()).Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(content) as unknown as ArrayBuffer);
  } catch {
    throw AppError.badRequest('import.unreadable');
  }
  if (!workbook.worksheets[0]) throw AppError.badRequest('import.unreadable');
  return workbook;
}

/** A cell as the text a person typed: dates as YYYY-MM-DD (with the time when there is one), formulas as results. */
export function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19).replace('T', ' ');
  }
  if (value && typeof value === 'object' && 'result' in value && value.result instanceof Date) return value.result.toISOString().slice(0, 10);
  // Our own exports quote formula-like text (spreadsheetCell.ts): read back, it is the text that was exported.
  return importedCellText((cell.text ?? '').trim());
}

const headerKey = (text: string) => text.replace(/^\*|\*$/g, '').trim();

/**
 * The first sheet's rows as the columns' fields. Headers are matched by label (or field), in any order; columns the
 * module does not know are ignored, missing required ones refused. Empty rows are skipped; more than 1,000 refused.
 */
export async function readRows(content: Uint8Array, columns: readonly ImportColumn[]): Promise<ImportRow[]> {
  const sheet = (await loadWorkbook(content)).worksheets[0];
  const fieldAt = new Map<number, string>();
  sheet.getRow(1).eachCell((cell, index) => {
    const key = headerKey(cellText(cell));
    const column = columns.find((c) => c.label === key || c.field === key);
    if (column) fieldAt.set(index, column.field);
  });
  const found = new Set(fieldAt.values());
  const missing = columns.filter((c) => c.required && !found.has(c.field)).map((c) => c.label);
  if (missing.length) throw AppError.badRequest('import.missingColumns', { columns: missing.join('、') });
  const rows: ImportRow[] = [];
  let count = 0;
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    let filled = false;
    row.eachCell((cell) => {
      filled ||= cellText(cell) !== '';
    });
    if (!filled) return;
    const record: ImportRow = Object.fromEntries(columns.map((c) => [c.field, '']));
    for (const [index, field] of fieldAt) record[field] = cellText(row.getCell(index));
    count += 1;
    if (rows.length < IMPORT_MAX_ROWS) rows.push(record);
  });
  if (count > IMPORT_MAX_ROWS) throw AppError.badRequest('import.tooManyRows', { limit: IMPORT_MAX_ROWS, count });
  return rows;
}

/**
 * A workbook of one sheet: the header row (required columns in red), then the rows. Every cell, headers included
 * (a design's labels are anyone's text), goes through spreadsheetCell, so no export carries a live formula.
 */
export async function writeRows(columns: readonly { field: string; label: string; required?: boolean }[], rows: readonly Record<string, unknown>[]): Promise<Buffer> {
  const { Workbook, ValueType } = await loadExcelJS();
  const workbook = new Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  sheet.columns = columns.map((c) => ({ header: String(spreadsheetCell(c.label)), key: c.field, width: Math.max(12, [...c.label].length * 2 + 4) }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  columns.forEach((c, index) => {
    if (c.required) header.getCell(index + 1).font = { bold: true, color: { argb: 'FFFF0000' } };
  });
  for (const row of rows) sheet.addRow(Object.fromEntries(columns.map((c) => [c.field, spreadsheetCell(row[c.field])])));
  // Text stays text when edited: an account "0012" or a mobile number must not turn into a number. Numbers stay numbers.
  sheet.eachRow((row) =>
    row.eachCell((cell) => {
      if (cell.type === ValueType.String) cell.numFmt = '@';
    }),
  );
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
