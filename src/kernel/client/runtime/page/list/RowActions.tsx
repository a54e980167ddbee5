import type { ReactNode } from 'react';
import { Button, Dropdown, Space, type TableColumnType } from 'antd';
import { MoreOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { textOf, type ScreenButton } from '../screen.js';
import { ActionButton } from './ActionButton.js';
import { buttonsForRow, type Row } from './rows.js';

/**
 * The row actions column: link buttons on a desktop, one menu button on a phone (leaving the width to the data).
 * A row being edited in place shows its save and cancel instead (`controls`).
 */
/** Deleting buttons show red: remove, and removals of another kind of row (removeDepartment). */
const isRemoval = (button: ScreenButton) => button.value.startsWith('remove');

/** More row buttons than this on a desktop fold the rest into a menu. */
const INLINE_MAX = 4;

export function rowActionsColumn({ buttons, mobile, t, language, perform, controls }: {
  buttons: ScreenButton[];
  mobile: boolean;
  t: TFunction;
  language: string;
  perform: (button: ScreenButton, record: Row) => void;
  controls: (record: Row, vertical: boolean) => ReactNode | undefined;
}): TableColumnType<Row> | undefined {
  if (!buttons.length) return undefined;
  if (mobile) {
    return {
      key: '__actions',
      title: '',
      width: 48,
      render: (_, record) =>
        controls(record, true) ?? (
          <Dropdown trigger={['click']} menu={{ items: buttonsForRow(buttons, record).map((button) => ({ key: button.value, label: textOf(button.label, language), danger: isRemoval(button) })), onClick: ({ key }) => perform(buttons.find((b) => b.value === key)!, record) }}>
            <Button type="text" size="small" icon={<MoreOutlined />} aria-label={t('page.actions')} data-action="more" />
          </Dropdown>
        ),
    };
  }
  return {
    key: '__actions',
    title: t('page.actions'),
    width: Math.max(120, Math.min(buttons.length, INLINE_MAX) * 72),
    fixed: 'right',
    render: (_, record) => {
      const shown = buttonsForRow(buttons, record);
      // Past INLINE_MAX the first ones stay as links and the rest go under 更多, as JNPF's lists do.
      const inline = shown.length > INLINE_MAX ? shown.slice(0, INLINE_MAX - 1) : shown;
      const folded = shown.slice(inline.length);
      return (
        controls(record, false) ?? (
          <Space size={0} wrap>
            {inline.map((button) => (
              <ActionButton key={button.value} button={button} language={language} type="link" size="small" danger={isRemoval(button)} onClick={() => perform(button, record)} />
            ))}
            {folded.length > 0 && (
              <Dropdown trigger={['click']} menu={{ items: folded.map((button) => ({ key: button.value, label: <span data-action={button.value}>{textOf(button.label, language)}</span>, danger: isRemoval(button) })), onClick: ({ key }) => perform(folded.find((b) => b.value === key)!, record) }}>
                <Button type="link" size="small" data-action="more">{t('page.more')}</Button>
              </Dropdown>
            )}
          </Space>
        )
      );
    },
  };
}
