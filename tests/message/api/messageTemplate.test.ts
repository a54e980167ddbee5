import { describe, expect, it } from 'vitest';
import { testDatabases } from '../../support/api/testDatabases.js';
import { apiSuite } from '../../support/api/apiSuite.js';

/** Message templates and their parameters (spec 001 §7 Message templates). */
describe.each(testDatabases())('message templates on $name', (testDb) => {
  const suite = apiSuite(testDb);
  const call = (...args: Parameters<typeof suite.call>) => suite.call(...args);
  const template = {
    fullName: '领用到货提醒',
    enCode: 'ArrivalNotice',
    templateType: '0',
    messageSource: '3',
    messageType: '1',
    title: '{itemName}已到货',
    content: '您申领的{itemName}（{quantity}{unit}）已到货，请到{place}领取。',
    templateParamList: [
      { field: 'itemName', fieldName: '物品名称' },
      { field: 'quantity', fieldName: '数量' },
      { field: 'unit', fieldName: '单位' },
      { field: 'place', fieldName: '领取地点' },
    ],
  };

  it('lists the seeded system templates with their type names', async () => {
    const list = await call(suite.admin, 'GET', '/api/message/MessageTemplateConfig?keyword=MBXTLC');
    expect(list.data.pagination.total).toBe(2);
    expect(list.data.list[0]).toMatchObject({ enCode: 'MBXTLC001', messageTypeName: '站内信', messageSourceName: '流程', templateType: '1' });
  });

  it('creates, reads, updates (parameters replaced) and copies a template', async () => {
    const created = await call(suite.admin, 'POST', '/api/message/MessageTemplateConfig', template);
    expect(created.code).toBe(200);
    const id = created.data.id;
    const stored = (await call(suite.admin, 'GET', `/api/message/MessageTemplateConfig/${id}`)).data;
    expect(stored).toMatchObject({ fullName: '领用到货提醒', enCode: 'ArrivalNotice', title: '{itemName}已到货', creatorUser: '系统管理员/admin' });
    expect(stored.templateParamList.map((p: { field: string }) => p.field)).toEqual(['itemName', 'quantity', 'unit', 'place']);

    const updated = await call(suite.admin, 'PUT', `/api/message/MessageTemplateConfig/${id}`, { ...template, content: '{itemName}已到货', templateParamList: [{ field: 'itemName', fieldName: '物品名称' }] });
    expect(updated.code).toBe(200);
    expect((await call(suite.admin, 'GET', `/api/message/MessageTemplateConfig/${id}`)).data.templateParamList).toHaveLength(1);

    const copied = await call(suite.admin, 'POST', `/api/message/MessageTemplateConfig/copy/${id}`);
    expect(copied.code).toBe(200);
    const copy = (await call(suite.admin, 'GET', `/api/message/MessageTemplateConfig/${copied.data.id}`)).data;
    expect(copy.fullName).toMatch(/^领用到货提醒\.副本/);
    expect(copy.enCode).toMatch(/^ArrivalNotice_/);
    expect(copy.templateParamList).toHaveLength(1);
    expect((await call(suite.admin, 'DELETE', `/api/message/MessageTemplateConfig/${copied.data.id}`)).code).toBe(200);
  });

  it('refuses bad templates with their message and writes nothing', async () => {
    const before = (await call(suite.admin, 'GET', '/api/message/MessageTemplateConfig')).data.pagination.total;
    const cases: [Record<string, unknown>, string][] = [
      [{ ...template, enCode: 'ArrivalNotice' }, '模板编码已存在'],
      [{ ...template, enCode: 'arrivalnotice' }, '模板编码已存在'],
      [{ ...template, enCode: 'MyMBXT01' }, '自定义模板的编码不能包含MBXT'],
      [{ ...template, enCode: 'X1', fullName: '' }, '请输入模板名称'],
      [{ ...template, enCode: 'X2', messageType: '99' }, '请选择消息类型'],
      [{ ...template, enCode: 'X3', templateParamList: [{ field: '1bad', fieldName: '坏' }] }, '参数名只能包含字母、数字和下划线，且以字母或下划线开头：1bad'],
      [{ ...template, enCode: 'X4', templateParamList: [...template.templateParamList, { field: 'unit', fieldName: '重复' }] }, '参数重复：unit'],
      [{ ...template, enCode: 'X5', templateParamList: [] }, '模板内容使用了未定义的参数：itemName'],
    ];
    for (const [body, msg] of cases) expect((await call(suite.admin, 'POST', '/api/message/MessageTemplateConfig', body)).msg).toBe(msg);
    expect((await call(suite.admin, 'GET', '/api/message/MessageTemplateConfig')).data.pagination.total).toBe(before);
    const system = (await call(suite.admin, 'GET', '/api/message/MessageTemplateConfig?keyword=MBXTGG001')).data.list[0];
    expect((await call(suite.admin, 'DELETE', `/api/message/MessageTemplateConfig/${system.id}`)).msg).toBe('系统模板不能删除');
  });

  it('answers the data types by kind, in GET and POST, and refuses unknown kinds', async () => {
    const types = await call(suite.admin, 'GET', '/api/message/MessageDataType/getTypeList/1');
    expect(types.data.map((t: { enCode: string }) => t.enCode)).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect((await call(suite.admin, 'POST', '/api/message/MessageDataType/getTypeList/4')).data[1]).toMatchObject({ enCode: '2', fullName: '流程' });
    expect((await call(suite.admin, 'GET', '/api/message/MessageDataType/getTypeList/9')).msg).toBe('该类型数据为空');
  });

  it('keeps templates to the template page', async () => {
    expect((await call(suite.staff, 'GET', '/api/message/MessageTemplateConfig')).code).toBe(403);
    expect((await call(suite.staff, 'POST', '/api/message/MessageTemplateConfig', { ...template, enCode: 'Staff1' })).code).toBe(403);
  });
});
