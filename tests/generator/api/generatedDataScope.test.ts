import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app/server/labcode.js';
import { newId } from '../../../src/kernel/server/db/id.js';
import type { ServerModule } from '../../../src/kernel/server/module.js';
import { serverModules } from '../../../src/modules/serverModules.js';
import { generateCode } from '../../../src/modules/generator/server/generate.js';
import { sampleSubmissions } from '../../../src/modules/generator/server/samples.js';
import { DESIGN_FIXTURES, fixtureDesign } from '../../support/generated/designs.js';
import { tokenFor } from '../../support/api/signIn.js';
import { TEST_PASSWORDS, testDatabases } from '../../support/api/testDatabases.js';

/**
 * A generated module switched on as a developer would (its module in the app's list, its migration run), called
 * over HTTP on both databases: every call on records carries the caller's data scope on the module's menu. A
 * clerk limited to their own rows neither lists, reads, edits nor deletes another clerk's record, which is
 * still there afterwards; its owner and an administrator reach it. (The generated test checks the same at
 * service level on the embedded database only.)
 */
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
// Apart from generator.test.ts's tests/.generated, which that file empties when it starts and ends.
const OUT_DIR = 'tests/.generated-scope';
const design = fixtureDesign(DESIGN_FIXTURES[2]);
const generation = generateCode(design, {}, (model) => ({ moduleDir: `${OUT_DIR}/${model.moduleName}/module`, testDir: `${OUT_DIR}/${model.moduleName}` }));
const { model } = generation;
const good = sampleSubmissions(design.formData).good!;

fs.rmSync(path.join(ROOT, OUT_DIR), { recursive: true, force: true });
for (const file of generation.files) {
  if (!file.path.startsWith(`${OUT_DIR}/`) || file.path.endsWith('.test.ts')) continue;
  fs.mkdirSync(path.dirname(path.join(ROOT, file.path)), { recursive: true });
  fs.writeFileSync(path.join(ROOT, file.path), file.content);
}
const moduleDir = path.join(ROOT, OUT_DIR, model.moduleName, 'module');
const generated = (await import(pathToFileURL(path.join(moduleDir, 'index.ts')).href)).default as ServerModule;
const migration = (await import(pathToFileURL(path.join(moduleDir, 'migrations', `0900_${model.moduleName}_tables.ts`)).href)) as { up(db: Kysely<any>): Promise<void> };
afterAll(() => fs.rmSync(path.join(ROOT, OUT_DIR), { recursive: true, force: true }));

describe.each(testDatabases())('a generated module keeps its data scope over HTTP on $name', (testDb) => {
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  let admin: string;
  let owner: string;
  let other: string;
  let recordId: string;
  const BASE = `/api/${model.apiPath}`;
  const call = async (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    (await app.inject({ method, url, headers: { authorization: token }, ...(payload !== undefined ? { payload: payload as object } : {}) })).json();

  beforeAll(async () => {
    const opened = await testDb.open();
    drop = opened.drop;
    const db = opened.database.db;
    await migration.up(db as unknown as Kysely<any>);
    app = await buildApp({
      config: { bodyLimit: 1024 * 1024, sessionIdleMinutes: 60, clientDir: '/nonexistent', logLevel: 'silent' },
      database: opened.database,
      logger: false,
      modules: [...serverModules, generated],
    });
    // The page the module is released to (its MENU), with its buttons and an "own rows" data scheme, granted to a
    // role two clerks hold.
    const menuId = newId();
    await db.insertInto('base_module').values({ id: menuId, parent_id: 'menu-onlineDev', type: 3, en_code: model.menu, full_name: model.title, icon: null, url_address: null, link_target: null, property_json: null }).execute();
    const buttons = ['btn_add', 'btn_edit', 'btn_remove'].map((en_code) => ({ id: newId(), module_id: menuId, en_code, full_name: en_code }));
    await db.insertInto('base_module_button').values(buttons).execute();
    await db.insertInto('base_module_data_scheme').values({ id: 'gen-own', module_id: menuId, en_code: 'own', full_name: '本人', kind: 'own', condition_json: null }).execute();
    const roleId = newId();
    await db.insertInto('base_role').values({ id: roleId, full_name: '生成模块职员', en_code: 'generatedClerk', global_mark: 1, description: null }).execute();
    const items: [string, string][] = [['module', 'menu-onlineDev'], ['module', menuId], ['resource', 'gen-own'], ...buttons.map((b) => ['button', b.id] as [string, string])];
    await db.insertInto('base_authorize').values(items.map(([item_type, item_id]) => ({ id: newId(), item_type, item_id, object_type: 'Role', object_id: roleId }))).execute();
    const { password_hash } = await db.selectFrom('base_user').select('password_hash').where('account', '=', 'staff').executeTakeFirstOrThrow();
    for (const [id, account] of [['gen-owner', 'gen_owner'], ['gen-other', 'gen_other']]) {
      await db.insertInto('base_user').values({ id, account, real_name: account, organize_id: 'dept-analysis', position_id: null, gender: 1, mobile: null, email: null, password_hash, change_password_date: new Date() }).execute();
      await db.insertInto('base_user_relation').values({ id: newId(), user_id: id, object_type: 'Role', object_id: roleId }).execute();
    }
    await app.grants.invalidate();
    admin = await tokenFor(app, 'admin', TEST_PASSWORDS.admin);
    owner = await tokenFor(app, 'gen_owner', TEST_PASSWORDS.demoUser);
    other = await tokenFor(app, 'gen_other', TEST_PASSWORDS.demoUser);

    const created = await call(owner, 'POST', BASE, good);
    expect(created.code, created.msg).toBe(200);
    recordId = created.data.id;
  });

  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  it('lists, reads, edits and deletes nothing of another clerk', async () => {
    expect(await call(other, 'POST', `${BASE}/getList`, {})).toMatchObject({ code: 200, data: { pagination: { total: 0 } } });
    expect((await call(other, 'GET', `${BASE}/${recordId}`)).code).toBe(404);
    expect((await call(other, 'PUT', `${BASE}/${recordId}`, good)).code).toBe(404);
    expect((await call(other, 'DELETE', `${BASE}/${recordId}`)).code).toBe(404);
    expect(await call(other, 'DELETE', `${BASE}/batchRemove`, [recordId])).toMatchObject({ code: 200, data: { deleted: 0 } });
  });

  it('lets the owner and an administrator reach the record, which is still there', async () => {
    const mine = await call(owner, 'POST', `${BASE}/getList`, {});
    expect(mine.data.list.map((r: { id: string }) => r.id)).toEqual([recordId]);
    expect(await call(owner, 'GET', `${BASE}/${recordId}`)).toMatchObject({ code: 200, data: { id: recordId } });
    expect((await call(owner, 'PUT', `${BASE}/${recordId}`, good)).code).toBe(200);
    expect((await call(admin, 'POST', `${BASE}/getList`, {})).data.pagination.total).toBe(1);
    expect(await call(owner, 'DELETE', `${BASE}/batchRemove`, [recordId])).toMatchObject({ code: 200, data: { deleted: 1 } });
  });
});
