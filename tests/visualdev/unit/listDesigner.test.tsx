import fs from 'node:fs';
import path from 'node:path';
import { cleanup, fireEvent, render, screen as view, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import '../../../registry/index.js';
import { i18n } from '../../../src/kernel/client/i18n/index.js';
import type { FormDefinition } from '../../../src/shared/form/definition.js';
import {
  allowedSearchTypes, defaultColumnData, defaultSearchType, listableFields, moveColumn, readColumnData, renameButton, setSearchType, toggleButton, toggleColumn, toggleSearch, updateColumn, validateColumnData,
  type ColumnData,
} from '../../../src/modules/visualdev/client/listDesigner/columnData.js';
import '../../../src/modules/visualdev/client/index.js';
import { ListDesigner } from '../../../src/modules/visualdev/client/listDesigner/ListDesigner.js';

/**
 * The list designer: its columnData model (pure functions over JNPF's shape, replayed over every shared list
 * fixture) and the panel that edits it.
 */
const fixtures = path.resolve(__dirname, '../../../fixtures/jnpf');
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(fixtures, file), 'utf8')) as unknown;
const listFixtures = fs.readdirSync(fixtures).filter((file) => file.endsWith('.list.json'));

const purchaseForm: FormDefinition = {
  fields: [
    { __config__: { jnpfKey: 'comInput', label: '单号' }, __vModel__: 'orderNo' },
    { __config__: { jnpfKey: 'row', children: [
      { __config__: { jnpfKey: 'date', label: '日期' }, __vModel__: 'orderDate' },
      { __config__: { jnpfKey: 'select', label: '类别', dataType: 'dictionary', dictionaryType: 'businessType' }, __vModel__: 'kind' },
    ] } },
    { __config__: { jnpfKey: 'userSelect', label: '申请人' }, __vModel__: 'applicant' },
    { __config__: { jnpfKey: 'calculate', label: '合计' }, __vModel__: 'total' },
    { __config__: { jnpfKey: 'table', label: '明细', tableName: 'purchase_item', children: [{ __config__: { jnpfKey: 'numInput', label: '数量' }, __vModel__: 'qty' }] }, __vModel__: 'items' },
    { __config__: { jnpfKey: 'JNPFText', label: '说明' }, __vModel__: 'hint' },
    { __config__: { jnpfKey: 'comInput', label: '上级' }, __vModel__: 'parentId' },
  ],
};
const fields = listableFields(purchaseForm);
const field = (prop: string) => fields.find((f) => f.prop === prop)!;

beforeAll(async () => {
  await i18n.changeLanguage('zh');
});
afterEach(cleanup);

