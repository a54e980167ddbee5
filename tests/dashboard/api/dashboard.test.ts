import { describe, expect, it } from 'vitest';
import { DASHBOARD_CARDS } from '../../../src/shared/dashboardLayout.js';
import { ResultCode } from '../../../src/shared/envelope.js';
import { testDatabases } from '../../support/api/testDatabases.js';
import { apiSuite } from '../../support/api/apiSuite.js';

/** The /dashboard portal: each user's card layout saved on the server, and the notices and unread mail its cards read. */
describe.each(testDatabases())('dashboard on $name', (testDb) => {
  const suite = apiSuite(testDb);
  const call = (...args: Parameters<typeof suite.call>) => suite.call(...args);
  const LAYOUT = '/api/visualdev/Dashboard/Layout';

  it('answers the default layout, then each user\'s own saved one, complete and in their order', async () => {
    const first = await call(suite.staff, 'GET', LAYOUT);
    expect(first.code).toBe(200);
    expect(first.data).toEqual({ cards: DASHBOARD_CARDS.map((id) => ({ id, visible: true })), quickLinks: [], customized: false });

    // Only two cards named: the rest follow, shown, so a layout never loses a card.
    const saved = await call(suite.staff, 'PUT', LAYOUT, { cards: [{ id: 'orders', visible: true }, { id: 'notice', visible: false }], quickLinks: ['menu-a', 'menu-b', 'menu-a'] });
    expect(saved).toMatchObject({ code: 200, msg: '布局已保存' });
    const mine = (await call(suite.staff, 'GET', LAYOUT)).data;
    expect(mine.customized).toBe(true);
    expect(mine.cards.map((c: { id: string }) => c.id)).toEqual(['orders', 'notice', 'flowTodo', 'unread', 'quickLinks']);
    expect(mine.cards.find((c: { id: string }) => c.id === 'notice').visible).toBe(false);
    expect(mine.quickLinks).toEqual(['menu-a', 'menu-b']);
    // Another user's layout is untouched.
    expect((await call(suite.admin, 'GET', LAYOUT)).data.customized).toBe(false);

    // Saving again replaces it; reset brings the default back.
    await call(suite.staff, 'PUT', LAYOUT, { cards: [{ id: 'notice', visible: true }] });
    expect((await call(suite.staff, 'GET', LAYOUT)).data.cards[0]).toEqual({ id: 'notice', visible: true });
    const reset = await call(suite.staff, 'DELETE', LAYOUT);
    expect(reset.data).toMatchObject({ customized: false, quickLinks: [] });
  });

  it('refuses an unknown or repeated card and bad quick links with a translated message, keeping the saved layout', async () => {
    await call(suite.admin, 'PUT', LAYOUT, { cards: [{ id: 'unread', visible: false }] });
    const before = (await call(suite.admin, 'GET', LAYOUT)).data;
    const bad = [
      [{ cards: [{ id: 'weather' }] }, '没有这个卡片：weather'],
      [{ cards: [{ id: 'notice' }, { id: 'notice' }] }, '卡片重复：notice'],
      [{ quickLinks: Array.from({ length: 13 }, (_, i) => `m${i}`) }, '快捷入口最多12个'],
      [{ quickLinks: [''] }, '快捷入口不正确'],
    ] as const;
    for (const [body, msg] of bad) {
      const answer = await call(suite.admin, 'PUT', LAYOUT, body);
      expect(answer, JSON.stringify(body)).toMatchObject({ code: 400, msg });
    }
    const english = await suite.app.inject({ method: 'PUT', url: LAYOUT, headers: { authorization: suite.admin, 'accept-language': 'en' }, payload: { cards: [{ id: 'weather' }] } });
    expect(english.json().msg).toBe('There is no card weather');
    expect((await call(suite.admin, 'PUT', LAYOUT, { cards: 'all' })).code).toBe(400);
    expect((await call(suite.admin, 'GET', LAYOUT)).data).toEqual(before);
  });

  it('lists the caller\'s notices and unread mail for the cards, and asks for a session', async () => {
    const notices = await call(suite.staff, 'POST', '/api/visualdev/Dashboard/Notice', { typeList: [] });
    expect(notices.code).toBe(200);
    expect(notices.data.list[0]).toMatchObject({ fullName: '实验室安全培训通知', isRead: 0 });
    expect((await call(suite.staff, 'GET', '/api/visualdev/Dashboard/Notice')).data.list).toHaveLength(notices.data.list.length);

    const mail = (await call(suite.staff, 'GET', '/api/visualdev/Dashboard/Email')).data.list;
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ fullName: '试剂库盘点安排', senderName: '系统管理员' });
    expect((await call(suite.admin, 'GET', '/api/visualdev/Dashboard/Email')).data.list).toEqual([]);

    const anonymous = await suite.app.inject({ method: 'GET', url: LAYOUT });
    expect(anonymous.json().code).toBe(ResultCode.sessionExpired);
  });
});
