import type { Locator, Page } from 'playwright-core';

/** Drags with the mouse in small steps, as a person does: dnd-kit starts a drag after 4 px of movement. */
export async function drag(page: Page, from: Locator, to: Locator, where: 'top' | 'bottom' | 'center' = 'center') {
  await from.scrollIntoViewIfNeeded();
  const start = (await from.boundingBox())!;
  const end = (await to.boundingBox())!;
  const y = where === 'top' ? end.y + 4 : where === 'bottom' ? end.y + end.height - 4 : end.y + end.height / 2;
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(start.x + start.width / 2 + 10, start.y + start.height / 2 + 10, { steps: 4 });
  await page.mouse.move(end.x + end.width / 2, y, { steps: 12 });
  await page.mouse.move(end.x + end.width / 2, y + 1, { steps: 2 });
  await page.mouse.up();
  await clicksGetThrough(page);
}

/**
 * After a drag, dnd-kit swallows every click until a 50 ms timer removes its listener (core's pointer sensor, so a
 * drop is not also a click). On a loaded machine that timer fires late and the test's next click - selecting a
 * field, say - vanished, leaving the previous field selected. So wait until a probe click reaches its target again.
 */
async function clicksGetThrough(page: Page) {
  await page.waitForFunction(() => {
    const probe = document.createElement('div');
    let reached = false;
    probe.addEventListener('click', () => { reached = true; });
    document.body.append(probe);
    probe.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    probe.remove();
    return reached;
  });
}
