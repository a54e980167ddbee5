import { describe, expect, it } from 'vitest';
import type { MenuItem } from '../../../src/shared/sessionInfo.js';
import { absoluteUrl, embeddableHref, findMenuItemByPath, menuProperties, menuTarget, openableEntries, pageTitle } from '../../../src/shared/shell/menuTarget.js';
import { visibleTopMenuCount } from '../../../src/shared/shell/topMenuOverflow.js';
import { addView, closeAllViews, closeOtherViews, closeView, neighbourAfterClose, type VisitedView } from '../../../src/shared/shell/visitedViews.js';
import { createMenuSearch, MENU_SEARCH_OPTIONS } from '../../../src/shared/shell/menuSearch.js';
import { safeRedirect } from '../../../src/shared/shell/safeRedirect.js';
import { readSettings, DEFAULT_SETTINGS } from '../../../src/kernel/client/stores/settings.js';

let seq = 0;
const item = (fields: Partial<MenuItem> & Pick<MenuItem, 'type' | 'fullName'>): MenuItem => ({
  id: `m${++seq}`,
  parentId: '-1',
  enCode: `code${seq}`,
  icon: null,
  urlAddress: null,
  linkTarget: null,
  propertyJson: null,
  sortCode: 0,
  path: `/p${seq}`,
  vueName: '',
  hidden: false,
  hasChildren: false,
  children: [],
  ...fields,
});
const ctx = { origin: 'https://lab.example.org', token: 'bearer abc' };

describe('menu item targets (spec 000 §2, types 0–8)', () => {
  it('catalog and directory group under their enCode', () => {
    expect(menuTarget(item({ type: 0, fullName: 'c', enCode: 'cat' }), ctx)).toEqual({ kind: 'group', path: '/cat' });
    expect(menuTarget(item({ type: 1, fullName: 'd', enCode: 'dir' }), ctx)).toEqual({ kind: 'group', path: '/dir' });
  });

  it('a page routes by its urlAddress without the query', () => {
    expect(menuTarget(item({ type: 2, fullName: 'p', urlAddress: 'systemData/dictionary?x=1' }), ctx)).toEqual({ kind: 'route', path: '/systemData/dictionary' });
  });

  it('dynamic models 3, 4, 5 and 8 carry moduleId and isTree from propertyJson', () => {
    for (const type of [3, 4, 5, 8]) {
      const target = menuTarget(item({ type, fullName: 'f', urlAddress: 'model/x', propertyJson: '{"moduleId":"abc","isTree":1}' }), ctx);
      expect(target).toEqual({ kind: 'route', path: '/model/x', moduleId: 'abc', isTree: 1 });
    }
    expect(menuProperties({ propertyJson: '{not json' })).toEqual({ isTree: 0 });
    expect(menuProperties({ propertyJson: '{"moduleId":7}' })).toEqual({ moduleId: '7', isTree: 0 });
  });

  it('a big screen opens view/{moduleId} of the data-visualisation base in a new window with the token', () => {
    expect(menuTarget(item({ type: 6, fullName: 'b', propertyJson: '{"moduleId":"lab"}' }), ctx)).toEqual({
      kind: 'window',
      url: 'https://lab.example.org/DataV/view/lab?token=bearer%20abc',
    });
  });

  it('an external link substitutes its placeholders; _self embeds, anything else opens a window', () => {
    const self = menuTarget(item({ type: 7, fullName: 'e', urlAddress: '${dataV}/x?t=${jnpfToken}', linkTarget: '_self' }), ctx);
    expect(self).toEqual({ kind: 'route', path: `/externalLink?href=${encodeURIComponent('https://lab.example.org/DataV/x?t=bearer%20abc')}` });
    expect(menuTarget(item({ type: 7, fullName: 'e', urlAddress: 'https://pubchem.example/', linkTarget: '_blank' }), ctx)).toEqual({ kind: 'window', url: 'https://pubchem.example/' });
    expect(menuTarget(item({ type: 7, fullName: 'e', urlAddress: 'manual.html', linkTarget: '_blank' }), ctx)).toEqual({ kind: 'window', url: 'https://lab.example.org/manual.html' });
  });

  it('prefixes relative addresses with the origin and keeps absolute ones', () => {
    expect(absoluteUrl('/a', 'http://h/')).toBe('http://h/a');
    expect(absoluteUrl('ftp://x/y', 'http://h')).toBe('ftp://x/y');
  });

  it('finds the item behind a path and skips hidden items and groups', () => {
    const page = item({ type: 2, fullName: 'Dictionary', urlAddress: 'systemData/dictionary' });
    const hidden = item({ type: 2, fullName: 'Hidden', urlAddress: 'secret', hidden: true });
    const group = item({ type: 1, fullName: 'System data', children: [page, hidden] });
    expect(findMenuItemByPath([group], '/systemData/dictionary', ctx)).toBe(page);
    expect(findMenuItemByPath([group], '/secret', ctx)).toBeUndefined();
    expect(openableEntries([group]).map((e) => [e.item.fullName, e.trail])).toEqual([['Dictionary', ['System data']]]);
  });

  it('embeds only this site and the addresses the menu itself embeds', () => {
    const manual = item({ type: 7, fullName: 'm', urlAddress: 'https://docs.example/manual', linkTarget: '_self' });
    const menu = [manual];
    expect(embeddableHref('https://docs.example/manual', menu, ctx)).toBe('https://docs.example/manual');
    expect(embeddableHref('/manual.html', menu, ctx)).toBe('https://lab.example.org/manual.html');
    for (const bad of ['https://evil.example/login', 'javascript:alert(1)', 'data:text/html,x', '', null]) expect(embeddableHref(bad, menu, ctx)).toBeNull();
  });

  it("titles pages '{route title} - {product name}'", () => {
    expect(pageTitle('数据字典', 'LabCode')).toBe('数据字典 - LabCode');
    expect(pageTitle(undefined, 'LabCode')).toBe('LabCode');
  });
});

