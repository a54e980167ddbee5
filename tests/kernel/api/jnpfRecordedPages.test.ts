import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { captchaAnswerForLog } from '../../../src/modules/oauth/server/captchaStore.js';
import { TEST_PASSWORDS, testDatabases } from '../../support/api/testDatabases.js';
import { tokenFor } from '../../support/api/signIn.js';
import { apiSuite, type ApiSuite } from '../../support/api/apiSuite.js';

/**
 * Each page of JNPF's two public web clients, as it opens: the requests its views send, exactly as their request
 * layer builds them, and the fields the page then reads. Read from the clients' source (jnpf-web 3.6.0 and JNPF
 * 3.4.1, src/views/** and src/utils/request.js); docs/api.md lists the pages and what still differs.
 *
 * How those clients send (axios 0.18): every GET first gets `?n=<unix seconds>`, then the page's query object in
 * its key order, an empty filter as `key=` (only undefined and null are left out). 3.6 sends `jnpf-origin: pc`;
 * 3.4 sends `hongan4d-origin: pc` and a JSON Content-Type on GETs that have a query object.
 */
type Client = '3.6' | '3.4';

function clientOf(suite: ApiSuite, client: Client) {
  const headers = (withQuery: boolean) => ({
    authorization: suite.admin,
    ...(client === '3.6' ? { 'jnpf-origin': 'pc' } : { 'hongan4d-origin': 'pc', ...(withQuery ? { 'content-type': 'application/json;charset=utf-8' } : {}) }),
  });
  /** The answer's data, after checking the call succeeded: a failure names the call. */
  const answer = async (method: string, url: string, response: { statusCode: number; json(): any }) => {
    const body = response.json();
    expect({ call: `${method} ${url}`, status: response.statusCode, code: body.code, msg: body.code === 200 ? undefined : body.msg }).toEqual({ call: `${method} ${url}`, status: 200, code: 200, msg: undefined });
    return body.data;
  };
  return {
    /** GET path?n=…&query, the query exactly as the page's object serialises. */
    async get(path: string, query?: string) {
      const url = `${path}${path.includes('?') ? '&' : '?'}n=${Math.floor(Date.now() / 1000)}${query ? `&${query}` : ''}`;
      return answer('GET', url, await suite.app.inject({ method: 'GET', url, headers: headers(Boolean(query)) }));
    },
    async send(method: 'POST' | 'PUT' | 'DELETE', url: string, body?: object) {
      const response = await suite.app.inject({ method, url, headers: { ...headers(false), ...(body ? { 'content-type': 'application/json;charset=UTF-8' } : {}) }, ...(body ? { payload: JSON.stringify(body) } : {}) });
      return answer(method, url, response);
    },
  };
}

/** The fields a page's table reads of a row, each present (a value may be empty). */
const expectFields = (row: Record<string, unknown> | undefined, fields: string[]) => {
  expect(row, 'the list has a row').toBeDefined();
  expect(fields.filter((field) => !(field in row!))).toEqual([]);
};

/** A JNPF list answer: rows, and the total the pager reads. */
const expectPage = (data: { list: Record<string, unknown>[]; pagination: { total: number } }, fields: string[]) => {
  expect(data.pagination.total).toBeGreaterThan(0);
  expectFields(data.list[0], fields);
};

/** DictionaryData/All: the dictionary of a code, with its entries. */
const dictionary = (all: { list: { enCode: string; dictionaryList: { id: string; enCode: string; fullName: string }[] }[] }, enCode: string) => {
  const found = all.list.find((type) => type.enCode === enCode);
  expect(found, `dictionary ${enCode}`).toBeDefined();
  return found!.dictionaryList;
};

