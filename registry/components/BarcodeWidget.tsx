import { memo, useEffect, useRef } from 'react';
import JsBarcode from 'jsbarcode';
import type { WidgetProps } from '../types.js';

/** Barcodes render only alphanumeric content (spec 001 §5); anything else shows nothing. */
const BARCODE_CONTENT = /^[A-Za-z0-9]+$/;

/** Loaded lazily (widgets/barcode.ts): JsBarcode stays out of the form runtime's chunk. */
export const BarcodeWidget = memo(function BarcodeWidget({ content, format, width, height, lineColor, background }: WidgetProps) {
  const svg = useRef<SVGSVGElement>(null);
  const text = content === null || content === undefined ? '' : String(content);
  const valid = BARCODE_CONTENT.test(text);
  useEffect(() => {
    if (!svg.current || !valid) return;
    try {
      JsBarcode(svg.current, text, { format: (format as string) || 'CODE128', width: (width as number) ?? 4, height: (height as number) ?? 40, lineColor: (lineColor as string) ?? '#000', background: (background as string) ?? '#fff', displayValue: true });
    } catch {
      svg.current.innerHTML = '';
    }
  }, [text, valid, format, width, height, lineColor, background]);
  return valid ? <svg ref={svg} className="jnpf-barcode" /> : <span className="jnpf-code-empty" />;
});
