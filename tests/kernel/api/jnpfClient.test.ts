import { createCipheriv } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPasswordForTransport } from '../../../src/shared/passwordHash.js';
import { captchaAnswerForLog } from '../../../src/modules/oauth/server/captchaStore.js';
import { composeMenus, type MenuItem } from '../../../src/kernel/server/menus.js';
import { serverModules } from '../../../src/modules/serverModules.js';
import billRuleFile from '../../../fixtures/billRule/billRules.json' with { type: 'json' };
import { TEST_PASSWORDS, testDatabases } from '../../support/api/testDatabases.js';
import { apiSuite } from '../../support/api/apiSuite.js';
import { signIn } from '../../support/api/signIn.js';

/**
 * What JNPF's own web clients (3.4 and 3.6, Vue 2) send and read, call by call (docs/api.md, "What a JNPF client
 * needs").
 */
const JNPF_CIPHER_KEY = 'EY8WePvjM5GGwQzn';

/**
 * The 3.6 client's password: crypto-js AES.encrypt(md5Hex, Utf8.parse(key), {mode: ECB, padding: Pkcs7}), whose
 * toString() is the Base64 of the ciphertext, then Hex.stringify(Base64.parse(that)). The same two steps here.
 */
function jnpf36Password(plain: string): string {
  const cipher = createCipheriv('aes-128-ecb', Buffer.from(JNPF_CIPHER_KEY, 'utf8'), null);
  const base64 = Buffer.concat([cipher.update(hashPasswordForTransport(plain), 'utf8'), cipher.final()]).toString('base64');
  return Buffer.from(base64, 'base64').toString('hex');
}

/** The spec's fixed routes under the root layout (spec 000 §2); /bizData/bizcartdetail is the cart menu's own page. */
const FIXED_ROUTES = ['home', 'dashboard', 'messageRecord', 'previewModel', 'profile', 'emailDetail', 'workFlowDetail', 'externalLink', 'fromMall', 'cart', 'orderDetail'];

const allMenus = (list: readonly MenuItem[]): MenuItem[] => list.flatMap((m) => [m, ...allMenus(m.children ?? [])]);

