import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { WidgetServicesContext, type PickerServices, type PopupQuery, type WidgetServices } from '../../../registry/components/services.js';
import { PopupPicker } from '../../../registry/components/pickers/PopupPicker.js';
import { interfaceParams, interfaceSource } from '../../../registry/interfaceSource.js';
import { getWidget } from '../../../registry/index.js';
import { setWidgetLanguage } from '../../../registry/widgetText.js';
import type { FieldDefinition } from '../../../src/shared/form/definition.js';
import type { WidgetProps } from '../../../registry/types.js';
import { useFakeRequest } from '../../support/unit/fakeRequest.js';

/** How choice widgets, popups and relation forms reach data interfaces and models, against fake services. */

const requests: { url: string; method?: string; data?: unknown; params?: unknown }[] = [];
useFakeRequest(async (config: { url: string; method?: string; data?: unknown; params?: unknown }) => {
    requests.push(config);
    if (config.url.endsWith('/Actions/List') || config.url.endsWith('/FieldDataSelect')) return { data: { list: [{ id: 'a' }], pagination: { currentPage: 1, pageSize: 20, total: 41 } } };
    if (config.url.endsWith('/DataChange')) return { data: { id: 'r9', data: JSON.stringify({ name: '项目九' }) } };
    return { data: [{ id: 'a', fullName: 'A' }] };
  });

beforeEach(() => {
  setWidgetLanguage('zh');
  requests.length = 0;
});
afterEach(() => cleanup());

describe('interface parameters of a design', () => {
  it('sends written values and empties, and leaves form-field and system sources to the interface default', () => {
    expect(
      interfaceParams([
        { field: 'lab', defaultValue: 'A', sourceType: 2 },
        { field: 'none', defaultValue: 'x', sourceType: 3 },
        { field: 'fromField', relationField: 'other', sourceType: 1 },
        { field: 'who', defaultValue: '@userId', sourceType: 4 },
        { field: 'plain', defaultValue: 7 },
        { nope: true },
      ]),
    ).toEqual([
      { field: 'lab', defaultValue: 'A' },
      { field: 'none', defaultValue: '' },
      { field: 'plain', defaultValue: '7' },
    ]);
    expect(interfaceParams(undefined)).toEqual([]);
  });

  it('reads the interface from V3 (__config__.propsUrl, templateJson) and V5 (interfaceId) definitions', () => {
    const v3 = { __config__: { jnpfKey: 'select', dataType: 'dynamic', propsUrl: 'if-1', templateJson: [{ field: 'lab', defaultValue: 'B' }] }, __vModel__: 's' } as FieldDefinition;
    expect(interfaceSource(v3)).toEqual({ propsUrl: 'if-1', paramList: [{ field: 'lab', defaultValue: 'B' }] });
    const v5 = { __config__: { jnpfKey: 'select', dataType: 'dynamic' }, interfaceId: 'if-2', templateJson: [] } as unknown as FieldDefinition;
    expect(interfaceSource(v5)).toEqual({ propsUrl: 'if-2' });
    for (const key of ['select', 'radio', 'checkbox', 'cascader', 'treeSelect']) {
      expect(getWidget(key)!.propsFromDefinition!({ ...v3, __config__: { ...v3.__config__, jnpfKey: key } })).toMatchObject({ dataType: 'dynamic', propsUrl: 'if-1', paramList: [{ field: 'lab', defaultValue: 'B' }] });
    }
  });
});

describe('a dynamic select', () => {
  it('loads its options from its interface with its parameters and shows their labels', async () => {
    const loads: unknown[][] = [];
    const services = {
      language: 'zh',
      loadInterfaceOptions: async (...args: unknown[]) => {
        loads.push(args);
        return [
          { id: '1', fullName: '乙醇' },
          { id: '2', fullName: '丙酮' },
        ];
      },
    } as Partial<WidgetServices> as WidgetServices;
    const widget = getWidget('select')!;
    const props = widget.propsFromDefinition!({ __config__: { jnpfKey: 'select', dataType: 'dynamic', propsUrl: 'if-9', templateJson: [{ field: 'kind', defaultValue: 'solvent' }] }, __vModel__: 'x' } as FieldDefinition);
    const Select = widget.component as React.ComponentType<WidgetProps>;
    const { container } = render(
      <WidgetServicesContext.Provider value={services}>
        <Select {...props} value="2" onChange={() => undefined} />
      </WidgetServicesContext.Provider>,
    );
    await waitFor(() => expect(container.querySelector('.ant-select-selection-item')?.textContent).toBe('丙酮'));
    expect(loads).toEqual([['if-9', [{ field: 'kind', defaultValue: 'solvent' }]]]);
  });
});

