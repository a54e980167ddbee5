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
          <Dropdown trigger={['click']} menu={{ items: buttonsForRow(buttons, record).map((button) => ({ key: button.value, label: textOf(button.label, language), danger: button.value === 'remove' })), onClick: ({ key }) => perform(buttons.find((b) => b.value === key)!, record) }}>
            <Button type="text" size="small" icon={<MoreOutlined />} aria-label={t('page.actions')} data-action="more" />
          </Dropdown>
        ),
    };
  }
  return {
    key: '__actions',
    title: t('page.actions'),
    width: Math.max(120, buttons.length * 72),
    fixed: 'right',
    render: (_, record) =>
      controls(record, false) ?? (
        <Space size={0} wrap>
          {buttonsForRow(buttons, record).map((button) => (
            <ActionButton key={button.value} button={button} language={language} type="link" size="small" danger={button.value === 'remove'} onClick={() => perform(button, record)} />
          ))}
        </Space>
      ),
  };
}
