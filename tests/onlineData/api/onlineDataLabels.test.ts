import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiSuite } from '../../support/api/apiSuite.js';
import { TEST_PASSWORDS, testDatabases } from '../../support/api/testDatabases.js';
import { tokenFor } from '../../support/api/signIn.js';
import { newId } from '../../../src/kernel/server/db/id.js';

/**
 * Labels of values that point at rows elsewhere, in an online-development list, its export and its record viewer
 * (spec 001 §7 "labels for stored ids beyond page 1"): popup selects and popup table selects over a data
 * interface, a select whose options come from one (dataType dynamic), a relation form and a popup over another
 * design's records. The stored rows sit past the first page of their source, and the lookups are one per field
 * for a whole page, never one per row.
 */
const DESIGN = '/api/visualdev/Base';
const ONLINE = '/api/visualdev/OnlineDev';
const INTERFACES = '/api/system/DataInterface';

/** 30 materials: m01..m30, so m27 is past a first page of 20. */
const materials = Array.from({ length: 30 }, (_, i) => {
  const n = String(i + 1).padStart(2, '0');
  return { id: `m${n}`, code: `MAT-${n}`, fullName: `物料${n}` };
});

const supplierForm = { fields: [{ __config__: { jnpfKey: 'comInput', label: '供应商名称' }, __vModel__: 'supplierName' }] };
const supplierList = { type: 1, searchList: [], columnList: [{ prop: 'supplierName', label: '供应商名称' }], btnsList: [], columnBtnsList: [], hasPage: true, pageSize: 20 };

function orderForm(interfaceId: string, supplierModelId: string) {
  return {
    fields: [
      { __config__: { jnpfKey: 'comInput', label: '标题' }, __vModel__: 'title' },
      { __config__: { jnpfKey: 'popupSelect', label: '物料' }, __vModel__: 'material', interfaceId, propsValue: 'id', relationField: 'fullName' },
      // Stores the material's code, shows its name: the value field is not the id.
      { __config__: { jnpfKey: 'popupTableSelect', label: '替代物料' }, __vModel__: 'alternates', interfaceId, propsValue: 'code', relationField: 'fullName', multiple: true },
      {
        __config__: { jnpfKey: 'select', label: '常用物料', dataType: 'dynamic', propsUrl: interfaceId },
        __vModel__: 'usual',
        props: { props: { label: 'fullName', value: 'id' } },
      },
      { __config__: { jnpfKey: 'relationForm', label: '供应商' }, __vModel__: 'supplier', modelId: supplierModelId, relationField: 'supplierName' },
      { __config__: { jnpfKey: 'popupSelect', label: '备选供应商' }, __vModel__: 'backupSupplier', modelId: supplierModelId, propsValue: 'id', relationField: 'supplierName' },
    ],
  };
}
const orderList = {
  type: 1,
  searchList: [{ __vModel__: 'title', prop: 'title', label: '标题', searchType: 2, isKeyword: true }],
  columnList: ['title', 'material', 'alternates', 'usual', 'supplier', 'backupSupplier'].map((prop) => ({ prop, label: prop })),
  btnsList: [{ value: 'add' }, { value: 'download' }],
  columnBtnsList: [{ value: 'edit' }],
  hasPage: true,
  pageSize: 20,
};

