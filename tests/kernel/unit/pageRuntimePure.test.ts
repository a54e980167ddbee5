import fs from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { checkScreen, readablePath, ScreenError } from '../../../src/kernel/client/runtime/page/screen.js';
import { fillCall, fillValue, readQueryValue, withQuery } from '../../../src/kernel/client/runtime/page/template.js';
import { allowedButtons, allowedColumns, hiddenFormFields, permissionEntry } from '../../../src/kernel/client/runtime/page/permissions.js';
import pageSchema from '../../../schemas/meta/page.schema.json';

/** Each module's screens under schemas/<module>/<area>/<name>.json; schemas/meta is the format, not a screen. */
const schemasDir = path.resolve(__dirname, '../../../schemas');
const screenFiles = (dir = schemasDir): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => !(dir === schemasDir && e.name === 'meta'))
    .flatMap((e) => (e.isDirectory() ? screenFiles(path.join(dir, e.name)) : e.name.endsWith('.json') ? [path.join(dir, e.name)] : []));
/** The screen's name is its place inside its module's folder. */
const screenName = (file: string) => path.relative(schemasDir, file).split(path.sep).slice(1).join('/').replace(/\.json$/, '');

// Compiling the page schema takes most of a second per screen, several seconds on a busy machine.
describe('screen documents', { timeout: 30_000 }, () => {
  it.each(screenFiles().map((f) => [path.relative(schemasDir, f), f]))('%s is a valid screen for the runtime and for ajv', (_name, file) => {
    const document = JSON.parse(fs.readFileSync(file, 'utf8'));
    expect(() => checkScreen(document.screen, document)).not.toThrow();
    const validate = new Ajv({ strict: false }).compile(pageSchema);
    expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
    expect(screenName(file)).toBe(document.screen);
  });

  it('gives every shipped screen one module: no two modules define the same <area>/<name>', () => {
    const names = screenFiles().map(screenName);
    expect(names.length).toBeGreaterThan(20);
    expect(new Set(names).size).toBe(names.length);
  });

  it('names the place of every problem in an invalid screen', () => {
    const broken = { screen: 'x', title: '坏页面', columnData: { type: 3, columnList: [{ label: '名称' }] }, api: { list: { url: 'no-leading-slash' } }, extra: 1 };
    try {
      checkScreen('x', broken);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ScreenError);
      const paths = (error as ScreenError).problems.map((p) => p.path);
      expect(paths).toEqual(expect.arrayContaining(['columnData.type', 'columnData.columnList[0]', 'api.list.url']));
    }
    expect(readablePath('#/a/b~1c/0')).toBe('a.b/c[0]');
  });
});

describe('call templates', () => {
  const context = { treeId: 'T 1', id: 7, search: { keyword: '乙醇' }, page: { currentPage: 2 } };
  it('fills urls, queries and bodies from the context, and nothing else', () => {
    expect(fillValue('{id}', context)).toBe(7);
    expect(fillValue('/a/{treeId}/b', context)).toBe('/a/T%201/b');
    expect(fillValue('{constructor}', context)).toBeUndefined();
    expect(fillValue('{__proto__.x}', context)).toBeUndefined();
    const call = fillCall({ url: '/system/DictionaryData/{treeId}', query: { keyword: '{search.keyword}', empty: '{search.none}', page: '{page.currentPage}' }, body: { dictionaryTypeId: '{treeId}' } }, context);
    expect(call).toEqual({ url: '/system/DictionaryData/T%201', method: 'GET', query: { keyword: '乙醇', page: 2 }, body: { dictionaryTypeId: 'T 1' } });
  });

  it('writes a structured query parameter as JSON, and reads a field of it back by path', () => {
    const url = withQuery('/fromMall', { fromMallParamObj: { itemId: 'item-0009', quantity: 2 }, empty: '', none: null });
    expect(url).toBe(`/fromMall?fromMallParamObj=${encodeURIComponent('{"itemId":"item-0009","quantity":2}')}`);
    expect(withQuery('/a?x=1', { prStr: 'o 1' })).toBe('/a?x=1&prStr=o+1');
    const query = new URL(url, 'http://h').searchParams;
    expect(readQueryValue(query, 'fromMallParamObj.itemId')).toBe('item-0009');
    expect(readQueryValue(query, 'fromMallParamObj.quantity')).toBe(2);
    expect(readQueryValue(query, 'fromMallParamObj.__proto__')).toBeUndefined();
    expect(readQueryValue(query, 'missing')).toBeUndefined();
    expect(readQueryValue(new URLSearchParams('p=not-json'), 'p.x')).toBeUndefined();
    expect(readQueryValue(new URLSearchParams('prStr=o1'), 'prStr')).toBe('o1');
  });
});

describe('permissions in screens (spec 000 §6)', () => {
  const list = [{ modelId: 'm1', moduleName: 'x', button: [{ id: '1', enCode: 'btn_add', fullName: '' }], column: [{ id: '2', enCode: 'fullName', fullName: '' }], form: [{ id: '3', enCode: 'secret', fullName: '' }], resource: [] }];
  const buttons = [{ value: 'add', label: '新建' }, { value: 'remove', label: '删除' }, { value: 'state', enCode: 'btn_add', label: '启用' }];
  it('keeps the buttons, columns and fields the menu entry allows, when the judge flag is on', () => {
    const entry = permissionEntry(list, 'm1');
    expect(allowedButtons(buttons, entry, true).map((b) => b.value)).toEqual(['add', 'state']);
    expect(allowedButtons(buttons, entry, false)).toHaveLength(3);
    expect(allowedButtons(buttons, permissionEntry(list, undefined), true)).toEqual([]);
    expect(allowedColumns([{ prop: 'fullName', label: 'a' }, { prop: 'enCode', label: 'b' }], entry, true).map((c) => c.prop)).toEqual(['fullName']);
    expect(hiddenFormFields(entry, true)).toEqual(['secret']);
    expect(hiddenFormFields(entry, false)).toEqual([]);
  });
});