describe('columnData model', () => {
  it('lists the value fields of the main table, through layout, without sub-tables or text blocks', () => {
    expect(fields.map((f) => f.prop)).toEqual(['orderNo', 'orderDate', 'kind', 'applicant', 'total', 'parentId']);
    expect(field('orderDate').jnpfKey).toBe('date');
  });

  it('gives each widget a sensible search type and refuses the ones that make no sense', () => {
    expect(defaultSearchType('comInput')).toBe(2);
    expect(defaultSearchType('date')).toBe(3);
    expect(defaultSearchType('numInput')).toBe(3);
    expect(defaultSearchType('select')).toBe(1);
    expect(allowedSearchTypes('userSelect')).toEqual([1]);
    let data = toggleSearch(defaultColumnData(), field('applicant'), true);
    data = setSearchType(data, 'applicant', 3);
    data = toggleColumn(data, field('applicant'), true);
    expect(validateColumnData(data, fields)).toEqual([{ code: 'rangeNotAllowed', prop: 'applicant' }]);
    data = setSearchType(data, 'applicant', 2);
    expect(validateColumnData(data, fields)).toEqual([{ code: 'containsNotAllowed', prop: 'applicant' }]);
  });

  it('adds, edits, orders and removes columns, keeping sortList and the default sort consistent', () => {
    let data = defaultColumnData();
    expect(validateColumnData(data, fields)).toEqual([{ code: 'noColumns' }]);
    for (const prop of ['orderNo', 'orderDate', 'total']) data = toggleColumn(data, field(prop), true);
    expect(toggleColumn(data, field('orderNo'), true)).toBe(data);
    data = updateColumn(data, 'orderDate', { sortable: true, width: 160, align: 'center', fixed: 'left', label: '下单日期' });
    expect(data.columnList[1]).toMatchObject({ prop: 'orderDate', label: '下单日期', width: 160, align: 'center', sortable: true, fixed: 'left', jnpfKey: 'date', __vModel__: 'orderDate' });
    expect(data.sortList).toEqual([{ label: '下单日期', prop: 'orderDate' }]);
    data = { ...data, defaultSidx: 'orderDate', sort: 'asc' };
    data = moveColumn(data, 'total', -2);
    expect(data.columnList.map((c) => c.prop)).toEqual(['total', 'orderNo', 'orderDate']);
    expect(moveColumn(data, 'total', -1)).toBe(data);
    expect(validateColumnData(data, fields)).toEqual([]);
    data = toggleColumn(data, field('orderDate'), false);
    expect(data.defaultSidx).toBe('');
    expect(data.sortList).toEqual([]);
    expect(validateColumnData(updateColumn(data, 'total', { width: 10 }), fields)).toEqual([{ code: 'badWidth', prop: 'total' }]);
  });

  it('keeps buttons in catalogue order whatever order they are switched on in, and renames without changing the code', () => {
    let data = defaultColumnData();
    expect(data.btnsList.map((b) => b.value)).toEqual(['add']);
    data = toggleButton(data, 'batchRemove', true);
    data = toggleButton(data, 'upload', true);
    data = toggleButton(data, 'download', true);
    expect(data.btnsList.map((b) => b.value)).toEqual(['add', 'download', 'upload', 'batchRemove']);
    data = toggleButton(data, 'detail', true);
    expect(data.columnBtnsList.map((b) => b.value)).toEqual(['edit', 'remove', 'detail']);
    data = renameButton(data, 'download', '导出Excel');
    data = toggleButton(data, 'add', false);
    expect(data.btnsList).toEqual([{ value: 'download', label: '导出Excel', icon: 'el-icon-download' }, { value: 'upload', label: '导入', icon: 'el-icon-upload2' }, { value: 'batchRemove', label: '批量删除', icon: 'el-icon-delete' }]);
  });

  it('requires the parent field of a tree list and the group field of a grouped list, and a page size it can use', () => {
    const data = toggleColumn(defaultColumnData(), field('orderNo'), true);
    expect(validateColumnData({ ...data, type: 5 }, fields)).toEqual([{ code: 'treeNeedsParent' }]);
    expect(validateColumnData({ ...data, type: 5, parentField: 'parentId' }, fields)).toEqual([]);
    expect(validateColumnData({ ...data, type: 3 }, fields)).toEqual([{ code: 'groupNeedsField' }]);
    expect(validateColumnData({ ...data, type: 3, groupField: 'kind' }, fields)).toEqual([]);
    expect(validateColumnData({ ...data, pageSize: 0 }, fields)).toEqual([{ code: 'badPageSize' }]);
    expect(validateColumnData({ ...data, hasPage: false, pageSize: 0 }, fields)).toEqual([]);
    expect(validateColumnData({ ...data, defaultSidx: 'kind' }, fields)).toEqual([{ code: 'sortNotColumn', prop: 'kind' }]);
  });

  it.each(listFixtures)('reads the JNPF list fixture %s into a complete columnData and survives a JSON round trip', (file) => {
    const raw = read(file) as { columnList: { prop: string }[]; searchList?: unknown[]; pageSize?: number };
    const data = readColumnData(JSON.stringify(raw));
    expect(data.columnList.map((c) => c.prop)).toEqual(raw.columnList.map((c) => c.prop));
    expect(data.searchList).toHaveLength(raw.searchList?.length ?? 0);
    for (const search of data.searchList) expect([1, 2, 3]).toContain(search.searchType);
    for (const column of data.columnList) expect(['left', 'center', 'right']).toContain(column.align);
    expect(data.pageSize).toBe(raw.pageSize ?? 20);
    expect(readColumnData(JSON.parse(JSON.stringify(data)))).toEqual(data);
    const form = file.replace('.list.json', '.form.json');
    if (fs.existsSync(path.join(fixtures, form))) {
      // Every shared design's list is one our designer accepts against its own form.
      expect(validateColumnData(data, listableFields(read(form) as FormDefinition))).toEqual([]);
    }
  });

  it('reads nothing, or garbage, as the default list', () => {
    expect(readColumnData('')).toEqual(defaultColumnData());
    expect(readColumnData(null)).toEqual(defaultColumnData());
    expect(readColumnData({ type: 9, pageSize: -3, sort: 'sideways' })).toMatchObject({ type: 1, pageSize: 20, sort: 'desc' });
  });
});