describe('top menu overflow (116 px an item)', () => {
  it('shows all that fit, and gives one slot to "more" when anything overflows', () => {
    expect(visibleTopMenuCount(116 * 5, 5)).toBe(5);
    expect(visibleTopMenuCount(116 * 5, 6)).toBe(4);
    expect(visibleTopMenuCount(115, 3)).toBe(0);
    expect(visibleTopMenuCount(1000, 0)).toBe(0);
  });
});

describe('visited views (tabs)', () => {
  const home: VisitedView = { path: '/home', title: '', titleKey: 'nav.home', affix: true };
  const a: VisitedView = { path: '/a', title: 'A' };
  const b: VisitedView = { path: '/b', title: 'B' };
  it('ignores a path already there and keeps affixed views through every close', () => {
    let views = addView(addView(addView([home], a), b), a);
    expect(views.map((v) => v.path)).toEqual(['/home', '/a', '/b']);
    expect(closeView(views, '/home')).toEqual(views);
    expect(closeView(views, '/a').map((v) => v.path)).toEqual(['/home', '/b']);
    expect(closeOtherViews(views, '/b').map((v) => v.path)).toEqual(['/home', '/b']);
    expect(closeAllViews(views)).toEqual([home]);
    views = addView(views, { path: '/a', title: 'A renamed' });
    expect(views[1].title).toBe('A renamed');
  });
  it('moves to the right neighbour, then the left, when the active tab closes', () => {
    expect(neighbourAfterClose([home, a, b], '/a')).toBe('/b');
    expect(neighbourAfterClose([home, a, b], '/b')).toBe('/a');
    expect(neighbourAfterClose([home], '/x')).toBe('/home');
  });
});

describe('menu search (Fuse.js, title 0.7, path 0.3, threshold 0.4)', () => {
  const dictionary = item({ type: 2, fullName: '数据字典', path: '/systemData/dictionary', urlAddress: 'systemData/dictionary' });
  const billRule = item({ type: 2, fullName: '单据规则', path: '/system/billRule', urlAddress: 'system/billRule' });
  const hidden = item({ type: 2, fullName: '数据隐藏', path: '/hidden', hidden: true });
  const search = createMenuSearch([item({ type: 1, fullName: '系统', children: [dictionary, billRule, hidden] })]);
  it('uses the spec weights and threshold', () => {
    expect(MENU_SEARCH_OPTIONS.threshold).toBe(0.4);
    expect(MENU_SEARCH_OPTIONS.keys).toEqual([{ name: 'title', weight: 0.7 }, { name: 'path', weight: 0.3 }]);
  });
  it('finds by title and by path, never hidden items, nothing for an empty query', () => {
    expect(search('字典').map((r) => r.path)).toEqual(['/systemData/dictionary']);
    expect(search('billrule')[0]?.path).toBe('/system/billRule');
    expect(search('数据').map((r) => r.path)).not.toContain('/hidden');
    expect(search('   ')).toEqual([]);
    expect(search('zzzzqqqq')).toEqual([]);
  });
});

describe('stored settings', () => {
  it('keeps known valid values and drops the rest', () => {
    expect(readSettings(null)).toEqual(DEFAULT_SETTINGS);
    expect(readSettings('not json')).toEqual(DEFAULT_SETTINGS);
    const read = readSettings(JSON.stringify({ layoutType: 'blend', themeClass: 'ocean', slideClass: 'pink', tagsView: 'yes', useCache: false, evil: 1 }));
    expect(read).toEqual({ ...DEFAULT_SETTINGS, layoutType: 'blend', themeClass: 'ocean', useCache: false });
  });
});

describe('redirect after sign-in', () => {
  it('follows same-site paths only', () => {
    expect(safeRedirect('/systemData/dictionary?x=1')).toBe('/systemData/dictionary?x=1');
    for (const bad of ['//evil.example', '/\\evil.example', 'https://evil.example', '/login?redirect=/x', '', null]) expect(safeRedirect(bad)).toBe('/');
  });
});
