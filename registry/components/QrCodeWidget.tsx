import { memo } from 'react';
import { QRCodeSVG } from 'qrcode.react';
import type { WidgetProps } from '../types.js';

/** Loaded lazily (widgets/qrcode.ts): qrcode.react stays out of the form runtime's chunk. */
export const QrCodeWidget = memo(function QrCodeWidget({ content, size, colorDark, colorLight }: WidgetProps) {
  const text = content === null || content === undefined ? '' : String(content);
  if (!text) return <span className="jnpf-code-empty" />;
  return <QRCodeSVG value={text} size={(size as number) ?? 40} level="L" fgColor={(colorDark as string) ?? '#000'} bgColor={(colorLight as string) ?? '#fff'} />;
});
