import { useMemo } from 'react';
import { Alert, Button, Card, Checkbox, Empty, Input, InputNumber, Radio, Select, Space, Switch, Table, Typography } from 'antd';
import { ArrowLeftOutlined, ArrowRightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FormDefinition } from '../../../../shared/form/definition.js';
import {
  allowedSearchTypes, listableFields, moveColumn, PAGE_SIZES, renameButton, ROW_BUTTONS, setSearchType, toggleButton, toggleColumn, toggleSearch, TOOLBAR_BUTTONS, updateColumn, validateColumnData,
  type ColumnData, type DesignColumn, type DesignSearch, type ListType, type SearchType,
} from './columnData.js';

/**
 * The list designer: which of the form's fields are columns and search conditions, how each column shows, which
 * buttons the page has, the default sort, paging and the list type. A controlled component over columnData
 * (JNPF's shape); every edit goes through the pure functions of columnData.ts.
 */
export function ListDesigner({ form, value, onChange }: { form: FormDefinition | undefined; value: ColumnData; onChange: (next: ColumnData) => void }) {
  const { t } = useTranslation();
  const fields = useMemo(() => listableFields(form), [form]);
  const problems = useMemo(() => validateColumnData(value, fields), [value, fields]);
  const fieldOptions = fields.map((f) => ({ value: f.prop, label: `${f.label} (${f.prop})` }));
  const searchTypeLabel: Record<SearchType, string> = { 1: t('visualdev.list.searchEquals'), 2: t('visualdev.list.searchContains'), 3: t('visualdev.list.searchRange') };

  const columns = [
    { title: t('visualdev.list.label'), key: 'label', render: (_: unknown, c: DesignColumn) => <Input size="small" value={c.label} onChange={(e) => onChange(updateColumn(value, c.prop, { label: e.target.value }))} data-testid={`column-label-${c.prop}`} /> },
    { title: t('visualdev.list.width'), key: 'width', width: 100, render: (_: unknown, c: DesignColumn) => <InputNumber size="small" min={40} max={2000} value={c.width} onChange={(width) => onChange(updateColumn(value, c.prop, { width: typeof width === 'number' ? width : null }))} data-testid={`column-width-${c.prop}`} /> },
    {
      title: t('visualdev.list.align'), key: 'align', width: 110,
      render: (_: unknown, c: DesignColumn) => (
        <Select size="small" value={c.align} onChange={(align) => onChange(updateColumn(value, c.prop, { align }))} options={[{ value: 'left', label: t('visualdev.list.alignLeft') }, { value: 'center', label: t('visualdev.list.alignCenter') }, { value: 'right', label: t('visualdev.list.alignRight') }]} />
      ),
    },
    { title: t('visualdev.list.sortable'), key: 'sortable', width: 80, render: (_: unknown, c: DesignColumn) => <Switch size="small" checked={c.sortable} onChange={(sortable) => onChange(updateColumn(value, c.prop, { sortable }))} data-testid={`column-sortable-${c.prop}`} /> },
    {
      title: t('visualdev.list.fixed'), key: 'fixed', width: 110,
      render: (_: unknown, c: DesignColumn) => (
        <Select size="small" value={c.fixed} onChange={(fixed) => onChange(updateColumn(value, c.prop, { fixed }))} options={[{ value: 'none', label: t('visualdev.list.fixedNone') }, { value: 'left', label: t('visualdev.list.fixedLeft') }, { value: 'right', label: t('visualdev.list.fixedRight') }]} />
      ),
    },
    {
      title: t('visualdev.list.move'), key: 'move', width: 90,
      render: (_: unknown, c: DesignColumn) => (
        <Space size={0}>
          <Button type="text" size="small" icon={<ArrowLeftOutlined />} aria-label={t('visualdev.list.moveLeft')} onClick={() => onChange(moveColumn(value, c.prop, -1))} />
          <Button type="text" size="small" icon={<ArrowRightOutlined />} aria-label={t('visualdev.list.moveRight')} onClick={() => onChange(moveColumn(value, c.prop, 1))} />
        </Space>
      ),
    },
  ];

  const searches = [
    { title: t('visualdev.list.label'), dataIndex: 'label', key: 'label' },
    { title: t('visualdev.list.prop'), dataIndex: 'prop', key: 'prop', render: (prop: string) => <Typography.Text code>{prop}</Typography.Text> },
    {
      title: t('visualdev.list.searchType'), key: 'searchType', width: 140,
      render: (_: unknown, s: DesignSearch) => (
        <Select size="small" value={s.searchType} onChange={(type) => onChange(setSearchType(value, s.prop, type))} options={allowedSearchTypes(String(s.jnpfKey ?? 'comInput')).map((type) => ({ value: type, label: searchTypeLabel[type] }))} data-testid={`search-type-${s.prop}`} />
      ),
    },
  ];

  return (
    <div className="lc-list-designer" data-testid="list-designer">
      <Card size="small" title={t('visualdev.list.fields')} className="lc-list-designer-fields">
        <Typography.Paragraph type="secondary">{t('visualdev.list.fieldsHint')}</Typography.Paragraph>
        {fields.length === 0 ? (
          <Empty description={t('visualdev.list.noFields')} />
        ) : (
          <table className="lc-list-designer-field-table">
            <thead>
              <tr><th /><th>{t('visualdev.list.asColumn')}</th><th>{t('visualdev.list.asSearch')}</th></tr>
            </thead>
            <tbody>
              {fields.map((field) => (
                <tr key={field.prop} data-field={field.prop}>
                  <td title={field.prop}>{field.label}</td>
                  <td><Checkbox checked={value.columnList.some((c) => c.prop === field.prop)} onChange={(e) => onChange(toggleColumn(value, field, e.target.checked))} data-testid={`as-column-${field.prop}`} /></td>
                  <td><Checkbox checked={value.searchList.some((s) => s.prop === field.prop)} onChange={(e) => onChange(toggleSearch(value, field, e.target.checked))} data-testid={`as-search-${field.prop}`} /></td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
      <div className="lc-list-designer-main">
        {problems.length > 0 && (
          <Alert type="warning" showIcon data-testid="list-problems" message={t('visualdev.editor.listProblems')} description={<ul>{problems.map((p) => <li key={`${p.code}-${p.prop ?? ''}`}>{t(`visualdev.list.problem.${p.code}`, { prop: p.prop })}</li>)}</ul>} />
        )}
        <Card size="small" title={t('visualdev.list.columns')}>
          <Table<DesignColumn> size="small" rowKey="prop" pagination={false} dataSource={value.columnList} columns={columns} scroll={{ x: 'max-content' }} locale={{ emptyText: t('visualdev.list.empty') }} data-testid="design-columns" />
        </Card>
        <Card size="small" title={t('visualdev.list.searches')}>
          <Table<DesignSearch> size="small" rowKey="prop" pagination={false} dataSource={value.searchList} columns={searches} data-testid="design-searches" />
        </Card>
        <Card size="small" title={t('visualdev.list.buttons')}>
          <ButtonChoices title={t('visualdev.list.toolbarButtons')} catalogue={TOOLBAR_BUTTONS} chosen={value.btnsList} value={value} onChange={onChange} />
          <ButtonChoices title={t('visualdev.list.rowButtons')} catalogue={ROW_BUTTONS} chosen={value.columnBtnsList} value={value} onChange={onChange} />
        </Card>
        <Card size="small" title={t('visualdev.list.settings')}>
          <div className="lc-list-designer-settings">
            <label>{t('visualdev.list.listType')}</label>
            <Radio.Group
              value={value.type}
              onChange={(e) => onChange({ ...value, type: e.target.value as ListType })}
              options={[{ value: 1, label: t('visualdev.list.typeNormal') }, { value: 5, label: t('visualdev.list.typeTree') }, { value: 3, label: t('visualdev.list.typeGroup') }, { value: 4, label: t('visualdev.list.typeEditable') }]}
              data-testid="list-type"
            />
            {value.type === 5 && (
              <>
                <label>{t('visualdev.list.parentField')}</label>
                <Select value={value.parentField || undefined} onChange={(parentField) => onChange({ ...value, parentField })} options={fieldOptions} data-testid="parent-field" />
              </>
            )}
            {value.type === 3 && (
              <>
                <label>{t('visualdev.list.groupField')}</label>
                <Select value={value.groupField || undefined} onChange={(groupField) => onChange({ ...value, groupField })} options={fieldOptions} data-testid="group-field" />
              </>
            )}
            <label>{t('visualdev.list.defaultSort')}</label>
            <Space wrap>
              <Select
                style={{ minWidth: 180 }}
                value={value.defaultSidx}
                onChange={(defaultSidx) => onChange({ ...value, defaultSidx })}
                options={[{ value: '', label: t('visualdev.list.sortNone') }, ...value.columnList.map((c) => ({ value: c.prop, label: c.label }))]}
                data-testid="default-sort"
              />
              <Radio.Group value={value.sort} onChange={(e) => onChange({ ...value, sort: e.target.value as 'asc' | 'desc' })} options={[{ value: 'asc', label: t('visualdev.list.sortAsc') }, { value: 'desc', label: t('visualdev.list.sortDesc') }]} />
            </Space>
            <label>{t('visualdev.list.hasPage')}</label>
            <Space>
              <Switch checked={value.hasPage} onChange={(hasPage) => onChange({ ...value, hasPage })} data-testid="has-page" />
              {value.hasPage && (
                <Select value={value.pageSize} onChange={(pageSize) => onChange({ ...value, pageSize })} options={PAGE_SIZES.map((size) => ({ value: size, label: String(size) }))} aria-label={t('visualdev.list.pageSize')} data-testid="page-size" />
              )}
            </Space>
            <label>{t('visualdev.list.permissions')}</label>
            <Space wrap>
              {(['useBtnPermission', 'useColumnPermission', 'useFormPermission', 'useDataPermission'] as const).map((flag) => (
                <Checkbox key={flag} checked={value[flag]} onChange={(e) => onChange({ ...value, [flag]: e.target.checked })}>{t(`visualdev.list.${flag}`)}</Checkbox>
              ))}
            </Space>
          </div>
        </Card>
      </div>
    </div>
  );
}

function ButtonChoices({ title, catalogue, chosen, value, onChange }: { title: string; catalogue: readonly { value: string; label: string }[]; chosen: { value: string; label: string }[]; value: ColumnData; onChange: (next: ColumnData) => void }) {
  const { t } = useTranslation();
  return (
    <div className="lc-list-designer-buttons">
      <Typography.Text type="secondary">{title}</Typography.Text>
      {catalogue.map((button) => {
        const on = chosen.find((b) => b.value === button.value);
        return (
          <Space key={button.value} className="lc-list-designer-button">
            {/* The button by its name in the designer's language; its code (what the release grants as btn_…) beside it. */}
            <Checkbox checked={Boolean(on)} onChange={(e) => onChange(toggleButton(value, button.value, e.target.checked))} data-testid={`button-${button.value}`}>
              {t(`visualdev.list.button.${button.value}`, { defaultValue: button.label })} <Typography.Text type="secondary" code>{button.value}</Typography.Text>
            </Checkbox>
            <Input size="small" disabled={!on} value={on?.label ?? button.label} onChange={(e) => onChange(renameButton(value, button.value, e.target.value))} aria-label={button.value} style={{ width: 120 }} />
          </Space>
        );
      })}
    </div>
  );
}
