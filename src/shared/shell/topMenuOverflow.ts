import { TOP_MENU_ITEM_WIDTH } from '../constants.js';

/**
 * How many top-menu entries fit in the space available, the rest going to the 'more' submenu
 * (spec 000 §2: about 116 px an item). When anything overflows, one slot is given up for 'more' itself.
 */
export function visibleTopMenuCount(available: number, count: number, itemWidth = TOP_MENU_ITEM_WIDTH): number {
  if (count <= 0) return 0;
  const fits = Math.max(0, Math.floor(available / itemWidth));
  if (fits >= count) return count;
  return Math.max(0, fits - 1);
}
