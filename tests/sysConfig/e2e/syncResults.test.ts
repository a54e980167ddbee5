import { describe, expect, it } from 'vitest';
import { DESKTOP, e2eContext, expectNoHorizontalScroll, newPage, PHONE, screenshot, signIn } from '../../support/e2e/browser.js';

/**
 * 系统配置 › 同步 in Chromium (issue 32 item 6): each platform's results as the server counts them — what there is,
 * how much was synchronised or failed, what waits, and when it last ran (never, on a fresh installation).
 */
describe('the synchronisation results, in Chromium', () => {
  const ctx = e2eContext();

  it('shows each platform’s counts and that nothing has run yet, on desktop and phone', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await newPage(ctx, viewport);
      await signIn(page, 'admin', 'admin123456', '/system/sysConfig');
      await page.getByRole('tab', { name: '同步' }).click();
      for (const platform of ['dingTalk', 'weCom']) {
        const results = page.getByTestId(`sync-results-${platform}`);
        const users = results.locator('tr.ant-table-row', { hasText: '用户' });
        await users.waitFor();
        const cells = await users.locator('td').allInnerTexts();
        // 用户, total, 0 synchronised, 0 failed, all pending, never.
        expect(cells[0]).toBe('用户');
        expect(Number(cells[1])).toBeGreaterThan(0);
        expect(cells.slice(2, 4)).toEqual(['0', '0']);
        expect(cells[4]).toBe(cells[1]);
        expect(cells[5]).toBe('从未同步');
      }
      await expectNoHorizontalScroll(page);
      await screenshot(page, `sync-results-${viewport === DESKTOP ? 'desktop' : 'phone'}`);
      await page.close();
    }
  });
});
