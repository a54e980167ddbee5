import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Language } from '../../../shared/language.js';
import { layoutPrint, type PrintPage } from '../../../shared/print/layout.js';
import type { PrintTemplate } from '../../../shared/print/template.js';
import type { PrintData } from './printData.js';

/**
 * The print as a real PDF (GET /api/system/printDev/Pdf): the pages of layoutPrint drawn with pdfkit, text in Noto
 * Sans Hans (SIL Open Font License, from @embedpdf/fonts-sc) so Chinese prints, subset into the file. Several
 * records (a batch) follow each other, each from a new page.
 */
const FONT = 'NotoSansHans';
const FONT_BOLD = 'NotoSansHans-Bold';
let fonts: { regular: Buffer; bold: Buffer } | undefined;

/** Read once per process: the files are constant and 8 MB each. */
function fontFiles() {
  if (!fonts) {
    const dir = createRequire(import.meta.url).resolve('@embedpdf/fonts-sc').replace(/dist[\\/]index\.cjs$/, 'fonts/');
    fonts = { regular: readFileSync(`${dir}NotoSansHans-Regular.otf`), bold: readFileSync(`${dir}NotoSansHans-Bold.otf`) };
  }
  return fonts;
}

function drawPage(doc: PDFKit.PDFDocument, page: PrintPage) {
  for (const item of page.items) {
    if (item.kind === 'rect') {
      if (item.fill) doc.rect(item.x, item.y, item.width, item.height).fill('#000000');
      else doc.lineWidth(0.5).rect(item.x, item.y, item.width, item.height).stroke('#000000');
      continue;
    }
    if (!item.text) continue;
    doc
      .font(item.bold ? FONT_BOLD : FONT)
      .fontSize(item.fontSize)
      .fillColor('#000000')
      // The layout measured the line; the box is only for alignment, so pdfkit must not wrap it again.
      .text(item.text, item.x, item.y + (item.height - item.fontSize) / 2 - item.fontSize * 0.1, { width: item.width, align: item.align, lineBreak: false });
  }
}

export async function renderPdf(prints: PrintData[], title: string, language: Language): Promise<Buffer> {
  const { regular, bold } = fontFiles();
  // pdfkit is loaded by the first PDF, not at the server's start (0.1 s of a core that most processes never need).
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ autoFirstPage: false, margin: 0, info: { Title: title, Creator: 'LabCode' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.registerFont(FONT, regular);
  doc.registerFont(FONT_BOLD, bold);
  for (const print of prints) {
    const template = JSON.parse(print.printTemplate) as PrintTemplate;
    for (const page of layoutPrint(template, print.printData, print.operatorRecordList, { language })) {
      doc.addPage({ size: [page.width, page.height], margin: 0 });
      drawPage(doc, page);
    }
  }
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
