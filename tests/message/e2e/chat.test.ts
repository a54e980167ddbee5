import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openChatSocket } from '../../support/chatSocket.js';
import { ROOT, randomPort, startServerProcess, type ServerProcess } from '../../support/serverProcess.js';
import { DESKTOP, PHONE, apiSignIn, reportFailures, screenshot, signIn, startE2E, trackRequests, type E2EContext } from '../../support/e2e/browser.js';
import { throwawayDatabase } from '../../support/throwawayDatabase.js';


/**
 * Two people chat in two browser contexts (spec 001 §2, §4, §5, §7). With TEST_DATABASE_URL each talks to a server
 * process of their own on one PostgreSQL, so every message crosses processes (LISTEN/NOTIFY); without it both
 * share the embedded database's one process.
 */
describe('chat between two users in Chromium', () => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  let ctx: E2EContext;
  let other: ServerProcess | undefined;
  let database: Awaited<ReturnType<typeof throwawayDatabase>> | undefined;
  const contexts: BrowserContext[] = [];
  reportFailures(() => ctx);

  beforeAll(async () => {
    if (!serverUrl) {
      ctx = await startE2E();
      return;
    }
    // One database for both processes: a clone of the run's seeded template, whose passwords are the embedded
    // database's demo ones (e2eTemplate.ts), so the test reads the same on either engine.
    database = await throwawayDatabase(serverUrl, 'chat_e2e', inject('e2ePostgresTemplate'));
    const env = { DATABASE_URL: database.url };
    ctx = await startE2E(env);
    // One file storage for both, as a deployment shares its disk or bucket: a chat image uploaded through one
    // process is shown through the other.
    other = await startServerProcess({ port: randomPort(), dataDir: ctx.dataDir, env: { ...env, CLIENT_DIR: path.join(ROOT, 'dist/client') }, entry: inject('serverEntry') });
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await other?.stop();
    await ctx?.close();
    await database?.drop();
  });

  // Pages on either process, browsing without motion as newPage's do (the animated app is the shell file's): a
  // closing confirmation's wrap waited for the end of its animation and could still cover the next click.
  const pageOn = async (baseURL: string, viewport = DESKTOP): Promise<Page> => {
    const context = await ctx.browser.newContext({ viewport, locale: 'zh-CN', baseURL, reducedMotion: ctx.motion });
    contexts.push(context);
    return trackRequests(await context.newPage());
  };
  const signedIn = async (page: Page, account: string) => {
    await signIn(page, account, 'demo123456');
    // The socket is open once the chat entry has loaded and greeted.
    await page.getByTestId('chat-entry').waitFor();
  };
  const badge = (page: Page) => page.getByTestId('chat-badge');
  const openDrawer = async (page: Page) => {
    await page.getByTestId('chat-entry').click();
    await page.getByTestId('chat-drawer').waitFor();
  };
  const typeAndSend = async (page: Page, text: string) => {
    await page.getByTestId('chat-input').fill(text);
    await page.getByTestId('chat-input').press('Enter');
  };

  it('sends messages across processes with unread counts, images, emoji and history after reopening; never an empty one', async () => {
    const staff = await pageOn(ctx.server.url);
    // What staff's page sends over the chat socket, in order.
    const sentByStaff: string[] = [];
    staff.on('websocket', (socket) => socket.on('framesent', (frame) => typeof frame.payload === 'string' && sentByStaff.push(frame.payload)));
    const sentMessages = () => sentByStaff.map((payload) => JSON.parse(payload) as { method?: string; messageContent?: unknown }).filter((frame) => frame.method === 'SendMessage');
    const lina = await pageOn((other ?? ctx.server).url);
    await signedIn(staff, 'staff');
    await signedIn(lina, 'lina');
    await expect.poll(() => badge(lina).getAttribute('data-count')).toBe('0');

    // staff finds lina among the contacts and opens the conversation.
    await openDrawer(staff);
    await staff.getByTestId('chat-tab-contacts').click();
    await staff.getByTestId('chat-contact').first().waitFor();
    await staff.getByTestId('chat-contact-search').fill('lina');
    await staff.getByTestId('chat-contact-search').press('Enter');
    await expect.poll(() => staff.getByTestId('chat-contact').count()).toBe(1);
    await staff.locator('[data-testid="chat-contact"][data-account="lina"]').click();
    await staff.getByTestId('chat-window').waitFor();

    // An empty or blank message is not sent: Send stays disabled and Enter sends nothing.
    await staff.getByTestId('chat-input').fill('   ');
    await expect.poll(() => staff.getByTestId('chat-send').isDisabled()).toBe(true);
    await staff.getByTestId('chat-input').press('Enter');
    expect(await staff.getByTestId('chat-message').count()).toBe(0);
    const linaToken = await apiSignIn(ctx, 'lina', 'demo123456');
    const list = async () => ((await (await fetch(`${ctx.server.url}/api/message/imreply`, { headers: { authorization: linaToken } })).json()) as { data: { list: any[] } }).data.list;
    expect(await list()).toEqual([]);

    // Two messages: the input clears, staff sees them as sent, lina's count goes up to 2.
    await typeAndSend(staff, '你好，试剂到了');
    await staff.getByTestId('chat-message').filter({ hasText: '你好，试剂到了' }).waitFor();
    // The socket keeps order: had the blank Enter sent anything, it would have gone before this message and shown
    // before it. It sent nothing; this message is the only one, on the socket and on the page.
    expect(sentMessages().map((frame) => frame.messageContent)).toEqual(['你好，试剂到了']);
    expect(await staff.getByTestId('chat-message').count()).toBe(1);
    expect(await staff.getByTestId('chat-input').inputValue()).toBe('');
    await expect.poll(() => badge(lina).getAttribute('data-count')).toBe('1');
    await typeAndSend(staff, '请到 3 号柜领取');
    await expect.poll(() => badge(lina).getAttribute('data-count')).toBe('2');

    // lina opens the drawer: the conversation shows 2 unread and the latest message; opening reads it.
    await openDrawer(lina);
    const entry = lina.getByTestId('chat-conversation').filter({ hasText: '请到 3 号柜领取' });
    await expect.poll(() => entry.getByTestId('chat-unread').getAttribute('data-count')).toBe('2');
    await entry.click();
    await lina.getByTestId('chat-message').filter({ hasText: '你好，试剂到了' }).waitFor();
    await expect.poll(() => badge(lina).getAttribute('data-count')).toBe('0');

    // lina answers with an emoji and a photo.
    await lina.getByTestId('chat-input').fill('收到');
    await lina.getByTestId('chat-emoji').click();
    await lina.getByTestId('chat-emoji-panel').getByRole('button', { name: '👍' }).click();
    await lina.getByTestId('chat-send').click();
    await staff.getByTestId('chat-message').filter({ hasText: '收到👍' }).waitFor();
    // A real picture: a part of lina's own screen.
    const photo = await lina.screenshot({ clip: { x: 0, y: 0, width: 240, height: 120 } });
    await lina.locator('.lc-chat-tools input[type=file]').setInputFiles({ name: 'shelf.png', mimeType: 'image/png', buffer: photo });
    await staff.getByTestId('chat-message').locator('img').first().waitFor();
    // staff has the conversation open, so nothing is unread.
    expect(await badge(staff).getAttribute('data-count')).toBe('0');

    await screenshot(staff, 'chat-desktop', { docs: true });

    // History after reopening: a fresh page load, the drawer, the conversation, every message still there.
    await lina.reload();
    await lina.getByTestId('chat-entry').waitFor();
    await openDrawer(lina);
    await lina.getByTestId('chat-conversation').filter({ hasText: '[图片]' }).click();
    for (const text of ['你好，试剂到了', '请到 3 号柜领取', '收到👍']) await lina.getByTestId('chat-message').filter({ hasText: text }).waitFor();
    expect(await lina.getByTestId('chat-message').count()).toBe(4);

    // The phone: the same drawer, 280 px, over a 390 px screen.
    const phone = await pageOn((other ?? ctx.server).url, PHONE);
    await signedIn(phone, 'lina');
    // The last-login notice (2 s, bottom right) would cover the input.
    await phone.locator('.ant-notification-notice').waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
    await openDrawer(phone);
    await phone.getByTestId('chat-conversation').first().waitFor();
    await screenshot(phone, 'chat-list-phone', { docs: true });
    await phone.getByTestId('chat-conversation').first().click();
    await phone.getByTestId('chat-message').first().waitFor();
    await screenshot(phone, 'chat-phone', { docs: true });
  });

  it('clears records after confirming, and removes a conversation from the list', async () => {
    const staff = await pageOn(ctx.server.url);
    await signedIn(staff, 'staff');
    await openDrawer(staff);
    await staff.getByTestId('chat-conversation').first().click();
    await staff.getByTestId('chat-message').first().waitFor();

    // Cancelling changes nothing; confirming clears staff's side.
    await staff.getByTestId('chat-clear').click();
    await staff.locator('.ant-modal-confirm').getByRole('button', { name: /取\s*消/ }).click();
    expect(await staff.getByTestId('chat-message').count()).toBe(4);
    await staff.getByTestId('chat-clear').click();
    await staff.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => staff.getByTestId('chat-message').count()).toBe(0);
    await staff.getByTestId('chat-back').click();
    const entry = staff.getByTestId('chat-conversation').filter({ hasText: '李娜' });
    await expect.poll(() => staff.getByTestId('chat-latest').first().textContent()).toBe('\u00a0');

    // lina's history is untouched.
    const linaToken = await apiSignIn(ctx, 'lina', 'demo123456');
    const linaList = ((await (await fetch(`${ctx.server.url}/api/message/imreply`, { headers: { authorization: linaToken } })).json()) as { data: { list: any[] } }).data.list;
    expect(linaList[0]).toMatchObject({ account: 'staff', messageType: 'image' });

    await staff.getByTestId('chat-conversation-more').first().click();
    await staff.getByTestId('chat-remove').click();
    await expect.poll(() => staff.getByTestId('chat-conversation').count()).toBe(0);
    expect(await entry.count()).toBe(0);
  });
  it('shows the latest 30 messages and loads older ones when the history is scrolled to the top', async () => {
    // 45 messages from staff to wangfang, sent as a JNPF client would over the socket.
    const token = await apiSignIn(ctx, 'staff', 'demo123456');
    const users = (await (await fetch(`${ctx.server.url}/api/permission/Users/ImUser?keyword=wangfang&currentPage=1&pageSize=20`, { headers: { authorization: token } })).json()) as { data: { list: { id: string; account: string }[] } };
    const wangfangId = users.data.list.find((u) => u.account === 'wangfang')!.id;
    const socket = await openChatSocket(ctx.server.url.replace('http', 'ws'), token);
    for (let i = 1; i <= 45; i += 1) await socket.sendMessage({ method: 'SendMessage', toUserId: wangfangId, messageType: 'text', messageContent: `第${i}条` });
    await socket.close();

    const page = await pageOn((other ?? ctx.server).url);
    await signedIn(page, 'wangfang');
    await expect.poll(() => badge(page).getAttribute('data-count')).toBe('45');
    await openDrawer(page);
    await page.getByTestId('chat-conversation').filter({ hasText: '第45条' }).click();
    await page.getByTestId('chat-message').filter({ hasText: '第45条' }).waitFor();
    await expect.poll(() => page.getByTestId('chat-message').count()).toBe(30);
    expect(await page.getByTestId('chat-message').first().textContent()).toContain('第16条');
    // A person scrolls up with the wheel over the history, again while the older messages have not come.
    await page.getByTestId('chat-history').hover();
    await expect
      .poll(async () => {
        await page.mouse.wheel(0, -3000);
        return page.getByTestId('chat-message').count();
      }, { timeout: 15_000 })
      .toBe(45);
    expect(await page.getByTestId('chat-message').first().textContent()).toContain('第1条');
    await page.getByText('没有更多消息了').waitFor();
    await expect.poll(() => badge(page).getAttribute('data-count')).toBe('0');
  });
});
