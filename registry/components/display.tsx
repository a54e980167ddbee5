import { memo } from 'react';
import { Alert, Button, Divider, Input, Typography } from 'antd';
import { amountInWords } from '../../src/shared/format/amountInWords.js';
import { withThousands } from '../../src/shared/format/thousands.js';
import type { WidgetProps } from '../types.js';
import { widgetText } from '../widgetText.js';

/** Widgets that show something and store nothing, plus the read-only calculated and system fields. */

export const DividerWidget = memo(function DividerWidget({ text, contentPosition }: WidgetProps) {
  const orientation = contentPosition === 'left' ? 'left' : contentPosition === 'right' ? 'right' : 'center';
  return <Divider orientation={orientation}>{(text as string) || null}</Divider>;
});

export const GroupTitle = memo(function GroupTitle({ content, contentPosition }: WidgetProps) {
  return <div className="jnpf-group-title" style={{ textAlign: (contentPosition as 'left') ?? 'left' }}>{content as string}</div>;
});

export const TextWidget = memo(function TextWidget({ content, textStyle, fontSize, lineHeight }: WidgetProps) {
  const style = { ...(textStyle as object), fontSize: fontSize ? `${fontSize}px` : undefined, lineHeight: lineHeight ? `${lineHeight}px` : undefined };
  return <div className="jnpf-text" style={style}>{content as string}</div>;
});

/** Only http(s) and same-site links are followed: a definition cannot plant a javascript: URL. */
export function safeHref(href: unknown): string | undefined {
  if (typeof href !== 'string' || !href) return undefined;
  return /^(https?:\/\/|\/(?!\/))/i.test(href) ? href : undefined;
}

export const LinkWidget = memo(function LinkWidget({ content, href, target }: WidgetProps) {
  const url = safeHref(href);
  return url ? (
    <Typography.Link href={url} target={(target as string) || '_blank'} rel="noopener noreferrer">{(content as string) || url}</Typography.Link>
  ) : (
    <Typography.Text>{content as string}</Typography.Text>
  );
});

export const AlertWidget = memo(function AlertWidget({ title, type, description, showIcon, closable }: WidgetProps) {
  const kind = ['success', 'info', 'warning', 'error'].includes(type as string) ? (type as 'info') : 'info';
  return <Alert message={title as string} description={(description as string) || undefined} type={kind} showIcon={Boolean(showIcon)} closable={Boolean(closable)} />;
});

export const ButtonWidget = memo(function ButtonWidget({ buttonText, type, align, disabled }: WidgetProps) {
  const kind = ['primary', 'dashed', 'link', 'text', 'default'].includes(type as string) ? (type as 'primary') : 'default';
  return (
    <div style={{ textAlign: (align as 'left') ?? 'left' }}>
      <Button type={kind} disabled={Boolean(disabled)}>{(buttonText as string) || widgetText('button')}</Button>
    </div>
  );
});

/**
 * The read-only result of a formula; the runtime computes it. An output element drawn as a read-only input: it is
 * what HTML has for a calculated result, and it is not a form control, so Chromium's autofill does not re-read it
 * on every keystroke in the form (about 6 ms a key on a form with fifty of them, issue 15).
 */
export const CalculateWidget = memo(function CalculateWidget({ value, thousands, amountChinese, fieldKey }: WidgetProps<number>) {
  const number = typeof value === 'number' ? value : 0;
  return (
    <div className="jnpf-calculate">
      <output className="jnpf-calculate-value" name={fieldKey}>{thousands ? withThousands(number) : String(number)}</output>
      {Boolean(amountChinese) && <div className="jnpf-amount-words">{amountInWords(number)}</div>}
    </div>
  );
});

/** System fields (creator, times, organisation, bill number) are filled by the server; until saved they say so. */
export const SystemField = memo(function SystemField({ value, placeholder }: WidgetProps) {
  const shown = value === null || value === undefined || value === '' ? '' : String(value);
  return <Input readOnly value={shown} placeholder={(placeholder as string) || widgetText('systemGenerated')} />;
});
