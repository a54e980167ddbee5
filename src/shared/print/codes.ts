import JsBarcode from 'jsbarcode';
import QRCode from 'qrcode';

/**
 * Barcodes and QR codes as plain geometry (filled rectangles), so the browser preview (SVG) and the server's PDF
 * draw exactly the same marks. jsbarcode's object target and qrcode's create() compute the encodings without a
 * DOM or a canvas.
 */

/** Spec 001 §5: a barcode renders only alphanumeric content. */
export const BARCODE_CONTENT = /^[A-Za-z0-9]+$/;

/** The bar pattern of code128 for a value ("1" a dark module, "0" a light one), or null when it cannot be encoded. */
export function barcodeModules(value: string): string | null {
  if (!BARCODE_CONTENT.test(value) || value.length > 80) return null;
  const target: { encodings?: { data: string }[] } = {};
  try {
    JsBarcode(target, value, { format: 'CODE128' });
  } catch {
    return null;
  }
  const modules = (target.encodings ?? []).map((e) => e.data).join('');
  return modules || null;
}

/** Runs of dark modules as [start, length] in module units: one rectangle per bar, not per module. */
export function darkRuns(modules: string): [number, number][] {
  const runs: [number, number][] = [];
  let start = -1;
  for (let i = 0; i <= modules.length; i += 1) {
    const dark = modules[i] === '1';
    if (dark && start < 0) start = i;
    if (!dark && start >= 0) {
      runs.push([start, i - start]);
      start = -1;
    }
  }
  return runs;
}

/** The QR matrix (error correction L, spec 001 §9) as rows of booleans, or null for empty or over-long text. */
export function qrMatrix(value: string): boolean[][] | null {
  if (!value || value.length > 500) return null;
  const { modules } = QRCode.create(value, { errorCorrectionLevel: 'L' });
  const rows: boolean[][] = [];
  for (let r = 0; r < modules.size; r += 1) {
    const row: boolean[] = [];
    for (let c = 0; c < modules.size; c += 1) row.push(Boolean(modules.get(r, c)));
    rows.push(row);
  }
  return rows;
}
