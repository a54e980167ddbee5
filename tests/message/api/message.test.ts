import { describe, expect, it } from 'vitest';
import { testDatabases } from '../../support/api/testDatabases.js';
import { apiSuite } from '../../support/api/apiSuite.js';

/** Notices, each user's message list, read marks and unread counts (spec 000 §7 Messages). */
describe.each(testDatabases())('messages and notices on $name', (testDb) => {
  const suite = apiSuite(testDb);
  const call = (...args: Parameters<typeof suite.call>) => suite.call(...args);
  const unread = async (token: string) => (await call(token, 'GET', '/api/message/getUnReadMsgNum')).data;

  it('gives every demo user the seeded notice, unread, in their own list', async () => {
    const list = await call(suite.staff, 'GET', '/api/message?currentPage=1&pageSize=20');
    expect(list.code).toBe(200);
    expect(list.data.list).toHaveLength(1);
    expect(list.data.list[0]).toMatchObject({ title: '实验室安全培训通知', type: 1, isRead: 0, releaseUser: '系统管理员/admin' });
    expect(typeof list.data.list[0].releaseTime).toBe('number');
    expect(await unread(suite.staff)).toMatchObject({ unReadNotice: '1', unReadNum: '1' });
  });

  it('releases a notice into every enabled user\'s list; reading marks it read for that user only', async () => {
    const created = await call(suite.admin, 'POST', '/api/message', { title: '仪器维护公告', bodyText: '<p>色谱仪周三停机维护</p>', category: '1', excerpt: '周三停机' });
    expect(created.code).toBe(200);
    const id = created.data.id;
    // A draft reaches nobody.
    expect((await unread(suite.staff)).unReadNum).toBe('1');
    const drafts = await call(suite.admin, 'GET', '/api/message/Notice?keyword=仪器维护');
    expect(drafts.data.list[0]).toMatchObject({ id, enabledMark: 0, creatorUser: '系统管理员/admin', releaseUser: '' });

    const released = await call(suite.admin, 'PUT', `/api/message/${id}/Actions/Release`);
    expect(released).toMatchObject({ code: 200 });
    expect((await call(suite.admin, 'GET', `/api/message/${id}`)).data).toMatchObject({ enabledMark: 1, releaseUser: '系统管理员/admin' });
    const users = await suite.database.db.selectFrom('base_user').select((eb) => eb.fn.countAll<number>().as('n')).where('enabled_mark', '=', 1).executeTakeFirstOrThrow();
    const receipts = await suite.database.db.selectFrom('base_message').select((eb) => eb.fn.countAll<number>().as('n')).where('notice_id', '=', id).executeTakeFirstOrThrow();
    expect(Number(receipts.n)).toBe(Number(users.n));

    const zhangwei = await suite.tokenOf('zhangwei');
    const before = await unread(zhangwei);
    expect(before.unReadNotice).toBe('2');
    const mine = (await call(suite.staff, 'GET', '/api/message?keyword=仪器维护')).data.list[0];
    const read = await call(suite.staff, 'GET', `/api/message/ReadInfo/${mine.id}`);
    expect(read.data).toMatchObject({ title: '仪器维护公告', bodyText: '<p>色谱仪周三停机维护</p>', excerpt: '周三停机', category: '1', isRead: 1 });
    expect((await unread(suite.staff)).unReadNotice).toBe('1');
    expect(await unread(zhangwei)).toEqual(before);
    // Another user's message is not found, and reading it marks nothing.
    expect((await call(zhangwei, 'GET', `/api/message/ReadInfo/${mine.id}`)).code).toBe(404);
    // Released notices are no longer edited, nor released twice.
    expect((await call(suite.admin, 'PUT', `/api/message/${id}`, { title: '改' })).msg).toBe('公告已发布，不能修改');
    expect((await call(suite.admin, 'PUT', `/api/message/${id}/Actions/Release`)).code).toBe(400);
  });

  it('releases to the chosen users only when recipients are named', async () => {
    const lina = await suite.tokenOf('lina');
    const created = await call(suite.admin, 'POST', '/api/message/Notice', { title: '课题组会议', toUserIds: 'user-lina', category: 2 });
    await call(suite.admin, 'PUT', `/api/message/Notice/${created.data.id}/Actions/Release`);
    expect((await call(lina, 'GET', '/api/message?keyword=课题组会议')).data.list).toHaveLength(1);
    expect((await call(suite.staff, 'GET', '/api/message?keyword=课题组会议')).data.list).toHaveLength(0);
    expect((await call(suite.admin, 'POST', '/api/message', { title: '无人', toUserIds: ['no-such-user'] })).msg).toBe('接收人不存在或已停用');
  });

  it('marks all read, deletes own records only, and refuses bad input without writing', async () => {
    const wangfang = await suite.tokenOf('wangfang');
    expect(Number((await unread(wangfang)).unReadNum)).toBeGreaterThan(0);
    expect((await call(wangfang, 'POST', '/api/message/Actions/ReadAll', {})).code).toBe(200);
    expect((await unread(wangfang)).unReadNum).toBe('0');
    const own = (await call(wangfang, 'GET', '/api/message')).data.list.map((m: { id: string }) => m.id);
    const staffOwn = (await call(suite.staff, 'GET', '/api/message')).data.list.map((m: { id: string }) => m.id);
    // Someone else's id in the list is ignored: the staff user's messages stay.
    expect((await call(wangfang, 'DELETE', '/api/message/Record', { ids: [...own, staffOwn[0]].join(',') })).code).toBe(200);
    expect((await call(wangfang, 'GET', '/api/message')).data.pagination.total).toBe(0);
    expect((await call(suite.staff, 'GET', '/api/message')).data.pagination.total).toBe(staffOwn.length);
    expect((await call(wangfang, 'DELETE', '/api/message/Record', { ids: '' })).msg).toBe('请选择要删除的消息');

    const before = (await call(suite.admin, 'GET', '/api/message/Notice')).data.pagination.total;
    for (const bad of [{ title: '' }, { title: 'x'.repeat(201) }, { title: 'ok', category: '9' }, { title: 'ok', bodyText: '&lt;p&gt;' }, { title: 'ok', expirationTime: 'not a time' }, { title: 'ok', expirationTime: Date.now() - 60_000 }]) {
      const answer = await call(suite.admin, 'POST', '/api/message', bad);
      expect(answer.code, JSON.stringify(bad)).toBe(400);
      expect(answer.msg).not.toMatch(/error|stack|sql/i);
    }
    expect((await call(suite.admin, 'GET', '/api/message/Notice')).data.pagination.total).toBe(before);
    expect((await call(suite.admin, 'GET', '/api/message/no-such-id')).code).toBe(404);
  });

  it('shows a released notice past its expiry as expired (2), and deleting a notice takes it out of every list', async () => {
    const created = await call(suite.admin, 'POST', '/api/message', { title: '短期通知', expirationTime: Date.now() + 60_000 });
    await call(suite.admin, 'PUT', `/api/message/${created.data.id}/Actions/Release`);
    await suite.database.db.updateTable('base_notice').set({ expiration_time: new Date(Date.now() - 1000) }).where('id', '=', created.data.id).execute();
    expect((await call(suite.admin, 'GET', '/api/message/Notice?keyword=短期通知')).data.list[0].enabledMark).toBe(2);
    expect((await call(suite.staff, 'GET', '/api/message?keyword=短期通知')).data.list).toHaveLength(1);
    expect((await call(suite.admin, 'DELETE', `/api/message/${created.data.id}`)).code).toBe(200);
    expect((await call(suite.staff, 'GET', '/api/message?keyword=短期通知')).data.list).toHaveLength(0);
  });

  it('keeps notice management to the notice page: staff may read their messages but not write notices', async () => {
    expect((await call(suite.staff, 'GET', '/api/message/Notice')).code).toBe(403);
    expect((await call(suite.staff, 'POST', '/api/message', { title: '越权' })).code).toBe(403);
    const draft = (await call(suite.admin, 'GET', '/api/message/Notice?enabledMark=0')).data.list[0];
    expect((await call(suite.staff, 'PUT', `/api/message/${draft.id}/Actions/Release`)).code).toBe(403);
    expect((await call(suite.admin, 'GET', `/api/message/${draft.id}`)).data.enabledMark).toBe(0);
  });
});
