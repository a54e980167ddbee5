import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, apiSignIn, expectInViewport, expectNoHorizontalScroll, newPage, screenshot, settled, signIn as signInByToken, signInThroughPage, e2eContext } from '../../support/e2e/browser.js';

/** The workspace of spec 000 §2 in Chromium: layouts, colours, tabs, page cache, menu search, menu types, guard. */
describe('the workspace shell in Chromium', () => {
  // Pages without motion, as in the other files (decision 199), except where the test is about what slides: the
  // settings drawer and the tabs' menus are clicked through in the animated app, as most people have it.
  const ctx = e2eContext();
  const animated = 'no-preference';

  const signIn = (page: Page, account = 'admin', password = 'admin123456') => signInByToken(page, account, password);
  /** The settings the app keeps in the browser (a layout and colour chosen on an earlier visit). */
  const storedSettings = (chosen: Record<string, string>) => ({ labcode_settings: JSON.stringify(chosen) });
  /**
   * Admin's saved layout changes in the first test, which a sign-in through the page would apply; the other tests
   * sign in by token (no layout applied) and those that click the side menu ask for classic all the same: the
   * browser has it stored when the app starts.
   */
  const signInClassic = async (page: Page) => {
    await signInByToken(page, 'admin', 'admin123456', '/home', storedSettings({ layoutType: 'classic' }));
    await page.getByTestId('side-menu').waitFor();
  };
  const classic = async (page: Page) => {
    await page.evaluate((stored) => window.localStorage.setItem('labcode_settings', stored.labcode_settings), storedSettings({ layoutType: 'classic' }));
    await page.reload();
    await page.getByTestId('side-menu').waitFor();
  };
  const settings = (page: Page) => page.evaluate(() => JSON.parse(window.localStorage.getItem('labcode_settings') ?? '{}'));
  const openSettings = async (page: Page) => {
    await page.getByTestId('settings-icon').click();
    await page.locator('.lc-settings-drawer .ant-drawer-body').waitFor();
  };
  const closeSettings = async (page: Page) => {
    await page.locator('.lc-settings-drawer .ant-drawer-close').click();
    await page.locator('.lc-settings-drawer .ant-drawer-body').waitFor({ state: 'hidden' });
  };

  it('switches layout, colour, sidebar style and language, and keeps them through a reload', async () => {
    const page = await newPage(ctx, DESKTOP, 'zh-CN', animated);
    await signIn(page);
    await page.getByTestId('side-menu').waitFor();

    await openSettings(page);
    await page.getByTestId('layout-functional').click();
    await page.getByTestId('colour-purple').click();
    await page.getByTestId('sidebar-lightWhite').click();
    await closeSettings(page);
    await page.getByTestId('top-menu').waitFor();
    expect(await page.locator('[data-layout]').getAttribute('data-layout')).toBe('functional');
    // The primary button colour is the theme colour, through antd's token.
    await page.getByText('系统数据').first().click();
    await settled(page);
    await page.getByText('数据字典').first().click();
    await page.waitForURL(/\/systemData\/dictionary$/);
    const addButton = page.locator('.ant-btn-primary').first();
    await addButton.waitFor();
    expect(await addButton.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(114, 46, 209)');

    await page.getByTestId('language-switch').click();
    await page.getByText('English', { exact: true }).click();
    await page.getByText('Search menus').waitFor();
    await page.reload();
    await page.getByTestId('top-menu').waitFor();
    expect(await settings(page)).toMatchObject({ layoutType: 'functional', themeClass: 'purple', slideClass: 'lightWhite' });
    await page.getByText('Search menus').waitFor();
    await expect.poll(() => page.title()).toBe('数据字典 - LabCode Laboratory Low-Code Platform');
    expect(await addButton.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(114, 46, 209)');
    // The layout was saved on the profile too: the next sign-in answers it.
    const me = await page.evaluate(async () => {
      const response = await fetch('/api/permission/Users/Current/BaseInfo', { headers: { authorization: window.localStorage.getItem('labcode_token') ?? '' } });
      return (await response.json()).data.theme;
    });
    expect(me).toBe('functional');
    await page.close();

    // A sign-in through the page, in a browser that has no layout stored, takes the saved one from the answer.
    const elsewhere = await newPage(ctx);
    await signInThroughPage(elsewhere, 'admin', 'admin123456');
    await elsewhere.waitForURL(/\/home$/);
    await elsewhere.getByTestId('top-menu').waitFor();
    expect(await elsewhere.locator('[data-layout]').getAttribute('data-layout')).toBe('functional');
    await elsewhere.close();
  });

  it('keeps the sidebar state and the switches through a reload, and shows the official statement', async () => {
    const page = await newPage(ctx);
    await signInClassic(page);
    await page.getByTestId('sidebar-toggle').click();
    await expect.poll(() => page.getByTestId('sider').evaluate((el) => el.getBoundingClientRect().width)).toBe(64);
    await openSettings(page);
    await page.getByTestId('switch-tagsView').click();
    await page.getByTestId('switch-showSearch').click();
    await closeSettings(page);
    expect(await page.getByTestId('tabs-bar').count()).toBe(0);
    await page.reload();
    await page.getByTestId('sider').waitFor();
    expect(await page.getByTestId('sider').evaluate((el) => el.getBoundingClientRect().width)).toBe(64);
    expect(await page.getByTestId('tabs-bar').count()).toBe(0);
    expect(await page.getByTestId('menu-search').count()).toBe(0);
    expect(await settings(page)).toMatchObject({ sidebarOpened: false, tagsView: false, showSearch: false });

    await page.getByTestId('user-menu').click();
    await page.getByText('官方声明', { exact: true }).click();
    await page.locator('.lc-statement .ant-modal-content').getByText('平台数据均为虚构的测试数据。').waitFor();
    await page.close();
  });

  it('moves top-menu entries that do not fit into "more"', async () => {
    const page = await newPage(ctx, { width: 1000, height: 800 });
    await page.goto('/login');
    await page.evaluate(() => window.localStorage.setItem('labcode_settings', JSON.stringify({ layoutType: 'functional' })));
    await signIn(page);
    await page.evaluate(() => window.localStorage.setItem('labcode_settings', JSON.stringify({ layoutType: 'functional' })));
    await page.reload();
    await page.getByTestId('menu-more').waitFor();
    // Entries shown (the 'more' entry included) fill the bar's width at 116 px each.
    const fit = () =>
      page.locator('.lc-top-menu').evaluate((el) => ({ shown: el.querySelectorAll('.ant-menu-horizontal > li').length, slots: Math.floor(el.clientWidth / 116) }));
    await expect.poll(async () => { const { shown, slots } = await fit(); return shown === slots && shown > 0; }).toBe(true);
    await page.getByTestId('menu-more').hover();
    await page.getByText('示例').first().waitFor();
    await page.close();
  });

  it('opens, refreshes and closes tabs from the right-click menu; home stays; a visited page keeps its state', async () => {
    const page = await newPage(ctx, DESKTOP, 'zh-CN', animated);
    await signIn(page);
    await page.evaluate(() => window.localStorage.setItem('labcode_settings', JSON.stringify({ layoutType: 'classic', useCache: true })));
    await page.reload();
    const tab = (path: string) => page.locator(`.lc-tab[data-path="${path}"]`);

    const menu = page.getByTestId('side-menu');
    // This file browses the animated app: a submenu slides open, and a person clicks its item once it is there.
    await menu.getByText('系统数据').click();
    await settled(page);
    await menu.getByText('数据字典').click();
    const keyword = page.locator('.lc-cached-page:not([hidden])').getByPlaceholder('请输入名称或编码');
    await keyword.fill('纯');
    await tab('/home').click();
    await page.waitForURL(/\/home$/);
    await tab('/systemData/dictionary').waitFor();
    await menu.getByText('系统管理').click();
    await settled(page);
    await menu.getByText('单据规则').click();
    await page.waitForURL(/\/system\/billRule$/);
    await tab('/system/billRule').waitFor();
    // Back through the tab (not a reload): the dictionary page kept what was typed.
    await tab('/systemData/dictionary').click();
    await page.waitForURL(/\/systemData\/dictionary$/);
    expect(await keyword.inputValue()).toBe('纯');

    // Refresh mounts the page afresh.
    await tab('/systemData/dictionary').click({ button: 'right' });
    await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByText('刷新').click();
    await page.waitForURL(/\/systemData\/dictionary$/);
    await expect.poll(() => keyword.inputValue()).toBe('');
    await screenshot(page, 'shell-tabs-desktop');

    // Close others keeps home; close all keeps only home; home has no close icon.
    await tab('/system/billRule').click({ button: 'right' });
    await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByText('关闭其他').click();
    await page.waitForURL(/\/system\/billRule$/);
    expect(await page.locator('.lc-tab').evaluateAll((tabs) => tabs.map((t) => t.getAttribute('data-path')))).toEqual(['/home', '/system/billRule']);
    expect(await tab('/home').locator('.lc-tab-close').count()).toBe(0);
    await tab('/system/billRule').click({ button: 'right' });
    await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByText('关闭全部').click();
    await page.waitForURL(/\/home$/);
    expect(await page.locator('.lc-tab').count()).toBe(1);

    // The close icon on a tab.
    await menu.getByText('行政区划').click();
    await page.waitForURL(/\/system\/area$/);
    await tab('/system/area').locator('.lc-tab-close').click();
    await page.waitForURL(/\/home$/);
    expect(await tab('/system/area').count()).toBe(0);
    await page.close();
  });

  it('keeps an open dialog, what it holds and the page under it when the window narrows to a phone and widens again', async () => {
    const page = await newPage(ctx, DESKTOP);
    await signInByToken(page, 'admin', 'admin123456', '/systemData/dictionary', storedSettings({ layoutType: 'classic' }));
    const visible = page.locator('.lc-cached-page:not([hidden])');
    await visible.locator('.ant-table-row').first().waitFor();
    await visible.getByPlaceholder('请输入名称或编码').fill('纯');
    await visible.locator('[data-action="add"]').first().click();
    const dialog = page.locator('.lc-form-dialog .ant-modal-content');
    await dialog.locator('[data-field="fullName"] input').fill('半填的名称');
    for (const [viewport, layout] of [[PHONE, 'mobile'], [DESKTOP, 'classic']] as const) {
      await page.setViewportSize(viewport);
      await expect.poll(() => page.locator('[data-layout]').getAttribute('data-layout')).toBe(layout);
      // The layout changed around them; the dialog, its half-filled field and the page's search are the same.
      expect(await dialog.isVisible()).toBe(true);
      expect(await dialog.locator('[data-field="fullName"] input').inputValue()).toBe('半填的名称');
      expect(await visible.getByPlaceholder('请输入名称或编码').inputValue()).toBe('纯');
    }
    await page.close();
  });

  it('searches the menu and jumps to the chosen page', async () => {
    const page = await newPage(ctx);
    await signIn(page);
    await page.getByTestId('menu-search').click();
    await page.keyboard.type('单据');
    await page.locator('.lc-menu-search-option').first().getByText('单据规则').click();
    await page.waitForURL(/\/system\/billRule$/);
    await expect.poll(() => page.title()).toBe('单据规则 - LabCode 实验室低代码平台');
    // By path as well as by title.
    await page.getByTestId('menu-search').click();
    await page.keyboard.type('dictionary');
    await page.locator('.lc-menu-search-option').first().getByText('数据字典').click();
    await page.waitForURL(/\/systemData\/dictionary$/);
    await page.close();
  });

  it('routes the menu types: an embedded external link, a new window for big screens, a dynamic model', async () => {
    const page = await newPage(ctx);
    await signInClassic(page);
    const menu = page.getByTestId('side-menu');
    await menu.getByText('示例').click();
    // The group opens with an animation; under load a click can land while the item is still moving and miss
    // it, so the click is repeated until the page opens (a person clicks again too).
    for (let attempt = 0; attempt < 3 && !/\/externalLink\?href=/.test(page.url()); attempt += 1) {
      await menu.getByText('使用手册').click();
      await page.waitForURL(/\/externalLink\?href=/, { timeout: 10_000 }).catch(() => undefined);
    }
    await page.waitForURL(/\/externalLink\?href=/);
    const frame = page.frameLocator('[data-testid="external-link-frame"]');
    await frame.getByText('LabCode 使用手册').waitFor();
    expect(decodeURIComponent(new URL(page.url()).searchParams.get('href')!)).toBe(`${ctx.server.url}/manual.html`);

    const [popup] = await Promise.all([page.waitForEvent('popup'), menu.getByText('实验室数据大屏').click()]);
    expect(popup.url()).toMatch(new RegExp(`^${ctx.server.url}/DataV/view/lab-overview\\?token=bearer`));
    await popup.close();

    await menu.getByText('动态表单示例').click();
    await page.waitForURL(/\/demoForm$/);
    // A design released as the designer releases one, with the seeded samples in its list.
    await page.getByTestId('dynamic-model').getByText('自来水水样（A 区）').waitFor();
    // A crafted embedded link neither runs script nor frames a site the menu does not offer.
    await page.goto('/externalLink?href=javascript%3Aalert(1)');
    await page.getByText('链接地址无效，无法打开').waitFor();
    await page.goto(`/externalLink?href=${encodeURIComponent('https://evil.example/login')}`);
    await page.getByText('链接地址无效，无法打开').waitFor();
    await page.close();
  });

  it('puts the workspace in full screen and back from the user menu, and says 不支持全屏 where the browser cannot', async () => {
    const page = await newPage(ctx);
    await signIn(page);
    const fullscreen = () => page.evaluate(() => document.fullscreenElement !== null);
    const fromUserMenu = async (label: string) => {
      await page.getByTestId('user-menu').click();
      await page.getByTestId('fullscreen-switch').getByText(label).click();
    };
    await fromUserMenu('全屏');
    await expect.poll(fullscreen).toBe(true);
    await fromUserMenu('退出全屏');
    await expect.poll(fullscreen).toBe(false);
    // A browser without the Fullscreen API (iOS Safari, a frame without allowfullscreen) is told so.
    await page.addInitScript(() => Object.defineProperty(Document.prototype, 'fullscreenEnabled', { get: () => false }));
    await page.reload();
    await fromUserMenu('全屏');
    await page.locator('.ant-message-notice').getByText('不支持全屏').waitFor();
    expect(await fullscreen()).toBe(false);
    await page.close();
  });

  it('keeps staff away from administration menus and paths', async () => {
    const page = await newPage(ctx);
    await signIn(page, 'staff', 'demo123456');
    const menuText = await page.getByTestId('side-menu').textContent();
    for (const admin of ['系统管理', '组织权限', '系统数据', '在线开发', '示例']) expect(menuText).not.toContain(admin);
    // A page the product has but staff may not open says so, in place; a path nothing has is not found.
    await page.goto('/system/billRule');
    await page.getByTestId('no-permission').getByText('您没有访问该页面的权限，请联系管理员分配').waitFor();
    expect(await page.title()).toMatch(/^403/);
    await page.goto('/system/noSuchPage');
    await page.waitForURL(/\/404$/);
    await page.goto('/home');
    await page.getByTestId('menu-search').click();
    // First a page staff have (我的订单), so the search is known to answer; then 单据 (单据规则, an administrator's
    // page) must take that option away and show none: counted once the filter has run on the whole word.
    await page.keyboard.type('订单');
    await page.locator('.lc-menu-search-option').first().waitFor();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('单据');
    await expect.poll(() => page.locator('.lc-menu-search-option').count()).toBe(0);
    await page.close();
  });

  it('sends a revoked session (601) back to /login with the page as redirect', async () => {
    const page = await newPage(ctx);
    await signIn(page);
    const token = await page.evaluate(() => window.localStorage.getItem('labcode_token'));
    // The session ends elsewhere (another tab signs out): the server revokes the token.
    await classic(page);
    const revoked = await fetch(`${ctx.server.url}/api/oauth/Logout`, { headers: { authorization: token! } });
    expect((await revoked.json()).code).toBe(200);
    // Whichever call first carries the ended token ends the session: the click below, or the navbar bell's own
    // unread check (on load and on focus), which may get there first and leave no menu to click.
    const openDictionary = async () => {
      await page.getByTestId('side-menu').getByText('系统数据').click({ timeout: 10_000 });
      await page.getByTestId('side-menu').getByText('数据字典').click({ timeout: 10_000 });
    };
    await Promise.race([page.waitForURL(/\/login\?redirect=/), openDictionary().catch(() => undefined)]);
    await page.waitForURL(/\/login\?redirect=/);
    await page.getByTestId('login-submit').waitFor();
    expect(new URL(page.url()).searchParams.get('redirect')).toMatch(/^\/(home|systemData\/dictionary)$/);
    expect(await page.evaluate(() => window.localStorage.getItem('labcode_token'))).toBeNull();
    await page.close();
  });

  it('follows a workflow link carrying another session token (guard rule 5)', async () => {
    const page = await newPage(ctx);
    await signIn(page);
    const staffToken = await apiSignIn(ctx, 'staff', 'demo123456');
    await page.goto(`/workFlowDetail?token=${encodeURIComponent(staffToken)}&taskId=42`);
    // No flow 42: the workflow detail page says so, under the staff session the link carried.
    await page.getByTestId('workflow-missing').waitFor();
    // The token is kept, and taken out of the address bar.
    await page.waitForURL(/\/workFlowDetail\?taskId=42$/);
    expect(await page.evaluate(() => window.localStorage.getItem('labcode_token'))).toBe(staffToken);
    await page.getByTestId('user-menu').getByText('王小明').waitFor();
    await page.close();
  });

  /**
   * What each layout of WorkspaceLayout.tsx puts where on a desktop: classic, the header across the top and the
   * sider under it; plain, the sider the full height with the brand and the header beside it; functional, the whole
   * menu on top and no sider; blend, the first level on top and the chosen group's pages in the sider.
   */
  const expectDesktopLayout = async (page: Page, layout: 'classic' | 'functional' | 'blend' | 'plain') => {
    const viewport = await page.evaluate(() => ({ width: document.documentElement.clientWidth, height: window.innerHeight }));
    const header = await expectInViewport(page.locator('.lc-header'));
    const sider = page.getByTestId('sider');
    const topMenu = page.getByTestId('top-menu');
    const content = page.locator('.lc-content');
    if (layout === 'functional' || layout === 'blend') {
      await expectInViewport(page.locator('.lc-header').getByTestId('top-menu'));
      expect(await topMenu.textContent()).toContain('系统数据');
    } else {
      expect(await topMenu.count()).toBe(0);
    }
    if (layout === 'functional') {
      expect(await sider.count()).toBe(0);
      expect(await page.getByTestId('side-menu').count()).toBe(0);
    } else {
      const box = await expectInViewport(sider);
      expect(box.x).toBe(0);
      await expectInViewport(sider.getByTestId('side-menu'));
      // The content starts right of the sider, never under it.
      expect((await content.boundingBox())!.x).toBeGreaterThanOrEqual(box.x + box.width - 0.5);
      if (layout === 'plain') {
        // The sider runs the full height with the brand; the header sits beside it and names the page.
        expect(box.y).toBe(0);
        expect(box.height).toBeGreaterThanOrEqual(viewport.height - 0.5);
        await expectInViewport(sider.locator('.lc-brand'));
        expect(header.x).toBeGreaterThanOrEqual(box.x + box.width - 0.5);
        expect(await page.locator('.lc-header-page-title').textContent()).toBe('数据字典');
      } else {
        // Under the header, which spans the width with the brand.
        expect(box.y).toBeGreaterThanOrEqual(header.y + header.height - 0.5);
        expect(await sider.locator('.lc-brand').count()).toBe(0);
      }
    }
    if (layout !== 'plain') {
      expect(header).toMatchObject({ x: 0, y: 0, width: viewport.width });
      await expectInViewport(page.locator('.lc-header .lc-brand'));
    }
    if (layout === 'classic' || layout === 'plain') expect(await sider.textContent()).toContain('系统管理');
    if (layout === 'blend') {
      // The sider holds the pages of the group the dictionary is in, not the other groups.
      const side = await sider.textContent();
      expect(side).toContain('数据字典');
      expect(side).not.toContain('系统管理');
    }
    expect((await content.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height - 0.5);
  };

  for (const layout of ['classic', 'functional', 'blend', 'plain'] as const) {
    it(`shows the ${layout} layout on a desktop and a phone`, async () => {
      // One page: signed in on a desktop with the layout stored, then the same browser on a phone's screen, loaded
      // again as a phone loads it.
      const page = await newPage(ctx, DESKTOP);
      await signInByToken(page, 'admin', 'admin123456', '/systemData/dictionary', storedSettings({ layoutType: layout, themeClass: 'blue' }));
      for (const [viewport, name] of [[DESKTOP, 'desktop'], [PHONE, 'phone']] as const) {
        if (name === 'phone') {
          await page.setViewportSize(viewport);
          await page.reload();
        }
        const firstRow = page.locator('.lc-cached-page:not([hidden]) .ant-table-row').first();
        await firstRow.waitFor();
        expect(await page.locator('[data-layout]').getAttribute('data-layout')).toBe(name === 'phone' ? 'mobile' : layout);
        await settled(page);
        // The page itself is there and in view, and nothing pushes the page sideways.
        await expectInViewport(firstRow.locator('td').first());
        await expectNoHorizontalScroll(page);
        if (name === 'desktop') await expectDesktopLayout(page, layout);
        if (name === 'phone') {
          // Mobile mode: no sider and no top menu, whatever the layout; the menu opens in a drawer.
          expect(await page.getByTestId('sider').count()).toBe(0);
          expect(await page.getByTestId('top-menu').count()).toBe(0);
          expect(await page.locator('.lc-header').boundingBox()).toMatchObject({ x: 0, y: 0, width: await page.evaluate(() => document.documentElement.clientWidth) });
          await expectInViewport(page.getByTestId('menu-toggle'), { whole: true });
          await page.getByTestId('menu-toggle').click();
          const drawerMenu = page.locator('.lc-menu-drawer [data-testid="side-menu"]');
          await drawerMenu.waitFor();
          await settled(page);
          // Slid in from the left edge, within the phone's width, with the menu's groups.
          const panel = await expectInViewport(page.locator('.lc-menu-drawer .ant-drawer-content-wrapper'));
          expect(panel.x).toBe(0);
          expect(panel.width).toBeLessThan(viewport.width);
          expect(await drawerMenu.textContent()).toContain('系统数据');
          await screenshot(page, `shell-${layout}-phone-menu`);
          await page.keyboard.press('Escape');
          await drawerMenu.waitFor({ state: 'hidden' });
          await expectInViewport(firstRow.locator('td').first());
        }
        await screenshot(page, `shell-${layout}-${name}`);
      }
      await page.close();
    });
  }
});
