import { inflateRawSync } from 'node:zlib';
import type ExcelJS from 'exceljs';
import JSZip from 'jszip';

/**
 * Word, Excel and PowerPoint files shown in the document preview (spec 001 §2) without leaving the installation:
 * converted here, in the server process, by kept JavaScript libraries — mammoth (docx → HTML, images inline),
 * exceljs (xlsx → each sheet's cell texts) and JSZip (pptx → each slide's paragraphs) — into a document the
 * browser draws itself (decision 219). Nothing is installed beside the server (no LibreOffice), nothing is sent
 * anywhere. The old binary formats (doc, xls, ppt) are not read: they download. What is shown is capped so a huge
 * workbook or deck previews its start quickly; the caps are said on the page.
 */
export const OFFICE_EXTENSIONS = new Set(['docx', 'xlsx', 'pptx']);

/** Larger files download instead: converting them would hold the server for seconds. */
export const OFFICE_PREVIEW_MAX_BYTES = 20 * 1024 * 1024;
/** A deck or document whose parts unpack beyond this is refused as a preview (a zip bomb unpacks to gigabytes). */
const UNPACKED_MAX_BYTES = 60 * 1024 * 1024;
/** One slide's XML beyond this is not read (a real slide's text is a few kilobytes). */
const SLIDE_XML_MAX_CHARS = 2 * 1024 * 1024;
export const SHEET_LIMITS = { sheets: 10, rows: 500, columns: 50 } as const;
export const SLIDES_MAX = 200;

export type OfficeDocument =
  | { format: 'docx'; html: string }
  | { format: 'xlsx'; sheets: { name: string; rows: string[][]; truncated: boolean }[]; truncatedSheets: boolean }
  | { format: 'pptx'; slides: { index: number; paragraphs: string[] }[]; truncated: boolean };

export class UnreadableDocument extends Error {}

interface ZipEntryData {
  compression?: { magic?: string };
  compressedContent?: Uint8Array;
}

/**
 * The archive, once every part has been inflated here within one budget. The sizes an archive declares are the
 * writer's to choose, and the readers (JSZip, exceljs, mammoth) only compare them with the truth after inflating:
 * a part that declares 1 kB may unpack to a gigabyte. So each part is inflated first with zlib's output cap, what
 * remains of the budget, and an archive that would go past it is refused before a reader touches it.
 */
async function openZip(content: Buffer): Promise<JSZip> {
  const zip = await JSZip.loadAsync(content).catch(() => {
    throw new UnreadableDocument('not a zip');
  });
  let unpacked = 0;
  zip.forEach((_path, entry) => {
    const data = (entry as unknown as { _data?: ZipEntryData })._data;
    const compressed = data?.compressedContent;
    if (!compressed) return;
    const stored = data.compression?.magic === '\x00\x00';
    let size: number;
    try {
      size = stored ? compressed.length : inflateRawSync(compressed, { maxOutputLength: Math.max(1, UNPACKED_MAX_BYTES - unpacked) }).length;
    } catch {
      // Past the budget (RangeError), or not deflate data at all.
      throw new UnreadableDocument('unpacks too large or is damaged');
    }
    unpacked += size;
    if (unpacked > UNPACKED_MAX_BYTES) throw new UnreadableDocument('unpacks too large');
  });
  return zip;
}

function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('result' in value) {
      const result = value.result;
      if (result === undefined || result === null) return '';
      if (result instanceof Date) return result.toISOString().slice(0, 10);
      return typeof result === 'object' ? String((result as { error?: unknown }).error ?? '') : String(result);
    }
    // A formula with no stored result: nothing to show rather than [object Object].
    if ('formula' in value || 'sharedFormula' in value) return '';
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value) return String(value.text);
    if ('error' in value) return String(value.error);
  }
  return String(value);
}

async function readWorkbook(content: Buffer): Promise<OfficeDocument> {
  await openZip(content);
  // Loaded when a workbook is first previewed, not when the server starts (exceljs alone took 180 ms of every start).
  const workbook = new (await import('exceljs')).default.Workbook();
  await workbook.xlsx.load(content as unknown as ArrayBuffer).catch(() => {
    throw new UnreadableDocument('not a workbook');
  });
  const sheets = workbook.worksheets.slice(0, SHEET_LIMITS.sheets).map((sheet) => {
    const rows: string[][] = [];
    const lastRow = Math.min(sheet.rowCount, SHEET_LIMITS.rows);
    const lastColumn = Math.min(sheet.columnCount, SHEET_LIMITS.columns);
    for (let r = 1; r <= lastRow; r++) {
      const row = sheet.getRow(r);
      rows.push(Array.from({ length: lastColumn }, (_, c) => cellText(row.getCell(c + 1))));
    }
    // Trailing empty rows say nothing.
    while (rows.length && rows[rows.length - 1].every((text) => text === '')) rows.pop();
    return { name: sheet.name, rows, truncated: sheet.rowCount > SHEET_LIMITS.rows || sheet.columnCount > SHEET_LIMITS.columns };
  });
  return { format: 'xlsx', sheets, truncatedSheets: workbook.worksheets.length > SHEET_LIMITS.sheets };
}

const decodeXml = (text: string) =>
  text.replace(/&(lt|gt|amp|quot|apos|#\d+|#x[0-9a-f]+);/gi, (whole, name: string) => {
    const named: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
    if (named[name.toLowerCase()]) return named[name.toLowerCase()];
    const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
    return Number.isFinite(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });

async function readDeck(content: Buffer): Promise<OfficeDocument> {
  const zip = await openZip(content);
  const names = Object.keys(zip.files)
    .map((path) => /^ppt\/slides\/slide(\d+)\.xml$/.exec(path))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ path: match[0], index: Number(match[1]) }))
    .sort((a, b) => a.index - b.index);
  if (names.length === 0) throw new UnreadableDocument('no slides');
  const slides = [];
  for (const { path, index } of names.slice(0, SLIDES_MAX)) {
    const xml = (await zip.file(path)!.async('string')).slice(0, SLIDE_XML_MAX_CHARS);
    // A paragraph (a:p) is a line of a text box; its runs (a:t) are its text. Split at the closing tags rather than
    // matched lazily across the slide, which a slide of unclosed paragraphs would make take quadratic time.
    const paragraphs = xml
      .split('</a:p>')
      .map((part) => [...part.matchAll(/<a:t(?:\s[^>]*)?>([^<]*)<\/a:t>/g)].map((run) => decodeXml(run[1])).join(''))
      .filter((text) => text.trim() !== '');
    slides.push({ index, paragraphs });
  }
  return { format: 'pptx', slides, truncated: names.length > SLIDES_MAX };
}

async function readDocument(content: Buffer): Promise<OfficeDocument> {
  await openZip(content);
  const mammoth = (await import('mammoth')).default;
  const result = await mammoth.convertToHtml({ buffer: content }).catch(() => {
    throw new UnreadableDocument('not a document');
  });
  // The browser sanitizes it again before showing it (registry/components/sanitizeHtml.ts).
  return { format: 'docx', html: result.value };
}

/** The document of a docx, xlsx or pptx file; UnreadableDocument when it is not what its name says. */
export async function officeDocument(extension: string, content: Buffer): Promise<OfficeDocument> {
  if (extension === 'docx') return readDocument(content);
  if (extension === 'xlsx') return readWorkbook(content);
  if (extension === 'pptx') return readDeck(content);
  throw new UnreadableDocument(`no preview for ${extension}`);
}
