import { menuTarget, MenuType } from '../../../shared/shell/menuTarget.js';
import type { MenuItem } from '../../../shared/sessionInfo.js';
import type { ScreenSource } from './screenSource.js';

/**
 * Which screens a user may open: those their menu leads to, read as the client's ScreenRoute reads it (a page,
 * type 2, opens the screen named by its address: /systemData/dictionary opens systemData/dictionary), and the
 * screens those screens open in turn (category management inside the dictionary screen). A screen names another
 * with a `screen` property anywhere below its root: a drawer's or dialog's body, a `screen` node, a block's props.
 */
const NO_LINK = { origin: '', token: '' };

export function menuScreens(pages: readonly MenuItem[]): Set<string> {
  const names = new Set<string>();
  for (const item of pages) {
    if (item.type !== MenuType.page) continue;
    const target = menuTarget(item, NO_LINK);
    if (target.kind === 'route') names.add(target.path.split('?')[0].slice(1));
  }
  return names;
}

export function screensNamedBy(document: unknown): string[] {
  const names: string[] = [];
  const visit = (value: unknown, isRoot: boolean) => {
    if (Array.isArray(value)) return value.forEach((item) => visit(item, false));
    if (value === null || typeof value !== 'object') return;
    for (const [key, inner] of Object.entries(value)) {
      // The root's own `screen` is its name, not a screen it opens.
      if (key === 'screen' && typeof inner === 'string' && !isRoot) names.push(inner);
      else visit(inner, false);
    }
  };
  visit(document, true);
  return names;
}

/** Walks from the menu's screens through the ones they open until `name` turns up or nothing new does. */
export async function isReachable(name: string, pages: readonly MenuItem[], source: ScreenSource): Promise<boolean> {
  const seen = menuScreens(pages);
  const queue = [...seen];
  while (queue.length) {
    if (seen.has(name)) return true;
    const document = await source.get(queue.shift()!).catch(() => undefined);
    for (const next of screensNamedBy(document)) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen.has(name);
}