describe.each(testDatabases())('online-development labels of pointed values on $name', (testDb) => {
  const suite = apiSuite(testDb);
  const call = (...args: Parameters<typeof suite.call>) => suite.call(...args);
  let interfaceId: string;
  let supplierId: string;
  let orderId: string;
  let farSupplier: string;
  const releaseDesign = async (fullName: string, enCode: string, form: object, list: object) => {
    const created = await call(suite.admin, 'POST', DESIGN, { fullName, enCode, category: 'other', webType: 2, formData: JSON.stringify(form), columnData: JSON.stringify(list), tables: '[]' });
    expect(created.code, created.msg).toBe(200);
    const released = await call(suite.admin, 'POST', `${DESIGN}/${created.data.id}/Actions/Release`, { pc: 1, pcModuleParentId: ['menu-onlineDev'], app: 0 });
    expect(released.code, released.msg).toBe(200);
    return created.data.id as string;
  };
  const interfaceCalls = async () => Number((await suite.database.db.selectFrom('base_data_interface_log').select((eb) => eb.fn.countAll().as('n')).where('invoke_id', '=', interfaceId).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    const created = await call(suite.admin, 'POST', INTERFACES, { fullName: '物料清单', enCode: 'materialsForLabels', type: 2, dataConfigJson: JSON.stringify({ staticData: JSON.stringify(materials) }) });
    expect(created.code, created.msg).toBe(200);
    interfaceId = created.data.id;

    supplierId = await releaseDesign('供应商', 'label_supplier', supplierForm, supplierList);
    // 25 suppliers: the one referred to is the last created, so not on the first page of their default order.
    for (let i = 1; i <= 25; i++) {
      const answer = await call(suite.admin, 'POST', `${ONLINE}/${supplierId}`, { data: JSON.stringify({ supplierName: `供应商${String(i).padStart(2, '0')}` }) });
      expect(answer.code, answer.msg).toBe(200);
      if (i === 1) farSupplier = answer.data.id;
    }
    const firstPage = await call(suite.admin, 'POST', `${ONLINE}/${supplierId}/List`, { currentPage: 1, pageSize: 20 });
    expect(firstPage.data.list.map((r: { id: string }) => r.id)).not.toContain(farSupplier);

    orderId = await releaseDesign('采购单', 'label_order', orderForm(interfaceId, supplierId), orderList);
    for (let i = 1; i <= 3; i++) {
      const answer = await call(suite.admin, 'POST', `${ONLINE}/${orderId}`, {
        data: JSON.stringify({ title: `采购${i}`, material: 'm27', alternates: ['MAT-29', 'MAT-30'], usual: 'm28', supplier: farSupplier, backupSupplier: farSupplier }),
      });
      expect(answer.code, answer.msg).toBe(200);
    }
  });

  it('shows labels in the list for stored ids past the first page, the stored values beside them', async () => {
    const answer = await call(suite.admin, 'POST', `${ONLINE}/${orderId}/List`, { currentPage: 1, pageSize: 20 });
    expect(answer.code, answer.msg).toBe(200);
    expect(answer.data.list).toHaveLength(3);
    expect(answer.data.list[0]).toMatchObject({
      material: '物料27',
      material_id: 'm27',
      alternates: '物料29,物料30',
      alternates_id: ['MAT-29', 'MAT-30'],
      usual: '物料28',
      usual_id: 'm28',
      supplier: '供应商01',
      supplier_id: farSupplier,
      backupSupplier: '供应商01',
    });
  });

  it('asks the data interface once per field for a whole page, not once per row', async () => {
    const before = await interfaceCalls();
    await call(suite.admin, 'POST', `${ONLINE}/${orderId}/List`, { currentPage: 1, pageSize: 20 });
    // Three fields read the interface (popup, popup table, dynamic select); three rows.
    expect((await interfaceCalls()) - before).toBe(3);
  });

  it('shows the labels in the record viewer and keeps stored values in the edit read', async () => {
    const { data } = await call(suite.admin, 'POST', `${ONLINE}/${orderId}/List`, { currentPage: 1, pageSize: 1 });
    const id = data.list[0].id;
    const shown = await call(suite.admin, 'GET', `${ONLINE}/${orderId}/${id}/DataChange`);
    expect(shown.code, shown.msg).toBe(200);
    expect(JSON.parse(shown.data.data)).toMatchObject({ material: '物料27', alternates: '物料29,物料30', usual: '物料28', supplier: '供应商01', backupSupplier: '供应商01' });
    const edit = await call(suite.admin, 'GET', `${ONLINE}/${orderId}/${id}`);
    expect(JSON.parse(edit.data.data)).toMatchObject({ material: 'm27', alternates: ['MAT-29', 'MAT-30'], usual: 'm28', supplier: farSupplier });
  });

  it('exports the labels', async () => {
    const answer = await call(suite.admin, 'POST', `${ONLINE}/${orderId}/Actions/ExportData`, { dataType: '1', selectKey: ['title', 'material', 'alternates', 'usual', 'supplier'] });
    expect(answer.code, answer.msg).toBe(200);
    const file = await suite.app.inject({ method: 'GET', url: answer.data.url, headers: { authorization: suite.admin } });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const rows = workbook.worksheets[0].getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1));
    expect(rows.slice(1).map((r) => r.slice(1))).toEqual(Array.from({ length: 3 }, () => ['物料27', '物料29,物料30', '物料28', '供应商01']));
  });

  it('saves the attributes set to be saved (isStorage 2) from the picked records, never from the client', async () => {
    const form = {
      fields: [
        { __config__: { jnpfKey: 'comInput', label: '标题' }, __vModel__: 'title' },
        { __config__: { jnpfKey: 'relationForm', label: '供应商' }, __vModel__: 'supplier', modelId: supplierId, relationField: 'supplierName' },
        { __config__: { jnpfKey: 'relationFormAttr', label: '供应商名称' }, __vModel__: 'supplierShown', relationField: 'supplier', showField: 'supplierName', isStorage: 2 },
        { __config__: { jnpfKey: 'popupSelect', label: '物料' }, __vModel__: 'material', interfaceId, propsValue: 'id', relationField: 'fullName' },
        { __config__: { jnpfKey: 'popupAttr', label: '物料编码' }, __vModel__: 'materialCode', relationField: 'material', showField: 'code', isStorage: 2 },
        // Shown only: no column, nothing of it is kept; lists and the record's labels read it from the picked row.
        { __config__: { jnpfKey: 'popupAttr', label: '物料名称' }, __vModel__: 'materialName', relationField: 'material', showField: 'fullName', isStorage: 0 },
        { __config__: { jnpfKey: 'relationFormAttr', label: '供应商（展示）' }, __vModel__: 'supplierLive', relationField: 'supplier', showField: 'supplierName' },
      ],
    };
    const list = { ...orderList, columnList: ['title', 'supplierShown', 'materialCode', 'materialName', 'supplierLive'].map((prop) => ({ prop, label: prop })) };
    const designId = await releaseDesign('带属性的采购单', 'label_attributes', form, list);
    const forged = await call(suite.admin, 'POST', `${ONLINE}/${designId}`, { data: JSON.stringify({ title: '甲', supplier: farSupplier, supplierShown: '伪造', material: 'm27', materialCode: 'FORGED' }) });
    expect(forged.code, forged.msg).toBe(200);
    const none = await call(suite.admin, 'POST', `${ONLINE}/${designId}`, { data: JSON.stringify({ title: '乙' }) });
    expect(none.code, none.msg).toBe(200);
    const rows = (await call(suite.admin, 'POST', `${ONLINE}/${designId}/List`, { currentPage: 1, pageSize: 20 })).data.list as Record<string, unknown>[];
    expect(rows.find((r) => r.title === '甲')).toMatchObject({ supplierShown: '供应商01', materialCode: 'MAT-27', materialName: '物料27', supplierLive: '供应商01' });
    expect(rows.find((r) => r.title === '乙')).toMatchObject({ supplierShown: null, materialCode: null, materialName: null, supplierLive: null });
    // The record's labels (the viewer's and the print's read) carry the shown-only ones; the form's read does not.
    const shown = JSON.parse((await call(suite.admin, 'GET', `${ONLINE}/${designId}/${forged.data.id}/DataChange`)).data.data);
    expect(shown).toMatchObject({ materialName: '物料27', supplierLive: '供应商01' });
    const columns = await suite.database.db.selectFrom('base_visualdev_online_model').select('plan_json').where('design_id', '=', designId).executeTakeFirstOrThrow();
    expect(columns.plan_json).toContain('supplierShown');
    expect(columns.plan_json).not.toContain('materialName');
    const stored = await call(suite.admin, 'GET', `${ONLINE}/${designId}/${forged.data.id}`);
    expect(JSON.parse(stored.data.data)).toMatchObject({ supplierShown: '供应商01', materialCode: 'MAT-27' });
    // An edit that changes the pick saves the new record's field.
    const edited = await call(suite.admin, 'PUT', `${ONLINE}/${designId}/${forged.data.id}`, { data: JSON.stringify({ title: '甲', supplier: farSupplier, material: 'm28' }) });
    expect(edited.code, edited.msg).toBe(200);
    expect(JSON.parse((await call(suite.admin, 'GET', `${ONLINE}/${designId}/${forged.data.id}`)).data.data)).toMatchObject({ materialCode: 'MAT-28' });
  });

  it('saves an attribute only from a record the saver\'s relation access reaches: a forged pick outside it saves nothing', async () => {
    const form = {
      fields: [
        { __config__: { jnpfKey: 'comInput', label: '标题' }, __vModel__: 'title' },
        { __config__: { jnpfKey: 'relationForm', label: '供应商' }, __vModel__: 'supplier', modelId: supplierId, relationField: 'supplierName' },
        { __config__: { jnpfKey: 'relationFormAttr', label: '供应商名称' }, __vModel__: 'supplierShown', relationField: 'supplier', showField: 'supplierName', isStorage: 2 },
      ],
    };
    const designId = await releaseDesign('受限的采购单', 'label_scoped_attributes', form, { ...orderList, columnList: [{ prop: 'title', label: 'title' }] });
    // Staff holds this page only, with its "own rows" scheme: the supplier records (the administrator's) are outside
    // the relation access it gives, so the picker never offers them.
    const db = suite.database.db;
    const menu = await db.selectFrom('base_module').select('id').where('url_address', 'like', '%label_scoped_attributes%').executeTakeFirstOrThrow();
    const add = await db.selectFrom('base_module_button').select('id').where('module_id', '=', menu.id).where('en_code', '=', 'btn_add').executeTakeFirstOrThrow();
    await db.insertInto('base_module_data_scheme').values({ id: 'scoped-own', module_id: menu.id, en_code: 'own', full_name: '本人', kind: 'own', condition_json: null }).execute();
    const role = (await db.selectFrom('base_user_relation').innerJoin('base_user', 'base_user.id', 'base_user_relation.user_id').select('object_id').where('base_user.account', '=', 'staff').where('object_type', '=', 'Role').executeTakeFirstOrThrow()).object_id;
    await db.insertInto('base_authorize').values([['module', 'menu-onlineDev'], ['module', menu.id], ['button', add.id], ['resource', 'scoped-own']].map(([item_type, item_id]) => ({ id: newId(), item_type, item_id, object_type: 'Role', object_id: role }))).execute();
    await suite.app.grants.invalidate();
    const staff = await tokenFor(suite.app, 'staff', TEST_PASSWORDS.demoUser);

    const forged = await call(staff, 'POST', `${ONLINE}/${designId}`, { data: JSON.stringify({ title: '越权', supplier: farSupplier }) });
    expect(forged.code, forged.msg).toBe(200);
    const saved = await db.selectFrom('vd_label_scoped_attributes' as never).select(['title' as never, 'supplier' as never, 'suppliershown' as never]).execute();
    expect(saved).toEqual([{ title: '越权', supplier: farSupplier, suppliershown: null }]);
    // The administrator's relation access reaches it: the same pick saves the supplier's name.
    const allowed = await call(suite.admin, 'POST', `${ONLINE}/${designId}`, { data: JSON.stringify({ title: '可见', supplier: farSupplier }) });
    expect(allowed.code, allowed.msg).toBe(200);
    expect(JSON.parse((await call(suite.admin, 'GET', `${ONLINE}/${designId}/${allowed.data.id}`)).data.data)).toMatchObject({ supplierShown: '供应商01' });
  });

  it('fills attributes in sub-table rows from the pick of their own row, saved or shown', async () => {
    const form = {
      fields: [
        { __config__: { jnpfKey: 'comInput', label: '标题' }, __vModel__: 'title' },
        {
          __config__: {
            jnpfKey: 'table',
            label: '明细',
            tableName: 'line',
            children: [
              { __config__: { jnpfKey: 'popupSelect', label: '物料' }, __vModel__: 'material', interfaceId, propsValue: 'id', relationField: 'fullName' },
              { __config__: { jnpfKey: 'popupAttr', label: '编码' }, __vModel__: 'code', relationField: 'material', showField: 'code', isStorage: 2 },
              { __config__: { jnpfKey: 'popupAttr', label: '名称' }, __vModel__: 'name', relationField: 'material', showField: 'fullName' },
            ],
          },
          __vModel__: 'lines',
        },
      ],
    };
    const designId = await releaseDesign('带明细属性的采购单', 'label_line_attributes', form, { ...orderList, columnList: [{ prop: 'title', label: 'title' }] });
    const created = await call(suite.admin, 'POST', `${ONLINE}/${designId}`, { data: JSON.stringify({ title: '丙', lines: [{ material: 'm27' }, { material: 'm29', code: 'FORGED' }, {}] }) });
    expect(created.code, created.msg).toBe(200);
    const stored = JSON.parse((await call(suite.admin, 'GET', `${ONLINE}/${designId}/${created.data.id}`)).data.data);
    expect(stored.lines.map((line: { code: unknown }) => line.code)).toEqual(['MAT-27', 'MAT-29', null]);
    const shown = JSON.parse((await call(suite.admin, 'GET', `${ONLINE}/${designId}/${created.data.id}/DataChange`)).data.data);
    expect(shown.lines.map((line: { name: unknown; code: unknown }) => [line.code, line.name])).toEqual([['MAT-27', '物料27'], ['MAT-29', '物料29'], [null, null]]);
  });

  it('shows the stored value when the interface is switched off, and the list still answers', async () => {
    expect((await call(suite.admin, 'PUT', `${INTERFACES}/${interfaceId}/Actions/State`)).code).toBe(200);
    const answer = await call(suite.admin, 'POST', `${ONLINE}/${orderId}/List`, { currentPage: 1, pageSize: 20 });
    expect(answer.code, answer.msg).toBe(200);
    expect(answer.data.list[0]).toMatchObject({ material: 'm27', usual: 'm28', supplier: '供应商01' });
    expect((await call(suite.admin, 'PUT', `${INTERFACES}/${interfaceId}/Actions/State`)).code).toBe(200);
  });
});
