import { beforeAll, describe, expect, it } from 'vitest';
import { hashPasswordForTransport } from '../../../src/shared/passwordHash.js';
import { apiSuite } from '../../support/api/apiSuite.js';
import { testDatabases } from '../../support/api/testDatabases.js';

/**
 * Form short links (spec 000 §2 /formShortLink): the settings on a released design, and a visitor who is not signed
 * in opening the link, passing its password, and submitting with a captcha — checked as any submission, counted per
 * address, refused once the link is off or past its expiry. Nothing a refusal touches is stored.
 */
const DESIGN = '/api/visualdev/Base';
const ONLINE = '/api/visualdev/OnlineDev';
const LINK = '/api/visualdev/ShortLink';

const form = {
  fields: [
    { __config__: { jnpfKey: 'comInput', label: '姓名', required: true }, __vModel__: 'name', maxlength: 20 },
    { __config__: { jnpfKey: 'numInput', label: '人数' }, __vModel__: 'people', min: 1, max: 10 },
    { __config__: { jnpfKey: 'select', label: '场次', dataType: 'static' }, __vModel__: 'session', __slot__: { options: [{ fullName: '上午', id: 'am' }, { fullName: '下午', id: 'pm' }] }, props: { props: { label: 'fullName', value: 'id' } } },
  ],
};
const list = { type: 1, searchList: [], columnList: [{ prop: 'name', label: '姓名' }, { prop: 'people', label: '人数' }], btnsList: [{ value: 'add' }], columnBtnsList: [], hasPage: true, pageSize: 20 };

