import { describe, expect, it } from 'vitest';
import { composeMenus, type MenuEntry } from '../../../src/kernel/server/menus.js';

const page = (enCode: string, sortCode: number, parent?: string): MenuEntry => ({ enCode, fullName: enCode, type: 2, sortCode, ...(parent ? { parent } : {}) });

describe('the menu tree composed from the modules', () => {
  it('puts each entry under its parent, whichever module declares it, siblings in sortCode order', () => {
    const tree = composeMenus([
      { name: 'a', menus: [{ enCode: 'group', fullName: 'Group', type: 1, sortCode: 1, children: [page('group.second', 2)] }] },
      { name: 'b', menus: [page('group.first', 0, 'group'), page('top', 0)] },
    ]);
    expect(tree.map((m) => m.enCode)).toEqual(['top', 'group']);
    expect(tree[1].children?.map((m) => m.enCode)).toEqual(['group.first', 'group.second']);
    // What the seed writes carries no placement of the file format.
    expect(tree[1].children?.[0]).not.toHaveProperty('parent');
  });

  it('keeps an empty directory a directory, and a page without children', () => {
    const [group, leaf] = composeMenus([{ name: 'a', menus: [{ enCode: 'g', fullName: 'G', type: 1, sortCode: 0 }, page('p', 1)] }]);
    expect(group.children).toEqual([]);
    expect(leaf).not.toHaveProperty('children');
  });

  it('refuses a code two modules declare, two siblings in one place, and an entry under a code nobody declares', () => {
    expect(() => composeMenus([{ name: 'a', menus: [page('x', 0)] }, { name: 'b', menus: [page('y', 0)] }])).toThrow('menu y has the sortCode 0 of a sibling under the top level');
    expect(() => composeMenus([{ name: 'a', menus: [page('x', 0)] }, { name: 'b', menus: [page('x', 1)] }])).toThrow('menu x is declared by both a and b');
    expect(() => composeMenus([{ name: 'a', menus: [page('x', 0, 'nowhere')] }])).toThrow('menu x (a) goes under nowhere');
    // A circle of parents reaches no top-level entry: said, not silently dropped.
    expect(() => composeMenus([{ name: 'a', menus: [page('x', 0, 'y'), page('y', 0, 'x')] }])).toThrow('menu x (a) is under itself, through y');
    expect(() => composeMenus([{ name: 'a', menus: [page('x', 0, 'x')] }])).toThrow('menu x (a) is under itself, through x');
  });
});
