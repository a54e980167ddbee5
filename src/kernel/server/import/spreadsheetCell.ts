/**
 * A value as the cell of a spreadsheet the server writes for download, safe from formula injection (OWASP "CSV
 * injection"): text starting with =, +, -, @, tab or CR (and LF, below) is what Excel, WPS and LibreOffice take for a formula once
 * someone edits the cell or the sheet goes through CSV, and a formula can open links, read other cells into a URL
 * or, through DDE, start programs. Such text gets a leading ' (the quote the spreadsheets themselves use for
 * "this is text"). Every .xlsx the server writes goes through this (workbook.ts writeRows); a CSV writer, if one is
 * ever added, must too.
 *
 * Two kinds of values stay as they are, on purpose:
 * - numbers (a JavaScript number) are written as number cells: -12.5 is an amount to add up, and a number cell is
 *   never a formula;
 * - text that is a plain number ("-12.5", "+86", "1e5"): as a formula it would only evaluate to that number, which
 *   runs nothing and reads nothing, while a quote would spoil every negative amount a list shows as text.
 */
// LF besides OWASP's tab and CR: an .xlsx gives a CR back as LF (XML normalises line ends), and a line break before
// a formula is the same trick; quoting it too keeps the round trip through importedCellText whole.
const FORMULA_STARTS = new Set(['=', '+', '-', '@', '\t', '\r', '\n']);
const PLAIN_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** Whether text, once the quotes before it are set aside, would be read as a formula. */
function formulaLike(text: string): boolean {
  const bare = text.replace(/^'+/, '');
  return FORMULA_STARTS.has(bare[0] ?? '') && !PLAIN_NUMBER.test(bare);
}

/**
 * What a cell holds for a value: numbers as numbers; dates as "YYYY-MM-DD HH:mm:ss"; null, undefined and objects
 * as empty text; other text with a quote before it when it is formula-like. Text that already starts with quotes
 * before a formula gets one more, so that importedCellText gives back exactly what was written.
 */
export function spreadsheetCell(value: unknown): string | number {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (value === null || value === undefined || (typeof value === 'object' && !(value instanceof Date))) return '';
  const text = value instanceof Date ? value.toISOString().slice(0, 19).replace('T', ' ') : String(value);
  return formulaLike(text) ? `'${text}` : text;
}

/**
 * A cell's text as the import reads it: the quote spreadsheetCell put before formula-like text is taken off
 * again, so importing our own export (or an error report, fixed and uploaded again) stores what was exported. A
 * quote before anything else is kept: spreadsheetCell never adds one there, so someone typed it. The text read in
 * is never written back to a spreadsheet unquoted: every export quotes it again.
 */
export function importedCellText(text: string): string {
  return text.startsWith("'") && formulaLike(text) ? text.slice(1) : text;
}