describe.each(testDatabases())('form short links on $name', (testDb) => {
  const suite = apiSuite(testDb);
  const call = (...args: Parameters<typeof suite.call>) => suite.call(...args);
  let designId: string;
  let code: string;
  const visitor = async (method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    (await suite.app.inject({ method, url, payload: payload as object | undefined, headers: { 'x-forwarded-for': '203.0.113.9', ...headers } })).json();
  const captcha = async (id: string) => {
    await suite.app.inject({ method: 'GET', url: `/api/file/ImageCode/${id}` });
    return (await suite.database.db.selectFrom('auth_captcha').select('answer').where('id', '=', id).executeTakeFirstOrThrow()).answer;
  };
  const records = async () => (await call(suite.admin, 'POST', `${ONLINE}/${designId}/List`, { currentPage: 1, pageSize: 50 })).data.list as Record<string, unknown>[];
  const design = async (enCode: string, formData: object) => {
    const created = await call(suite.admin, 'POST', DESIGN, { fullName: '活动报名', enCode, category: 'other', webType: 2, formData: JSON.stringify(formData), columnData: JSON.stringify(list), tables: '[]' });
    expect(created.code, created.msg).toBe(200);
    return created.data.id as string;
  };
  const release = async (id: string) => expect((await call(suite.admin, 'POST', `${DESIGN}/${id}/Actions/Release`, { pc: 1, pcModuleParentId: ['menu-onlineDev'], app: 0 })).code).toBe(200);

  beforeAll(async () => {
    designId = await design('short_link_signup', form);
    await release(designId);
  });

  it('turns a released design’s link on, with a password and an expiry, and never answers the password', async () => {
    expect((await call(suite.admin, 'GET', `${LINK}/${designId}`)).data).toMatchObject({ formUse: 0, alreadySave: false, formLink: '' });
    const unreleased = await design('short_link_draft', form);
    expect((await call(suite.admin, 'PUT', LINK, { id: unreleased, formUse: 1 })).msg).toBe('请先发布该功能，再开启外链填单');
    const picker = await design('short_link_picker', { fields: [...form.fields, { __config__: { jnpfKey: 'userSelect', label: '联系人' }, __vModel__: 'contact' }] });
    await release(picker);
    const refused = await call(suite.admin, 'PUT', LINK, { id: picker, formUse: 1 });
    expect(refused.code).toBe(400);
    expect(refused.msg).toContain('联系人');
    expect((await call(suite.admin, 'PUT', LINK, { id: designId, formUse: 1, formPassUse: 1 })).msg).toBe('请输入密码');
    expect((await call(suite.admin, 'PUT', LINK, { id: designId, formUse: 1, expiryTime: Date.now() - 1000 })).msg).toBe('失效时间须晚于现在');
    expect((await call(suite.staff, 'PUT', LINK, { id: designId, formUse: 1 })).code).toBe(403);

    const saved = await call(suite.admin, 'PUT', LINK, { id: designId, formUse: 1, formPassUse: 1, formPassword: hashPasswordForTransport('报名2026'), expiryTime: Date.now() + 86_400_000 });
    expect(saved.code, saved.msg).toBe(200);
    expect(saved.data.formLink).toMatch(/^\/formShortLink\?encryption=[\w-]{20,}$/);
    code = decodeURIComponent(saved.data.formLink.split('encryption=')[1]);
    const settings = await call(suite.admin, 'GET', `${LINK}/${designId}`);
    expect(settings.data).toMatchObject({ formUse: 1, formPassUse: 1, hasPassword: true, formPassword: '', alreadySave: true, formLink: saved.data.formLink });
    expect(JSON.stringify(settings.data)).not.toContain('scrypt');
    // Saved again without a password, the one set before stays.
    expect((await call(suite.admin, 'PUT', LINK, { id: designId, formUse: 1, formPassUse: 1, formPassword: '', expiryTime: settings.data.expiryTime })).code).toBe(200);
  });

  it('lets a visitor past the password, shows the form, and stores a checked submission with a captcha', async () => {
    const state = await visitor('GET', `${LINK}/getConfig/${code}`);
    expect(state).toMatchObject({ code: 200, data: { fullName: '活动报名', formUse: 1, formPassUse: 1 } });
    expect((await visitor('GET', `${LINK}/${code}/Config`)).code).toBe(403);
    expect((await visitor('POST', `${LINK}/checkPwd`, { encryption: code, password: hashPasswordForTransport('wrong') })).msg).toBe('密码错误');
    const { data } = await visitor('POST', `${LINK}/checkPwd`, { encryption: code, password: hashPasswordForTransport('报名2026') });
    const pass = data.pass as string;
    expect((await visitor('GET', `${LINK}/${code}/Config`, undefined, { 'x-short-link-pass': `${pass}x` })).code).toBe(403);
    const config = await visitor('GET', `${LINK}/${code}/Config`, undefined, { 'x-short-link-pass': pass });
    expect(config.code, config.msg).toBe(200);
    expect(JSON.parse(config.data.formData).fields.map((f: { __vModel__: string }) => f.__vModel__)).toEqual(['name', 'people', 'session']);

    const before = (await records()).length;
    const submit = (body: object) => visitor('POST', `${LINK}/${code}`, { pass, ...body });
    expect((await submit({ data: JSON.stringify({ name: '张三' }), captchaId: 'c1', captchaCode: 'zzzz' })).msg).toBe('验证码错误或已过期');
    const invalid = await submit({ data: JSON.stringify({ people: 99 }), captchaId: 'c2', captchaCode: await captcha('c2') });
    expect(invalid.code).toBe(400);
    expect(invalid.data.problems.map((p: { field: string }) => p.field).sort()).toEqual(['name', 'people']);
    expect((await records()).length).toBe(before);

    const stored = await submit({ data: JSON.stringify({ name: '张三', people: 2, session: 'pm' }), captchaId: 'c3', captchaCode: await captcha('c3') });
    expect(stored.code, stored.msg).toBe(200);
    const rows = await records();
    expect(rows).toHaveLength(before + 1);
    expect(rows[0]).toMatchObject({ name: '张三', people: 2, session: '下午' });
    // A captcha is good once.
    expect((await submit({ data: JSON.stringify({ name: '李四' }), captchaId: 'c3', captchaCode: 'any' })).msg).toBe('验证码错误或已过期');
    // Without the pass, nothing is taken.
    expect((await visitor('POST', `${LINK}/${code}`, { data: JSON.stringify({ name: '王五' }), captchaId: 'c4', captchaCode: await captcha('c4') })).code).toBe(403);
    // A new password ends the passes given before it.
    const settings = (await call(suite.admin, 'GET', `${LINK}/${designId}`)).data;
    expect((await call(suite.admin, 'PUT', LINK, { id: designId, formUse: 1, formPassUse: 1, formPassword: hashPasswordForTransport('新密码2026'), expiryTime: settings.expiryTime })).code).toBe(200);
    expect((await visitor('GET', `${LINK}/${code}/Config`, undefined, { 'x-short-link-pass': pass })).code).toBe(403);
    expect((await call(suite.admin, 'PUT', LINK, { id: designId, formUse: 1, expiryTime: 9e15 })).code).toBe(400);
  });

  it('counts password tries per address', async () => {
    const from = { 'x-forwarded-for': '198.51.100.7' };
    let answer: { code: number } = { code: 0 };
    for (let i = 0; i < 11 && answer.code !== 429; i++) answer = await visitor('POST', `${LINK}/checkPwd`, { encryption: code, password: hashPasswordForTransport(`guess${i}`) }, from);
    expect(answer.code).toBe(429);
  });

  it('closes the link while the account that turned it on is disabled', async () => {
    const db = suite.database.db;
    const staff = await db.selectFrom('base_user').select('id').where('account', '=', 'staff').executeTakeFirstOrThrow();
    const owner = (await db.selectFrom('base_visual_short_link').select('owner_user_id').where('id', '=', designId).executeTakeFirstOrThrow()).owner_user_id;
    await db.updateTable('base_visual_short_link').set({ owner_user_id: staff.id }).where('id', '=', designId).execute();
    await db.updateTable('base_user').set({ enabled_mark: 0 }).where('id', '=', staff.id).execute();
    const closed = await visitor('GET', `${LINK}/getConfig/${code}`);
    expect(closed.code).toBe(404);
    expect(closed.msg).toBe('链接不存在或已关闭');
    await db.updateTable('base_user').set({ enabled_mark: 1 }).where('id', '=', staff.id).execute();
    expect((await visitor('GET', `${LINK}/getConfig/${code}`)).code).toBe(200);
    await db.updateTable('base_visual_short_link').set({ owner_user_id: owner }).where('id', '=', designId).execute();
  });

  it('answers that the link is gone once it is turned off or has expired', async () => {
    await suite.database.db.updateTable('base_visual_short_link').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', designId).execute();
    expect((await visitor('GET', `${LINK}/getConfig/${code}`)).msg).toBe('链接已过期');
    expect((await call(suite.admin, 'PUT', LINK, { id: designId, formUse: 0 })).code).toBe(200);
    const gone = await visitor('GET', `${LINK}/getConfig/${code}`);
    expect(gone.code).toBe(404);
    expect(gone.msg).toBe('链接不存在或已关闭');
    expect((await visitor('GET', `${LINK}/getConfig/no-such-code`)).code).toBe(404);
  });
});