describe('the client calls', () => {
  it('go to JNPF’s paths with JNPF’s bodies', async () => {
    const { interfaceOptions, interfaceRows, interfaceRowsByIds, modelRows, modelRecord } = await import('../../../src/kernel/client/api/dataInterface.js');
    expect(await interfaceOptions('if 1', [{ field: 'a', defaultValue: 'b' }])).toEqual([{ id: 'a', fullName: 'A' }]);
    expect(await interfaceRows('if1', { keyword: 'k', currentPage: 3, pageSize: 20, relationField: 'fullName', columnOptions: 'fullName,code' })).toEqual({ list: [{ id: 'a' }], total: 41 });
    expect(await interfaceRowsByIds('if1', ['x', 'y'], { propsValue: 'code', relationField: 'fullName' })).toEqual([{ id: 'a', fullName: 'A' }]);
    expect(await interfaceRowsByIds('if1', [], { propsValue: 'id' })).toEqual([]);
    expect(await modelRows('m1', { keyword: '', currentPage: 1, pageSize: 20, relationField: 'name' })).toEqual({ list: [{ id: 'a' }], total: 41 });
    expect(await modelRecord('m1', 'r9')).toEqual({ id: 'r9', name: '项目九' });
    expect(requests.map(({ url, method, data, params }) => ({ url, method, data, params }))).toEqual([
      { url: '/system/DataInterface/if%201/Actions/Preview', method: 'POST', data: { paramList: [{ field: 'a', defaultValue: 'b' }] }, params: undefined },
      { url: '/system/DataInterface/if1/Actions/List', method: 'POST', data: { interfaceId: 'if1', paramList: [], keyword: 'k', currentPage: 3, pageSize: 20, relationField: 'fullName', columnOptions: 'fullName,code' }, params: undefined },
      { url: '/system/DataInterface/if1/Actions/InfoByIds', method: 'POST', data: { interfaceId: 'if1', ids: ['x', 'y'], paramList: [], propsValue: 'code', relationField: 'fullName' }, params: undefined },
      { url: '/visualdev/Base/m1/FieldDataSelect', method: undefined, data: undefined, params: { keyword: '', currentPage: 1, pageSize: 20, relationField: 'name' } },
      { url: '/visualdev/OnlineDev/m1/r9/DataChange', method: undefined, data: undefined, params: undefined },
    ]);
  });
});

describe('a popup select', () => {
  const rows = Array.from({ length: 45 }, (_, i) => ({ id: `r${i + 1}`, fullName: `试剂${i + 1}`, code: `C${i + 1}` }));
  function fakePickers() {
    const pages: PopupQuery[] = [];
    const byIds: string[][] = [];
    const pickers = {
      async interfaceRows(_id: string, query: PopupQuery) {
        pages.push(query);
        const matching = rows.filter((row) => !query.keyword || row.fullName.includes(query.keyword));
        return { list: matching.slice((query.currentPage - 1) * query.pageSize, query.currentPage * query.pageSize), total: matching.length };
      },
      async interfaceRowsByIds(_id: string, ids: string[]) {
        byIds.push(ids);
        return rows.filter((row) => ids.includes(row.id));
      },
    } as Partial<PickerServices> as PickerServices;
    return { pickers, pages, byIds };
  }
  function Harness({ initial, changes, props }: { initial: unknown; changes: unknown[]; props: Record<string, unknown> }) {
    const [value, setValue] = useState<unknown>(initial);
    return <PopupPicker {...props} fieldKey="p" value={value} onChange={(next) => (changes.push(next), setValue(next))} />;
  }

  it('labels a stored id beyond page 1, pages and searches in the dialog, and stores the picked row’s value', async () => {
    const fake = fakePickers();
    const changes: unknown[] = [];
    const { container } = render(
      <WidgetServicesContext.Provider value={{ language: 'zh', pickers: fake.pickers } as Partial<WidgetServices> as WidgetServices}>
        <Harness initial="r43" changes={changes} props={{ interfaceId: 'if1', propsValue: 'id', relationField: 'fullName', columnOptions: [{ value: 'fullName', label: '名称' }, { value: 'code', label: '编码' }], paramList: [{ field: 'lab', defaultValue: 'A' }] }} />
      </WidgetServicesContext.Provider>,
    );
    await waitFor(() => expect(container.querySelector('[data-picker-field]')!.textContent).toContain('试剂43'));
    expect(fake.byIds).toEqual([['r43']]);

    fireEvent.click(container.querySelector('[data-picker-field] .ant-select-selector')!);
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('试剂1');
    expect(fake.pages[0]).toMatchObject({ keyword: '', currentPage: 1, pageSize: 20, relationField: 'fullName', columnOptions: 'fullName,code', paramList: [{ field: 'lab', defaultValue: 'A' }] });
    fireEvent.click(within(dialog).getByTitle('3'));
    await within(dialog).findByText('试剂41');
    expect(fake.pages.at(-1)!.currentPage).toBe(3);

    fireEvent.change(within(dialog).getByTestId('picker-search').querySelector('input') ?? within(dialog).getByPlaceholderText('请输入关键词查询'), { target: { value: '试剂2' } });
    fireEvent.keyDown(within(dialog).getByPlaceholderText('请输入关键词查询'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await within(dialog).findByText('试剂20');
    expect(fake.pages.at(-1)).toMatchObject({ keyword: '试剂2', currentPage: 1 });
    fireEvent.click(within(dialog).getByText('试剂22'));
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(changes).toEqual(['r22']);
    await waitFor(() => expect(container.querySelector('[data-picker-field]')!.textContent).toContain('试剂22'));
  });

  it('says so in place when neither an interface nor a model can be read', () => {
    render(
      <WidgetServicesContext.Provider value={{ language: 'zh' } as Partial<WidgetServices> as WidgetServices}>
        <PopupPicker interfaceId="if1" value={null} onChange={() => undefined} />
      </WidgetServicesContext.Provider>,
    );
    expect(screen.getByText('未配置数据接口或关联表单，无法选择')).toBeTruthy();
  });
});