describe.each(testDatabases())('JNPF web clients on $name', (testDb) => {
  const suite = apiSuite(testDb);
  const call = suite.call;
  const form = (url: string, fields: Record<string, string>) =>
    suite.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });

  describe('12. sign-in', () => {
    it('encrypts as crypto-js does (a known answer computed with openssl)', () => {
      // The answer is for this plaintext, whatever the test databases are seeded with.
      expect(jnpf36Password('demo-test-1')).toBe(
        'ea264f6f7756bca1f518c7c34e979fb8f5afe3fa815e2e6cef0acdfe5019c62ca229e03f24a483b5f63d74677b8c4a66',
      );
    });

    it('accepts the 3.6 client\'s AES-wrapped MD5 hex, form-encoded as it posts it', async () => {
      const body = (await form('/api/oauth/Login', { account: 'staff', password: jnpf36Password(TEST_PASSWORDS.demoUser), origin: 'password', code: '', timestamp: '', grant_type: 'password' })).json();
      expect(body.code).toBe(200);
      expect(body.data.token).toMatch(/^bearer /);
      const wrong = (await form('/api/oauth/Login', { account: 'staff', password: jnpf36Password('wrong'), grant_type: 'password' })).json();
      expect(wrong).toMatchObject({ code: 400, msg: '账号或密码错误' });
      // 96 hex digits that are no ciphertext of an MD5 hex: refused as an unhashed password, not checked.
      const garbage = (await form('/api/oauth/Login', { account: 'staff', password: 'ab'.repeat(48), grant_type: 'password' })).json();
      expect(garbage).toMatchObject({ code: 400, msg: '密码应以 MD5 摘要提交' });
    });

    it('accepts the 3.4 client\'s MD5 hex with client_id, client_secret and scope', async () => {
      const body = await signIn(suite.app, 'staff', TEST_PASSWORDS.demoUser, { client_id: 'admin', client_secret: '123456', scope: 'all' });
      expect(body.code).toBe(200);
    });
  });

  it('13. getLoginConfig answers without a session: no redirect, no third-party sign-in', async () => {
    const body = (await suite.app.inject({ method: 'GET', url: '/api/oauth/getLoginConfig' })).json();
    expect(body).toMatchObject({ code: 200, data: { redirect: false, url: null, ticketParams: null, socialsList: [] } });
  });

  it('14. LockScreen with account and password unlocks only for the right password; without them it locks', async () => {
    const token = await suite.tokenOf('xuyan');
    const lockScreen = (payload?: object) =>
      suite.app.inject({ method: 'POST', url: '/api/oauth/LockScreen', headers: { authorization: token }, ...(payload ? { payload } : {}) }).then((r) => r.json());
    const locked = async () => (await call(token, 'GET', '/api/oauth/CurrentUser')).data.userInfo.locked;

    expect((await lockScreen()).code).toBe(200);
    expect(await locked()).toBe(true);
    // JNPF's lock page posts the MD5 hex.
    expect(await lockScreen({ account: 'xuyan', password: hashPasswordForTransport('wrong') })).toMatchObject({ code: 400, msg: '密码错误' });
    expect(await locked()).toBe(true);
    const failures = await suite.database.db.selectFrom('auth_login_attempt').select('id').where('account', '=', 'xuyan').where('succeeded', '=', 0).execute();
    expect(failures.length).toBeGreaterThan(0);
    expect(await lockScreen({ account: 'xuyan', password: hashPasswordForTransport(TEST_PASSWORDS.demoUser) })).toMatchObject({ code: 200, msg: '已解锁' });
    expect(await locked()).toBe(false);
    // An empty JSON object is our client's lock too.
    expect((await lockScreen({})).code).toBe(200);
    expect(await locked()).toBe(true);
  });

  it('15. SysConfig is readable by every signed-in user, with the password policy as numbers', async () => {
    const body = await call(suite.staff, 'GET', '/api/system/SysConfig');
    expect(body.code).toBe(200);
    expect(body.data).toMatchObject({ mandatoryModificationOfInitialPassword: 1, passwordLengthMinNumber: 6, containsNumbers: 1, passwordStrengthLimit: 1 });
    expect(typeof body.data.sysName).toBe('string');
    expect(body.data).not.toHaveProperty('contact');
    expect((await suite.app.inject({ method: 'GET', url: '/api/system/SysConfig' })).json().code).toBe(600);
  });

  it('16. CurrentUser carries the system, organisation path and groups JNPF clients read', async () => {
    const { userInfo, sysConfigInfo } = (await call(suite.staff, 'GET', '/api/oauth/CurrentUser')).data;
    expect(userInfo.systemIds).toEqual([{ id: 'labcode', name: sysConfigInfo.sysName, currentSystem: true }]);
    expect(userInfo.systemId).toBe('labcode');
    expect(userInfo.organizeIdList.at(-1)).toBe(userInfo.organizeId);
    expect(userInfo.organizeIdList.length).toBeGreaterThanOrEqual(1);
    expect(userInfo.groupIds).toEqual([]);
    expect(sysConfigInfo).toMatchObject({ title: sysConfigInfo.sysName, workLogoIcon: '', jnpfDomain: '' });
  });

  it('16b. the user page lists users with the exact calls JNPF\'s web client makes', async () => {
    const jnpf = (url: string) =>
      suite.app
        .inject({ method: 'GET', url: `${url}${url.includes('?') ? '&' : '?'}n=${Math.floor(Date.now() / 1000)}`, headers: { authorization: suite.admin, 'jnpf-origin': 'pc' } })
        .then((r) => ({ status: r.statusCode, body: r.json() }));
    const byAuth = await jnpf('/api/permission/Organize/Department/SelectorByAuth/0');
    expect(byAuth).toMatchObject({ status: 200, body: { code: 200 } });
    expect(byAuth.body.data.list.length).toBeGreaterThan(0);
    expect(byAuth.body.data.list[0]).toMatchObject({ id: expect.any(String), fullName: expect.any(String), type: 'company' });
    const selector = await jnpf('/api/permission/Organize/Department/Selector/0');
    expect(selector).toMatchObject({ status: 200, body: { code: 200 } });
    expect(selector.body.data.list.map((n: { id: string }) => n.id)).toEqual(byAuth.body.data.list.map((n: { id: string }) => n.id));
    const users = await jnpf('/api/permission/Users?keyword=&organizeId=&currentPage=1&pageSize=20&sort=desc&sidx=');
    expect(users).toMatchObject({ status: 200, body: { code: 200, data: { pagination: { currentPage: 1, pageSize: 20 } } } });
    const { list, pagination } = users.body.data;
    expect(pagination.total).toBeGreaterThan(1);
    expect(list.length).toBe(Math.min(20, pagination.total));
    expect(list[0]).toMatchObject({ id: expect.any(String), account: expect.any(String), realName: expect.any(String), enabledMark: expect.any(Number) });
    expect(list.map((u: { account: string }) => u.account)).toContain('staff');
  });

  describe('17. the captcha at /api/oauth/ImageCode/{length}/{random}', () => {
    it('answers an image for a Math.random() id, with the length asked for (clamped to 4..6)', async () => {
      for (const [length, expected] of [[4, 4], [6, 6], [9, 6], [2, 4]]) {
        const random = String(Math.random());
        const response = await suite.app.inject({ method: 'GET', url: `/api/oauth/ImageCode/${length}/${random}` });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toContain('image/svg+xml');
        expect(await captchaAnswerForLog(suite.database.db, random)).toHaveLength(expected);
      }
      // The spec's own address takes the same ids.
      expect((await suite.app.inject({ method: 'GET', url: '/api/file/ImageCode/0.5' })).statusCode).toBe(200);
    });

    it('checks the answer sent back with the random as timestamp', async () => {
      for (let i = 0; i < 3; i++) await signIn(suite.app, 'lina', 'wrong-password');
      expect((await signIn(suite.app, 'lina', TEST_PASSWORDS.demoUser)).data).toMatchObject({ captchaRequired: true });
      const random = '0.123';
      await suite.app.inject({ method: 'GET', url: `/api/oauth/ImageCode/4/${random}` });
      const code = await captchaAnswerForLog(suite.database.db, random);
      expect((await signIn(suite.app, 'lina', TEST_PASSWORDS.demoUser, { code, timestamp: random })).code).toBe(200);
    });
  });

  describe('18. bill rules, dictionaries and areas', () => {
    it('exports at Actions/Export as at Action/Export', async () => {
      for (const url of ['/api/system/BillRule/bill-sample/Actions/Export', '/api/system/DictionaryData/dict-type-sex/Actions/Export']) {
        const body = await call(suite.admin, 'GET', url);
        expect(body.code).toBe(200);
        expect(body.data.url).toMatch(/^\/api\/file\//);
      }
    });

    it('names the creator and the last change of a rule', async () => {
      const admin = (await call(suite.admin, 'GET', '/api/oauth/CurrentUser')).data.userInfo;
      const rule = { fullName: '留样编号', enCode: 'RetainNo', category: 'analysis', prefix: 'LY', dateFormat: 'yyyy', digit: 3, startNumber: '1' };
      const { id } = (await call(suite.admin, 'POST', '/api/system/BillRule', rule)).data;
      const created = (await call(suite.admin, 'GET', `/api/system/BillRule/${id}`)).data;
      expect(created).toMatchObject({ creatorUser: admin.userName, lastModifyTime: null });
      await call(suite.admin, 'PUT', `/api/system/BillRule/${id}`, { ...rule, prefix: 'LZ' });
      const listed = (await call(suite.admin, 'GET', '/api/system/BillRule?keyword=RetainNo')).data.list[0];
      expect(listed.creatorUser).toBe(admin.userName);
      expect(new Date(listed.lastModifyTime).getTime()).toBeGreaterThan(new Date(listed.creatorTime).getTime() - 1);
      // Seeded rules have no recorded creator.
      expect((await call(suite.admin, 'GET', '/api/system/BillRule/bill-sample')).data.creatorUser).toBeNull();
    });

    it('takes bill categories from the businessType dictionary, by code or by entry id', async () => {
      const entries: { id: string; enCode: string }[] = (await call(suite.staff, 'GET', '/api/system/DictionaryData/businessType/Data/Selector')).data.list;
      const codes = entries.map((e) => e.enCode);
      for (const seeded of billRuleFile.billRules) expect(codes).toContain(seeded.category);
      const purchase = entries.find((e) => e.enCode === 'purchase')!;
      // JNPF's list filters by the entry id and sends empty filters for "any".
      const byId = (await call(suite.admin, 'GET', `/api/system/BillRule?categoryId=${purchase.id}&enabledMark=&keyword=`)).data.list;
      expect(byId.map((r: { enCode: string }) => r.enCode)).toEqual(['PurchaseOrder']);
      const all = (await call(suite.admin, 'GET', '/api/system/BillRule?categoryId=&enabledMark=')).data.pagination.total;
      expect(all).toBeGreaterThanOrEqual(billRuleFile.billRules.length);
      // A rule saved from JNPF's form (the entry id) stores the code.
      const rule = { fullName: '采购退货', enCode: 'PurchaseReturn', category: purchase.id, prefix: 'TH', dateFormat: 'yyyy', digit: 3, startNumber: '1' };
      const { id } = (await call(suite.admin, 'POST', '/api/system/BillRule', rule)).data;
      expect((await call(suite.admin, 'GET', `/api/system/BillRule/${id}`)).data.category).toBe('purchase');
    });

    it('names the category as the parent of a top-level dictionary entry, and the parent of an area', async () => {
      const [entry] = (await call(suite.admin, 'GET', '/api/system/DictionaryData/dict-type-sex')).data.list;
      expect(entry.parentId).toBe('0');
      expect((await call(suite.admin, 'GET', `/api/system/DictionaryData/${entry.id}/Info`)).data.parentId).toBe('dict-type-sex');
      expect((await call(suite.admin, 'GET', '/api/system/Area/130100/Info')).data).toMatchObject({ fullName: '石家庄市', parentId: '130000', parentName: '河北省' });
      expect((await call(suite.admin, 'GET', '/api/system/Area/130000/Info')).data.parentName).toBeNull();
    });
  });

  it('19. menu addresses are JNPF view paths, and none is a fixed route', () => {
    const menus = allMenus(composeMenus(serverModules));
    const address = (enCode: string) => menus.find((m) => m.enCode === enCode)?.urlAddress;
    expect(address('systemData.dictionary')).toBe('systemData/dictionary');
    expect(address('system.billRule')).toBe('system/billRule');
    expect(address('system.sysLog')).toBe('system/log');
    expect(address('msgCenter.messageRecord')).toBe('basic/messageRecord');
    for (const menu of menus) expect(FIXED_ROUTES).not.toContain(menu.urlAddress);
  });
});