describe('ListDesigner panel', () => {
  const Harness = ({ start, spy }: { start: ColumnData; spy: (next: ColumnData) => void }) => <ListDesigner form={purchaseForm} value={start} onChange={spy} />;

  it('ticks a field into a column and a search condition', () => {
    const spy = vi.fn();
    render(<Harness start={defaultColumnData()} spy={spy} />);
    fireEvent.click(view.getByTestId('as-column-orderNo'));
    expect(spy.mock.lastCall![0].columnList.map((c: { prop: string }) => c.prop)).toEqual(['orderNo']);
    fireEvent.click(view.getByTestId('as-search-orderDate'));
    expect(spy.mock.lastCall![0].searchList[0]).toMatchObject({ prop: 'orderDate', searchType: 3, __vModel__: 'orderDate' });
    // An empty list says what to do, and the problem shows.
    expect(view.getByTestId('list-problems').textContent).toContain('列表至少要有一列');
  });

  it('edits a column and offers the parent field only for a tree list', () => {
    const spy = vi.fn();
    const start = toggleColumn(defaultColumnData(), field('orderNo'), true);
    const { rerender } = render(<Harness start={start} spy={spy} />);
    fireEvent.change(within(view.getByTestId('column-label-orderNo')).queryByRole('textbox') ?? view.getByTestId('column-label-orderNo'), { target: { value: '采购单号' } });
    expect(spy.mock.lastCall![0].columnList[0].label).toBe('采购单号');
    fireEvent.click(view.getByTestId('column-sortable-orderNo'));
    expect(spy.mock.lastCall![0].sortList).toEqual([{ label: '单号', prop: 'orderNo' }]);
    expect(view.queryByTestId('parent-field')).toBeNull();
    fireEvent.click(view.getByText('树形列表'));
    expect(spy.mock.lastCall![0].type).toBe(5);
    rerender(<Harness start={{ ...start, type: 5 }} spy={spy} />);
    expect(view.getByTestId('parent-field')).toBeTruthy();
    expect(view.getByTestId('list-problems').textContent).toContain('树形列表要选择父级字段');
  });

  it('switches buttons on and shows a form without fields as such', () => {
    const spy = vi.fn();
    render(<Harness start={defaultColumnData()} spy={spy} />);
    fireEvent.click(view.getByTestId('button-batchRemove'));
    expect(spy.mock.lastCall![0].btnsList.map((b: { value: string }) => b.value)).toEqual(['add', 'batchRemove']);
    cleanup();
    render(<ListDesigner form={{ fields: [] }} value={defaultColumnData()} onChange={spy} />);
    expect(view.getByText('表单还没有可列出的字段：先在表单设计中添加字段')).toBeTruthy();
  });
});
