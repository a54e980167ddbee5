import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { testDatabases } from '../../support/api/testDatabases.js';
import { apiSuite } from '../../support/api/apiSuite.js';

// An address no route leads to (TEST-NET-1 documentation range), reached with a short timeout: the platforms'
// calls must answer "cannot reach" promptly, whatever the network does with the packets.
process.env.LABCODE_DINGTALK_API = 'http://192.0.2.1:9';
process.env.LABCODE_WECOM_API = 'http://192.0.2.1:9';
process.env.LABCODE_THIRD_PARTY_TIMEOUT_MS = '500';

/** System configuration and synchronisation (spec 001 §7), the password policy that drives the forced change. */
describe.each(testDatabases())('system configuration on $name', (testDb) => {
  const suite = apiSuite(testDb);
  const call = (...args: Parameters<typeof suite.call>) => suite.call(...args);

  it('saves the name and password policy; the session info and the forced change follow the policy', async () => {
    const saved = await call(suite.admin, 'PUT', '/api/system/SysConfig', { sysName: '测试平台', copyright: '© 测试', mandatoryModificationOfInitialPassword: 0, passwordLengthMinNumber: 8, someJnpfKey: 'ignored' });
    expect(saved).toMatchObject({ code: 200, msg: '保存成功' });
    const config = (await call(suite.staff, 'GET', '/api/system/SysConfig')).data;
    expect(config).toMatchObject({ sysName: '测试平台', copyright: '© 测试', mandatoryModificationOfInitialPassword: 0, passwordLengthMinNumber: 8 });
    expect(config).not.toHaveProperty('dingSynAppKey');
    const pengfei = await suite.tokenOf('pengfei');
    expect((await call(pengfei, 'POST', '/api/oauth/updatePasswordMessage')).data.mustChangePassword).toBe(false);
    expect((await call(pengfei, 'GET', '/api/oauth/CurrentUser')).data.sysConfigInfo).toMatchObject({ sysName: '测试平台', mandatoryModificationOfInitialPassword: 0 });
    await call(suite.admin, 'PUT', '/api/system/SysConfig', { mandatoryModificationOfInitialPassword: '1' });
    expect((await call(pengfei, 'POST', '/api/oauth/updatePasswordMessage')).data.mustChangePassword).toBe(true);
  });

  it('refuses bad settings with a translated message and keeps every value', async () => {
    const before = (await call(suite.admin, 'GET', '/api/system/SysConfig')).data;
    for (const [body, msg] of [
      [{ sysName: '' }, '请输入系统名称'],
      [{ sysName: '新名字', passwordLengthMinNumber: 3 }, '密码最小长度须为6到16之间的整数'],
      [{ sysName: '新名字', containsNumbers: 2 }, 'containsNumbers只能为0或1'],
      [{ sysName: '新名字', logoIcon: 'javascript:alert(1)' }, '图标地址须为站内路径或 http(s) 地址：logoIcon'],
      [{ sysName: 'x'.repeat(51) }, 'sysName最多为50个字符'],
    ] as const) {
      expect((await call(suite.admin, 'PUT', '/api/system/SysConfig', body)).msg).toBe(msg);
    }
    expect((await call(suite.admin, 'GET', '/api/system/SysConfig')).data).toEqual(before);
    expect((await call(suite.staff, 'PUT', '/api/system/SysConfig', { sysName: '越权' })).code).toBe(403);
  });

  it('keeps secrets: stored, never answered, kept when the form sends them empty', async () => {
    await call(suite.admin, 'PUT', '/api/system/SysConfig', { dingSynAppKey: 'ding-key', dingSynAppSecret: 'ding-secret' });
    const config = (await call(suite.admin, 'GET', '/api/system/SysConfig')).data;
    expect(config).toMatchObject({ dingSynAppKey: 'ding-key', dingSynAppSecret: '', dingSynAppSecretStored: true });
    await call(suite.admin, 'PUT', '/api/system/SysConfig', { dingSynAppKey: 'ding-key', dingSynAppSecret: '' });
    const row = await suite.database.db.selectFrom('base_sys_config').select('value').where('key', '=', 'dingSynAppSecret').executeTakeFirst();
    expect(row?.value).toBe('ding-secret');
  });

  it('answers a translated "cannot reach" for DingTalk and WeCom offline, and asks for missing credentials', async () => {
    const ding = await call(suite.admin, 'POST', '/api/system/SysConfig/testDingTalkConnect', { dingSynAppKey: 'k', dingSynAppSecret: 's' });
    expect(ding).toMatchObject({ code: 400, msg: '无法连接钉钉服务器，请检查网络后重试' });
    const response = await suite.app.inject({ method: 'POST', url: '/api/system/SysConfig/0/testQyWebChatConnect', headers: { authorization: suite.admin, 'accept-language': 'en' }, payload: { qyhCorpId: 'c', qyhAgentSecret: 's' } });
    expect(response.json()).toMatchObject({ code: 400, msg: 'Cannot reach the WeCom server; check the network and try again' });
    expect((await call(suite.admin, 'POST', '/api/system/SysConfig/1/testQyWebChatConnect', {})).msg).toBe('请填写CorpId');
    expect((await call(suite.admin, 'POST', '/api/system/SysConfig/7/testQyWebChatConnect', {})).code).toBe(400);
    // Synchronisation reaches for the platform with the stored credentials first.
    expect((await call(suite.admin, 'GET', '/api/system/SynThirdInfo/synAllOrganizeSysToDing?type=2')).msg).toBe('无法连接钉钉服务器，请检查网络后重试');
    expect((await call(suite.admin, 'GET', '/api/system/SynThirdInfo/synAllUserSysToQy?type=1')).msg).toBe('请填写CorpId');
    const totals = (await call(suite.admin, 'GET', '/api/system/SynThirdInfo/getSynThirdTotal/2')).data;
    expect(totals.map((t: { synType: string }) => t.synType)).toEqual(['组织', '用户']);
    expect(totals[1].recordTotal).toBeGreaterThan(0);
    expect(totals[1].unSynCount).toBe(totals[1].recordTotal);
  });

  it('lists the system log by category, keyword and time', async () => {
    const all = (await call(suite.admin, 'GET', '/api/system/Log?category=1&pageSize=100')).data;
    expect(all.list.length).toBeGreaterThan(0);
    expect(all.list.every((l: { category: number }) => l.category === 1)).toBe(true);
    expect(all.list.find((l: { userName: string }) => l.userName === '系统管理员/admin')).toBeTruthy();
    const staffOnly = (await call(suite.admin, 'GET', '/api/system/Log?keyword=staff')).data.list;
    expect(staffOnly.length).toBeGreaterThan(0);
    expect((await call(suite.admin, 'GET', `/api/system/Log?startTime=${Date.now() + 3_600_000}`)).data.list).toHaveLength(0);
    expect((await call(suite.admin, 'GET', '/api/system/Log?startTime=soon')).code).toBe(400);
  });
});

describe.each(testDatabases())('unread counts pushed on the message socket on $name', (testDb) => {
  const suite = apiSuite(testDb);

  it('tells an open socket its new count when a notice is released', async () => {
    await suite.app.listen({ port: 0, host: '127.0.0.1' });
    const address = suite.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const socket = new WebSocket(`ws://127.0.0.1:${address.port}/api/message/websocket/${encodeURIComponent(suite.staff)}`);
    const frames: Record<string, unknown>[] = [];
    const next = () => new Promise<Record<string, unknown>>((resolve) => {
      if (frames.length) return resolve(frames.shift()!);
      socket.once('message', () => resolve(frames.shift()!));
    });
    socket.on('message', (data) => frames.push(JSON.parse(data.toString())));
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ method: 'OnConnection', token: suite.staff }));
    expect(await next()).toMatchObject({ method: 'initMessage', unreadNoticeCount: 1 });
    const created = await suite.call(suite.admin, 'POST', '/api/message', { title: '推送测试' });
    await suite.call(suite.admin, 'PUT', `/api/message/${created.data.id}/Actions/Release`);
    expect(await next()).toMatchObject({ method: 'messagePush', unreadNoticeCount: 2, unreadTotalCount: 2 });
    socket.close();
  });
});
