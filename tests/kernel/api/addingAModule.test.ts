import { describe, expect, it } from 'vitest';
import { ResultCode } from '../../../src/shared/envelope.js';
import { AppError } from '../../../src/kernel/server/appError.js';
import type { MessageKey } from '../../../src/kernel/server/locales/messages.js';
import { composeMenus } from '../../../src/kernel/server/menus.js';
import { defineModule } from '../../../src/kernel/server/module.js';
import { ok } from '../../../src/kernel/server/plugins/envelope.js';
import { buttonsOf } from '../../../src/kernel/server/plugins/permission.js';
import { serverModules } from '../../../src/modules/serverModules.js';
import { apiSuite } from '../../support/api/apiSuite.js';
import { testDatabases } from '../../support/api/testDatabases.js';

/**
 * The README's walkthrough ("Adding a module"), run: a domain is a module definition served beside the others.
 * In the repository it would be src/modules/notes/server/index.ts and one line in src/modules/serverModules.ts;
 * here the list is given to the app, as that line would.
 */
const NOTES_MENU = 'notes';
const can = buttonsOf(NOTES_MENU);

const notes = defineModule({
  name: 'notes',
  messages: {
    'notes.empty': { zh: '笔记内容不能为空', zhtw: '筆記內容不能為空', en: 'A note cannot be empty' },
    'notes.saved': { zh: '笔记已保存', zhtw: '筆記已儲存', en: 'Note saved' },
  },
  // Its page in the menu (src/modules/notes/menus.json in the repository): under 系统数据, after that group's pages.
  menus: [{ parent: 'systemData', sortCode: 10, enCode: NOTES_MENU, fullName: '实验笔记', type: 2, icon: 'FormOutlined', urlAddress: 'notes/list', buttons: ['btn_add'], roles: ['labManager'] }],
  // Every route checked by a button names it here; the app refuses to start on a route naming an undeclared one.
  permissions: [{ menu: NOTES_MENU, buttons: ['btn_add'] }],
  routes: (app) => {
    app.post<{ Body: { text: string } }>(
      '/api/notes/Note',
      { schema: { body: { type: 'object', required: ['text'], properties: { text: { type: 'string', maxLength: 200 } } } }, ...can('btn_add') },
      async (request) => {
        const text = request.body.text.trim();
        // The key is typed from the module list; this module is not in it, so the test names its key's type.
        if (!text) throw new AppError(ResultCode.badRequest, 'notes.empty' as MessageKey);
        return ok({ text, by: request.session!.account }, request.t('notes.saved' as MessageKey));
      },
    );
  },
});

describe('adding a module (README walkthrough): its menu entry', () => {
  it('goes under the directory it names, after the pages other modules put there', () => {
    const systemData = composeMenus([...serverModules, notes]).find((menu) => menu.enCode === 'systemData');
    const pages = systemData?.children?.map((menu) => menu.enCode) ?? [];
    expect(pages.at(-1)).toBe(NOTES_MENU);
    expect(pages.slice(0, -1)).toEqual(['systemData.dictionary', 'systemData.dataInterface', 'systemData.area', 'commonWords']);
  });
});

describe.each(testDatabases())('adding a module (README walkthrough) on $name', (testDb) => {
  const suite = apiSuite(testDb, { modules: [...serverModules, notes] });

  it('serves the new module beside the others, in the caller\'s language', async () => {
    const saved = await suite.app.inject({ method: 'POST', url: '/api/notes/Note', headers: { authorization: suite.admin, 'accept-language': 'en' }, payload: { text: ' buffer pH 7 ' } });
    expect(saved.json()).toEqual({ code: 200, msg: 'Note saved', data: { text: 'buffer pH 7', by: 'admin' } });
    const empty = await suite.app.inject({ method: 'POST', url: '/api/notes/Note', headers: { authorization: suite.admin }, payload: { text: '  ' } });
    expect(empty.json()).toMatchObject({ code: 400, msg: '笔记内容不能为空' });
    // The other modules are still there.
    expect((await suite.call(suite.admin, 'GET', '/api/system/BillRule')).code).toBe(200);
  });

  it('checks the new module\'s button like any other: staff, not granted it, is refused', async () => {
    const refused = await suite.call(suite.staff, 'POST', '/api/notes/Note', { text: 'x' });
    expect(refused.code).not.toBe(200);
    expect(refused.data).toBeNull();
  });
});