describe.each(testDatabases())('JNPF pages as their clients open them on $name', (testDb) => {
  const suite = apiSuite(testDb);

  describe('jnpf-web 3.6', () => {
    const client = () => clientOf(suite, '3.6');

    it('permission/user: the organisation tree, then the list with every filter empty', async () => {
      const { get } = client();
      expect((await get('/api/permission/Organize/Department/SelectorByAuth/0')).list.length).toBeGreaterThan(0);
      const users = await get('/api/permission/Users', 'organizeId=&keyword=&gender=&enabledMark=&currentPage=1&pageSize=20');
      expectPage(users, ['account', 'realName', 'gender', 'mobilePhone', 'organize', 'creatorTime', 'sortCode', 'enabledMark', 'isAdministrator', 'id']);
    });

    it('permission/user: a new user as the form saves it, and the edit with the record read back', async () => {
      const { get, send } = client();
      const company = (await get('/api/permission/Organize/Department/SelectorByAuth/0')).list[0];
      const created = await send('POST', '/api/permission/Users', {
        id: '', sortCode: 0, enabledMark: 1, account: 'jnpfuser', realName: '吴工', organizeId: company.id, organizeIdTree: [[company.id]], managerId: '', positionId: '', roleId: '', groupId: '',
        description: '', headIcon: '/api/file/Image/userAvatar/001.png', gender: '1', nation: null, nativePlace: '', entryDate: null, certificatesType: null, certificatesNumber: '', education: null,
        birthday: null, telePhone: '', landline: '', mobilePhone: '13800000000', email: '', urgentContacts: '', urgentTelePhone: '', postalAddress: '', ranks: null,
      });
      const record = await get(`/api/permission/Users/${created.id}`);
      expect(record).toMatchObject({ account: 'jnpfuser', realName: '吴工', organizeIdTree: [[company.id]] });
      await send('PUT', `/api/permission/Users/${created.id}`, { ...record, realName: '吴工程师' });
      const users = await get('/api/permission/Users', 'organizeId=&keyword=jnpfuser&gender=&enabledMark=&currentPage=1&pageSize=20');
      expect(users.list.map((user: { realName: string }) => user.realName)).toEqual(['吴工程师']);
    });

    it('permission/organize: the tree with keyword and type empty', async () => {
      const { list } = await client().get('/api/permission/Organize', 'keyword=&type=');
      expectFields(list[0], ['fullName', 'enCode', 'type', 'creatorTime', 'sortCode', 'id', 'parentId']);
    });

    it('permission/position: the list with type and enabledMark empty', async () => {
      const positions = await client().get('/api/permission/Position', 'organizeId=&keyword=&type=&enabledMark=&currentPage=1&pageSize=20');
      expectPage(positions, ['fullName', 'enCode', 'type', 'department', 'creatorTime', 'sortCode', 'enabledMark']);
    });

    it('permission/role: the list, global roles typed 全局', async () => {
      const roles = await client().get('/api/permission/Role', 'organizeId=&keyword=&type=&enabledMark=&currentPage=1&pageSize=20&sort=desc&sidx=');
      expectPage(roles, ['fullName', 'enCode', 'type', 'organizeInfo', 'creatorTime', 'sortCode', 'enabledMark']);
      expect(roles.list.some((role: { type: string }) => role.type === '全局')).toBe(true);
    });

    it('permission/role: a new organisation role as the form saves it, then the edit with the record read back', async () => {
      const { get, send } = client();
      const companies = await get('/api/permission/Organize/Department/SelectorByAuth/0');
      const company = companies.list[0];
      const created = await send('POST', '/api/permission/Role', { fullName: '质检员', enCode: 'qcInspector', type: '', enabledMark: 1, globalMark: 0, organizeIdsTree: [[company.id]], sortCode: 0, description: '', id: '' });
      const record = await get(`/api/permission/Role/${created.id}`);
      expect(record).toMatchObject({ fullName: '质检员', globalMark: 0, organizeIdsTree: [[company.id]] });
      await send('PUT', `/api/permission/Role/${created.id}`, { ...record, description: '检验岗位' });
      expect(await get(`/api/permission/Role/${created.id}`)).toMatchObject({ description: '检验岗位' });
    });

    it('system/billRule: a new rule with the category entry id the form chose, and the edit with the record read back', async () => {
      const { get, send } = client();
      const category = dictionary(await get('/api/system/DictionaryData/All'), 'businessType')[0]!;
      const created = await send('POST', '/api/system/BillRule', { fullName: '样品编号', enCode: 'jnpfSampleNo', prefix: 'YP', dateFormat: 'yyyyMMdd', digit: 4, startNumber: '0001', example: 'YP202401010001', sortCode: 0, enabledMark: 1, description: '', category: category.id, id: '' });
      const record = await get(`/api/system/BillRule/${created.id}`);
      await send('PUT', `/api/system/BillRule/${created.id}`, { ...record, description: '样品' });
      const rules = await get('/api/system/BillRule', `keyword=jnpfSampleNo&currentPage=1&pageSize=20&categoryId=${category.id}&enabledMark=`);
      expect(rules.list.map((rule: { enCode: string }) => rule.enCode)).toEqual(['jnpfSampleNo']);
    });

    it('system/area: a new area as the form saves it, with the number 0 as its id', async () => {
      const { send, get } = client();
      const created = await send('POST', '/api/system/Area', { parentId: '-1', fullName: '示例特区', enCode: 'JNPF99', enabledMark: 1, sortCode: 0, description: '', id: 0 });
      expect(created).toBeDefined();
      const { list } = await get('/api/system/Area/-1', 'keyword=示例特区');
      expect(list.map((area: { enCode: string }) => area.enCode)).toContain('JNPF99');
    });

    it('permission/user: an administrator resets a password as the dialog sends it, and the user signs in with it', async () => {
      const { send } = client();
      const md5 = (text: string) => createHash('md5').update(text).digest('hex');
      const users = await client().get('/api/permission/Users', 'organizeId=&keyword=jnpfuser&gender=&enabledMark=&currentPage=1&pageSize=20');
      const user = users.list[0];
      await send('POST', `/api/permission/Users/${user.id}/Actions/ResetPassword`, { id: user.id, userPassword: md5('Reset-2026-pass'), validatePassword: md5('Reset-2026-pass') });
      expect((await tokenFor(suite.app, 'jnpfuser', 'Reset-2026-pass')).length).toBeGreaterThan(0);
    });

    it('permission/organize: a new company with its particulars as an object, read back with them as text', async () => {
      const { get, send } = client();
      const all = await get('/api/system/DictionaryData/All');
      const created = await send('POST', '/api/permission/Organize', {
        id: '', parentId: '-1', fullName: '华南检测中心', enCode: 'jnpfSouth', enabledMark: 1, sortCode: 0, description: '',
        propertyJson: { shortName: '华南', enterpriseNature: '', industry: '', foundedTime: null, telePhone: '020-1234', fax: '', webSite: '', address: '广州', managerName: '', managerTelePhone: '', managerMobilePhone: '', manageEmail: '', bankName: '', bankAccount: '', businessscope: '' },
      });
      const record = await get(`/api/permission/Organize/${created.id}`);
      expect(typeof record.propertyJson).toBe('string');
      expect(JSON.parse(record.propertyJson)).toMatchObject({ shortName: '华南', telePhone: '020-1234' });
      // Saved back as the form does after parsing it; particulars that are no object are refused, nothing changed.
      await send('PUT', `/api/permission/Organize/${created.id}`, { ...record, propertyJson: { ...JSON.parse(record.propertyJson), fax: '020-5678' } });
      expect(JSON.parse((await get(`/api/permission/Organize/${created.id}`)).propertyJson)).toMatchObject({ shortName: '华南', fax: '020-5678' });
      const refused = await suite.app.inject({ method: 'PUT', url: `/api/permission/Organize/${created.id}`, headers: { authorization: suite.admin }, payload: { ...record, propertyJson: '[1, 2]' } });
      expect(refused.json()).toMatchObject({ code: 400, msg: '组织扩展信息应为一个 JSON 对象，且不超过10000个字符' });
      expect(all.list.length).toBeGreaterThan(0);
    });

    it('permission/position and group: new ones with the dictionary values the forms send', async () => {
      const { get, send } = client();
      const all = await get('/api/system/DictionaryData/All');
      const company = (await get('/api/permission/Organize/Department/SelectorByAuth/0')).list[0];
      const positionType = dictionary(all, 'positionType')[0]!;
      const position = await send('POST', '/api/permission/Position', { id: '', organizeId: company.id, fullName: '质检岗', type: positionType.enCode, enCode: 'jnpfQc', enabledMark: 1, sortCode: 0, description: '' });
      expect((await get(`/api/permission/Position/${position.id}`)).type).toBe(positionType.enCode);
      const groupType = dictionary(all, 'groupType')[0]!;
      const group = await send('POST', '/api/permission/Group', { id: '', fullName: '周末值班', enCode: 'jnpfWeekend', type: groupType.id, sortCode: 0, enabledMark: 1, description: '' });
      const groups = await get('/api/permission/Group', `currentPage=1&pageSize=20&sort=desc&sidx=&keyword=jnpfWeekend&type=${groupType.id}&enabledMark=`);
      expect(groups.list.map((row: { id: string }) => row.id)).toEqual([group.id]);
    });

    it('profile: a password change as the form sends it (MD5 only) is refused with a clear message, and nothing changes', async () => {
      // LabCode checks the password policy on the new password sealed with its key (decision 033); JNPF's form
      // sends only MD5 hex, which no policy can be checked on. docs/api.md lists this under "Still different".
      const md5 = (text: string) => createHash('md5').update(text).digest('hex');
      const timestamp = Math.random();
      await suite.app.inject({ method: 'GET', url: `/api/file/ImageCode/${timestamp}` });
      const code = await captchaAnswerForLog(suite.database.db, String(timestamp));
      const me = await suite.tokenOf('zhangwei');
      const body = { oldPassword: md5(TEST_PASSWORDS.demoUser), password: md5('Lab-2026-secure'), code, timestamp };
      const answer = (await suite.app.inject({ method: 'POST', url: '/api/permission/Users/Current/Actions/ModifyPassword', headers: { authorization: me, 'jnpf-origin': 'pc', 'content-type': 'application/json;charset=UTF-8' }, payload: JSON.stringify(body) })).json();
      expect(answer).toMatchObject({ code: 400, msg: '密码未按要求加密提交，请刷新页面后重试' });
      expect((await tokenFor(suite.app, 'zhangwei', TEST_PASSWORDS.demoUser)).length).toBeGreaterThan(0);
    });

    it('permission/group: the list with type and enabledMark empty', async () => {
      const groups = await client().get('/api/permission/Group', 'currentPage=1&pageSize=20&sort=desc&sidx=&keyword=&type=&enabledMark=');
      expect(groups.pagination).toBeDefined();
    });

    it('permission/authorize: permission groups, a new one as the form saves it, its members, its permissions', async () => {
      const { get, send } = client();
      const created = await send('POST', '/api/permission/PermissionGroup', { id: '', fullName: '仓库权限组', enCode: 'jnpfStoreGroup', sortCode: 0, enabledMark: 1, description: '' });
      const groups = await get('/api/permission/PermissionGroup', 'currentPage=1&pageSize=20&sort=desc&sidx=&keyword=&enabledMark=');
      expectPage(groups, ['fullName', 'enCode', 'creatorTime', 'sortCode', 'enabledMark']);
      const record = await get(`/api/permission/PermissionGroup/${created.id}`);
      await send('PUT', `/api/permission/PermissionGroup/${created.id}`, { ...record, description: '仓库' });
      const members = await get(`/api/permission/PermissionGroup/PermissionMember/${created.id}`);
      expect(members.list).toEqual([]);
      const roles = await get('/api/permission/Role/Selector');
      const role = roles.list.flatMap((node: { children: { id: string; type: string }[] }) => node.children).find((node: { type: string }) => node.type === 'role');
      await send('POST', `/api/permission/PermissionGroup/PermissionMember/${created.id}`, { ids: [`${role.id}--role`], id: created.id });
      const systems = await send('POST', `/api/permission/Authority/Data/${created.id}/Values`, { type: 'system', moduleIds: '' });
      expect(systems.list.length).toBeGreaterThan(0);
      const modules = await send('POST', `/api/permission/Authority/Data/${created.id}/Values`, { type: 'module', moduleIds: systems.list.map((s: { id: string }) => s.id).join(',') });
      expect(modules.list.length).toBeGreaterThan(0);
      await send('PUT', `/api/permission/Authority/Data/${created.id}`, { objectType: 'Role', module: [modules.list[0].id], systemIds: systems.list.map((s: { id: string }) => s.id), button: [], column: [], form: [], resource: [] });
    });

    it('system/billRule: categories from the dictionary, the list with categoryId and enabledMark empty', async () => {
      const { get } = client();
      expect(dictionary(await get('/api/system/DictionaryData/All'), 'businessType').length).toBeGreaterThan(0);
      const rules = await get('/api/system/BillRule', 'keyword=&currentPage=1&pageSize=20&categoryId=&enabledMark=');
      expectPage(rules, ['fullName', 'enCode', 'category', 'startNumber', 'outputNumber', 'creatorUser', 'creatorTime', 'lastModifyTime', 'sortCode', 'enabledMark']);
    });

    it('system/sysConfig: what it reads, saved back whole with the company fields kept', async () => {
      const { get, send } = client();
      const config = await get('/api/system/SysConfig');
      // The page saves what GET answered, with the keys it sets itself (index.vue's save).
      const saved = { ...config, smsCompany: '1', lockType: 1, lockTime: 10, isClick: 0, linkTime: 24, unClickNum: 1, qyhIsSynOrg: 0, qyhIsSynUser: 0, dingSynIsSynOrg: 0, dingSynIsSynUser: 0, companyName: '华东检测中心', companyCode: 'HDJC', companyAddress: '上海市徐汇区', companyContacts: '王主任', companyTelePhone: '021-5555', companyEmail: 'lab@example.org', sysDescription: '实验室管理平台', title: 'LabCode 实验室' };
      await send('PUT', '/api/system/SysConfig', saved);
      const reread = await get('/api/system/SysConfig');
      expect(reread).toMatchObject({ companyName: '华东检测中心', companyCode: 'HDJC', companyAddress: '上海市徐汇区', companyContacts: '王主任', companyTelePhone: '021-5555', companyEmail: 'lab@example.org', sysDescription: '实验室管理平台', title: 'LabCode 实验室' });
      await send('PUT', '/api/system/SysConfig', config);
    });

    it('system/log: the sign-in log with every filter empty', async () => {
      const log = await client().get('/api/system/Log', 'keyword=&startTime=&loginType=&loginMark=&endTime=&sort=desc&currentPage=1&pageSize=20&requestMethod=&category=1');
      expectPage(log, ['loginType', 'creatorTime', 'userName', 'ipAddress', 'ipAddressName', 'browser', 'platForm', 'requestDuration', 'loginMark', 'abstracts']);
    });

    it('system/area: the top of the tree at -1, with keyword empty', async () => {
      const { list } = await client().get('/api/system/Area/-1', 'keyword=');
      expectFields(list[0], ['id', 'fullName', 'enCode', 'sortCode', 'enabledMark']);
    });

    it('system/printDev: the list with category and enabledMark empty, the form\'s data sources', async () => {
      const { get } = client();
      expect((await get('/api/system/printDev', 'currentPage=1&pageSize=20&sort=desc&sidx=&keyword=&category=&enabledMark=')).pagination).toBeDefined();
      expect((await get('/api/system/DataSource/Selector')).list.length).toBeGreaterThan(0);
    });

    it('msgCenter/msgTemplate: the list, and the message dictionaries', async () => {
      const { get } = client();
      const templates = await get('/api/message/MessageTemplateConfig', 'currentPage=1&pageSize=20&keyword=');
      expectPage(templates, ['fullName', 'enCode', 'messageSource', 'messageType', 'creatorUser', 'creatorTime', 'lastModifyTime', 'sortCode', 'enabledMark']);
      const all = await get('/api/system/DictionaryData/All');
      expect(dictionary(all, 'msgSendType').length).toBeGreaterThan(0);
      expect(dictionary(all, 'msgSourceType').length).toBeGreaterThan(0);
    });

    it('systemData/dictionary: the types, then the first type\'s entries with isTree echoed', async () => {
      const { get } = client();
      const types = await get('/api/system/DictionaryType');
      const first = types.list[0];
      expectFields(first, ['id', 'fullName', 'isTree']);
      const entries = await get(`/api/system/DictionaryData/${first.id}`, `keyword=&isTree=${first.isTree}`);
      expect(Array.isArray(entries.list)).toBe(true);
    });

    it('systemData/dataInterface: categories from DataInterfaceType, the list of the first', async () => {
      const { get } = client();
      const categories = dictionary(await get('/api/system/DictionaryData/All'), 'DataInterfaceType');
      expect(categories.length).toBeGreaterThan(0);
      const interfaces = await get('/api/system/DataInterface', `keyword=&currentPage=1&enabledMark=&type=&pageSize=20&category=${categories[0]!.id}&sort=desc`);
      expect(interfaces.pagination).toBeDefined();
    });

    it('systemData/dataInterface: a new static interface as the form saves it, in the category entry it chose', async () => {
      const { get, send } = client();
      const category = dictionary(await get('/api/system/DictionaryData/All'), 'DataInterfaceType')[1]!;
      const config = JSON.stringify({ staticData: '[{"id":"1","fullName":"甲"}]', sqlData: { dbLinkId: '0', sql: '' }, apiData: { method: 1, url: '', header: [], query: [], body: '', bodyType: 0, bodyJson: '', bodyXml: '' } });
      const created = await send('POST', '/api/system/DataInterface', {
        fullName: '样品状态', enCode: 'jnpfSampleStates', category: category.id, type: 2, hasPage: 0, sortCode: 0, enabledMark: 1, description: '', action: 3, isPostPosition: 0, id: '',
        dataConfigJson: config, dataCountJson: config, dataEchoJson: config, dataJsJson: '(data) => { return data }', dataExceptionJson: '(data) => { return data }', fieldJson: '[]', parameterJson: '[]',
      });
      const listed = await get('/api/system/DataInterface', `keyword=&currentPage=1&enabledMark=&type=&pageSize=20&category=${category.id}&sort=desc`);
      expect(listed.list.map((row: { id: string }) => row.id)).toEqual([created.id]);
    });

    it('onlineDev/webDesign: categories from webDesign, the list with every filter empty', async () => {
      const { get } = client();
      const all = await get('/api/system/DictionaryData/All');
      expect(dictionary(all, 'webDesign').length).toBeGreaterThan(0);
      expect(dictionary(all, 'WorkFlowCategory').length).toBeGreaterThan(0);
      const designs = await get('/api/visualdev/Base', 'currentPage=1&pageSize=20&sort=desc&sidx=&keyword=&type=1&category=&webType=&isRelease=&enableFlow=');
      expect(designs.pagination).toBeDefined();
      expect((await get('/api/system/DataSource/Selector')).list.length).toBeGreaterThan(0);
    });

    it('messageRecord: the messages of every kind (type empty) and the bell\'s unread ones', async () => {
      const { get } = client();
      expect((await get('/api/message', 'currentPage=1&pageSize=20&sort=desc&keyword=&type=')).pagination).toBeDefined();
      expect((await get('/api/message', 'currentPage=1&pageSize=20&sort=desc&keyword=&type=&isRead=0')).pagination).toBeDefined();
    });

    it('system/notice: the notice list as a POST with empty filter lists, the notice types', async () => {
      const { get, send } = client();
      expect(dictionary(await get('/api/system/DictionaryData/All'), 'NoticeType').length).toBeGreaterThan(0);
      const notices = await send('POST', '/api/message/Notice/List', { keyword: '', currentPage: 1, pageSize: 20, enabledMark: [], type: [], expirationTime: [], releaseTime: [], releaseUser: [], creatorUser: [], creatorTime: [] });
      expectPage(notices, ['title', 'enabledMark', 'creatorUser', 'creatorTime', 'releaseUser', 'releaseTime']);
      // The filters as the page sets them: any of the chosen states and types, a creation time range in ms.
      const filtered = await send('POST', '/api/message/Notice/List', { keyword: '', currentPage: 1, pageSize: 20, enabledMark: ['1'], type: ['2'], creatorTime: [Date.now() - 86_400_000, Date.now() + 60_000], sort: 'desc' });
      expect(filtered.list.length).toBeGreaterThan(0);
      expect(filtered.list.every((notice: { enabledMark: number; category: string }) => notice.enabledMark === 1 && notice.category === '2')).toBe(true);
      const drafts = await send('POST', '/api/message/Notice/List', { currentPage: 1, pageSize: 20, enabledMark: ['0'], type: [] });
      expect(drafts.list.every((notice: { enabledMark: number }) => notice.enabledMark === 0)).toBe(true);
      expect((await send('POST', '/api/message/Notice/List', { currentPage: 1, pageSize: 20, creatorTime: [0, Date.now() - 86_400_000 * 3650] })).list).toEqual([]);
    });

    // Menu management (/api/system/System, /api/system/Menu/ModuleBySystem/{systemId}, the menu form) is not built:
    // menus are declared by the modules and made by releasing designs (docs/api.md, "Still different").
    it.todo('system/menu: the systems, then the menus of the first');

    it('profile: base info and the sign-in log with every filter empty', async () => {
      const { get } = client();
      const info = await get('/api/permission/Users/Current/BaseInfo');
      expectFields(info, ['realName', 'account', 'organize', 'manager', 'position', 'ranks', 'roleId', 'creatorTime', 'prevLogTime', 'entryDate']);
      const log = await get('/api/permission/Users/Current/SystemLog', 'currentPage=1&pageSize=20&sort=desc&keyword=&startTime=&endTime=&loginMark=&loginType=&category=1');
      expectPage(log, ['loginType', 'creatorTime', 'userName', 'ipAddress', 'ipAddressName', 'browser', 'platForm', 'loginMark', 'abstracts']);
    });
  });

  describe('JNPF 3.4', () => {
    const client = () => clientOf(suite, '3.4');

    it('permission/user: the organisation tree, then the list', async () => {
      const { get } = client();
      expect((await get('/api/permission/Organize/Department/Selector/0')).list.length).toBeGreaterThan(0);
      const users = await get('/api/permission/Users', 'organizeId=&keyword=&currentPage=1&pageSize=20');
      expectPage(users, ['account', 'realName', 'gender', 'mobilePhone', 'organize', 'creatorTime', 'sortCode', 'enabledMark', 'isAdministrator']);
    });

    it('permission/department: the first company\'s departments', async () => {
      const { get } = client();
      const tree = await get('/api/permission/Organize/Department/Selector/0');
      // The first company with departments (an earlier page may have added one without).
      const company = tree.list.find((node: { children?: { type: string }[] }) => node.children?.some((child) => child.type === 'department'));
      const departments = await get(`/api/permission/Organize/${company.id}/Department`, 'keyword=');
      expectFields(departments.list[0], ['fullName', 'enCode', 'manager', 'creatorTime', 'sortCode']);
    });

    it('permission/role and group: the lists', async () => {
      const { get } = client();
      expectPage(await get('/api/permission/Role', 'organizeId=&keyword=&currentPage=1&pageSize=20&sort=desc&sidx='), ['fullName', 'enCode', 'type', 'organizeInfo']);
      expect((await get('/api/permission/Group', 'currentPage=1&pageSize=20&sort=desc&sidx=&keyword=')).pagination).toBeDefined();
    });

    it('system/billRule: the list', async () => {
      expectPage(await client().get('/api/system/BillRule', 'keyword=&currentPage=1&pageSize=20'), ['fullName', 'enCode', 'startNumber', 'outputNumber']);
    });

    it('permission/authorize: the batch page\'s trees for object 0, then the chosen pages added to a role', async () => {
      const { get, send } = client();
      const modules = await send('POST', '/api/permission/Authority/Data/0/Values', { type: 'module', moduleIds: '' });
      expect(modules.list.length).toBeGreaterThan(0);
      const groupPage = (await suite.database.db.selectFrom('base_module').select('id').where('en_code', '=', 'permission.group').executeTakeFirstOrThrow()).id;
      const roles = (await get('/api/permission/Role/SelectorByPermission')).list;
      const role = roles.flatMap((node: { children: { id: string; type: string }[] }) => [node, ...node.children]).find((node: { type: string }) => node.type === 'role');
      const before = await send('POST', `/api/permission/Authority/Data/${role.id}/Values`, { type: 'module', moduleIds: '' });
      await send('POST', '/api/permission/Authority/Data/Batch', { roleIds: [role.id], module: [groupPage], button: [], column: [], form: [], resource: [] });
      const after = await send('POST', `/api/permission/Authority/Data/${role.id}/Values`, { type: 'module', moduleIds: '' });
      // Added to what the role held, nothing taken away.
      expect([...after.ids].sort()).toEqual([...new Set([...before.ids, groupPage])].sort());
      // A role that does not exist among those named: refused, and the others get nothing either.
      const count = async () => (await suite.database.db.selectFrom('base_authorize').select('id').execute()).length;
      const rows = await count();
      const refused = await suite.app.inject({ method: 'POST', url: '/api/permission/Authority/Data/Batch', headers: { authorization: suite.admin }, payload: { roleIds: [role.id, 'no-such-role'], module: modules.all.slice(0, 3) } });
      expect(refused.json()).toMatchObject({ code: 404 });
      expect(await count()).toBe(rows);
    });

    it('system/log: the sign-in log by category in the path', async () => {
      const log = await client().get('/api/system/Log/1', 'keyword=&startTime=&endTime=&sort=desc&currentPage=1&pageSize=20');
      expectPage(log, ['creatorTime', 'userName', 'ipaddress', 'platForm']);
    });

    it('systemData/dataInterface: categories by the fixed type id, then the list', async () => {
      const { get } = client();
      const categories = await get('/api/system/DictionaryData/9c43287481364d348c0ea0d0f64b38be/Data/Selector');
      expect(categories.list.length).toBeGreaterThan(0);
      const interfaces = await get('/api/system/DataInterface', `keyword=&currentPage=1&pageSize=20&categoryId=${categories.list[0].id}&sort=desc`);
      expect(interfaces.pagination).toBeDefined();
    });

    it('generator/webForm: categories from webForm, the list', async () => {
      const { get } = client();
      expect(dictionary(await get('/api/system/DictionaryData/All'), 'webForm').length).toBeGreaterThan(0);
      expect((await get('/api/visualdev/Base', 'currentPage=1&pageSize=20&sort=desc&sidx=&keyword=&type=4&category=')).pagination).toBeDefined();
    });

    it('permission/organize and position: the company tree and the position list', async () => {
      const { get } = client();
      expectFields((await get('/api/permission/Organize', 'keyword=')).list[0], ['fullName', 'enCode', 'description', 'creatorTime', 'sortCode']);
      expectPage(await get('/api/permission/Position', 'organizeId=&keyword=&currentPage=1&pageSize=20'), ['fullName', 'enCode', 'type', 'department', 'creatorTime', 'sortCode']);
    });

    it.todo('system/menu: the menus of the web client (menu management is not built)');

    it('system/area, printDev and dictionary: the first loads', async () => {
      const { get } = client();
      expect((await get('/api/system/Area/-1', 'keyword=')).list.length).toBeGreaterThan(0);
      expect((await get('/api/system/printDev', 'currentPage=1&pageSize=20&sort=desc&sidx=&keyword=&category=')).pagination).toBeDefined();
      const types = await get('/api/system/DictionaryType');
      expect((await get(`/api/system/DictionaryData/${types.list[0].id}`, `keyword=&isTree=${types.list[0].isTree}`)).list).toBeDefined();
    });

    it('system/sysConfig: read, and saved back whole', async () => {
      const { get, send } = client();
      await send('PUT', '/api/system/SysConfig', { ...(await get('/api/system/SysConfig')), smsCompany: '1', lockType: 1, lockTime: 10, qyhIsSynOrg: 0, qyhIsSynUser: 0, dingSynIsSynOrg: 0, dingSynIsSynUser: 0 });
    });

    it('messageRecord and system/notice: the messages, the notices', async () => {
      const { get } = client();
      expect((await get('/api/message', 'currentPage=1&pageSize=20&sort=desc&keyword=&type=')).pagination).toBeDefined();
      expectPage(await get('/api/message/Notice', 'keyword=&currentPage=1&pageSize=20'), ['title', 'creatorUser', 'creatorTime', 'lastModifyTime', 'enabledMark']);
    });

    it('profile: base info and the sign-in log with every filter empty', async () => {
      const { get } = client();
      expectFields(await get('/api/permission/Users/Current/BaseInfo'), ['account', 'organize', 'manager', 'position', 'roleId', 'creatorTime', 'prevLogTime', 'entryDate']);
      expectPage(await get('/api/permission/Users/Current/SystemLog', 'currentPage=1&pageSize=20&sort=desc&keyword=&startTime=&endTime=&category=1'), ['creatorTime', 'userName', 'ipaddress', 'platForm']);
    });
  });
});
