/**
 * What the import dialog checks before anything is sent (spec 001 §4, §7): an .xls or .xlsx file under 500 KB,
 * and at most 1,000 rows to import. Pure, so the rules are tested without a browser.
 */
export const IMPORT_MAX_BYTES = 500 * 1024;
export const IMPORT_MAX_ROWS = 1000;
export const IMPORT_EXTENSIONS = ['.xls', '.xlsx'] as const;

/** The translation key of the reason a file is refused, or null for a file that may be uploaded. */
export function importFileProblem(file: { name: string; size: number }): 'importDialog.wrongType' | 'importDialog.tooLarge' | 'importDialog.emptyFile' | null {
  const name = file.name.toLowerCase();
  if (!IMPORT_EXTENSIONS.some((extension) => name.endsWith(extension))) return 'importDialog.wrongType';
  if (file.size >= IMPORT_MAX_BYTES) return 'importDialog.tooLarge';
  if (file.size === 0) return 'importDialog.emptyFile';
  return null;
}

/** A preview column: JNPF's headerRow entry; a parent header groups its children (a sub-table's fields). */
export interface ImportHeader {
  id: string;
  fullName: string;
  children?: ImportHeader[];
}

export type ImportRow = Record<string, unknown>;

export interface ImportResult {
  snum: number;
  fnum: number;
  /** 0 everything imported, 1 some rows failed. */
  resultType: number;
  failResult: (ImportRow & { errorsInfo?: string })[];
}

/** The leaf columns of a header, in order: what a preview row holds one value for. */
export function leafHeaders(headers: readonly ImportHeader[]): ImportHeader[] {
  return headers.flatMap((header) => (header.children?.length ? leafHeaders(header.children) : [header]));
}

/** A row counts as empty when every value is blank: such rows are not sent. */
export function isBlankRow(row: ImportRow): boolean {
  return Object.entries(row).every(([key, value]) => key.startsWith('__') || value === null || value === undefined || String(value).trim() === '');
}
