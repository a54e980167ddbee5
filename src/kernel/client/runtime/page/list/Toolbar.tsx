import { useMemo, useRef } from 'react';
import { Button, Space, Tooltip } from 'antd';
import { ColumnHeightOutlined, PlusOutlined, ReloadOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FieldDefinition } from '../../../../../shared/form/definition.js';
import { FormRenderer, type FormRendererHandle } from '../../FormRenderer.js';
import type { ScreenButton } from '../screen.js';
import { ActionButton } from './ActionButton.js';

/**
 * Above a list: the search form (searchList, rendered by the form runtime) with query and reset, the buttons the
 * user may press, and on the right expand-all for tree data, refresh and the column settings.
 */
export function Toolbar({ searchList, buttons, disabled, onButton, onSearch, expandAll, onRefresh, onColumnSettings }: {
  searchList?: FieldDefinition[];
  buttons: ScreenButton[];
  /** The list waits for a tree choice: nothing to add to yet. */
  disabled: boolean;
  onButton: (button: ScreenButton) => void;
  onSearch: (values: Record<string, unknown>) => void;
  /** Present for tree data: whether everything is open now, and the toggle. */
  expandAll?: { open: boolean; toggle: () => void };
  onRefresh: () => void;
  onColumnSettings?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const searchForm = useRef<FormRendererHandle>(null);
  const searchDefinition = useMemo(() => ({ labelWidth: 70, labelPosition: 'right', fields: searchList ?? [] }), [searchList]);
  const runSearch = async () => onSearch((await searchForm.current?.submit()) ?? {});
  const resetSearch = () => {
    searchForm.current?.form.reset();
    onSearch({});
  };

  return (
    <>
      {searchList?.length ? (
        <div className="lc-list-search">
          <div className="lc-list-search-fields">
            <FormRenderer ref={searchForm} definition={searchDefinition} />
          </div>
          <Space>
            <Button type="primary" onClick={() => void runSearch()} data-testid="list-search">{t('page.query')}</Button>
            <Button onClick={resetSearch}>{t('page.reset')}</Button>
          </Space>
        </div>
      ) : null}
      <div className="lc-list-toolbar">
        <Space wrap>
          {buttons.map((button) => (
            <ActionButton key={button.value} button={button} language={i18n.language} type={button.value === 'add' ? 'primary' : 'default'} icon={button.value === 'add' ? <PlusOutlined /> : undefined} onClick={() => onButton(button)} disabled={disabled} />
          ))}
        </Space>
        <Space>
          {expandAll && (
            <Tooltip title={expandAll.open ? t('page.collapseAll') : t('page.expandAll')}>
              <Button type="text" icon={<ColumnHeightOutlined />} aria-label={t('page.expandAll')} onClick={expandAll.toggle} data-testid="toggle-expand" />
            </Tooltip>
          )}
          <Tooltip title={t('page.refresh')}>
            <Button type="text" icon={<ReloadOutlined />} aria-label={t('page.refresh')} onClick={onRefresh} data-testid="list-refresh" />
          </Tooltip>
          {onColumnSettings && (
            <Tooltip title={t('page.columnSettings')}>
              <Button type="text" icon={<SettingOutlined />} aria-label={t('page.columnSettings')} onClick={onColumnSettings} data-testid="column-settings" />
            </Tooltip>
          )}
        </Space>
      </div>
    </>
  );
}
