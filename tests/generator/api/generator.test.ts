import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Ajv from 'ajv';
import { sql } from 'kysely';
import { unzip } from '../../support/api/unzip.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pageSchema from '../../../schemas/meta/page.schema.json';
import { AppError } from '../../../src/kernel/server/appError.js';
import { readDesign } from '../../../src/modules/generator/server/design.js';
import { ddlStatements } from '../../../src/modules/generator/server/emit/ddl.js';
import { generateCode, type Generation } from '../../../src/modules/generator/server/generate.js';
import { buildModel } from '../../../src/modules/generator/server/model.js';
import { apiSuite } from '../../support/api/apiSuite.js';
import { testDatabases } from '../../support/api/testDatabases.js';
import { DESIGN_FIXTURES, fixtureDesign, fixtureRow, hostileRow, PAYLOAD, purchaseRow } from '../../support/generated/designs.js';
import { identifiersOf, typecheckGenerated } from '../../support/generated/typecheck.js';

/**
 * Code generation (spec 001 §7 Generator). The generated modules of three real JNPF designs and a hostile one are
 * typechecked with the server's settings as a developer would keep them, and their generated tests run here on
 * the embedded database (written to the git-ignored tests/.generated, imported below so vitest collects them).
 * Then the three calls, on both databases.
 */
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const OUT = path.join(ROOT, 'tests/.generated');
const HOSTILE_OPTIONS = { module: PAYLOAD, mainClassName: PAYLOAD, description: PAYLOAD, modulePackageName: 'hostileRecruitment' };

const designs = [...DESIGN_FIXTURES.map(fixtureDesign), readDesign(purchaseRow()), readDesign(hostileRow())];
const optionsOf = (index: number) => (index === designs.length - 1 ? HOSTILE_OPTIONS : {});
/** As a developer keeps them: under src/modules/<name>/server and tests/<name>/api. */
const kept: Generation[] = designs.map((design, index) => generateCode(design, optionsOf(index)));
/** The same code laid out under tests/.generated (only its relative imports differ), to run its test. */
const runnable = designs.map((design, index) =>
  generateCode(design, optionsOf(index), (model) => ({ moduleDir: `tests/.generated/${model.moduleName}/module`, testDir: `tests/.generated/${model.moduleName}` })),
);

fs.rmSync(OUT, { recursive: true, force: true });
for (const { files } of runnable) {
  for (const file of files) {
    if (!file.path.startsWith('tests/.generated/')) continue;
    fs.mkdirSync(path.dirname(path.join(ROOT, file.path)), { recursive: true });
    fs.writeFileSync(path.join(ROOT, file.path), file.content);
  }
}
// The generated tests register their own describe blocks in this file.
for (const { model } of runnable) await import(pathToFileURL(path.join(OUT, model.moduleName, `${model.moduleName}.test.ts`)).href);

afterAll(() => fs.rmSync(OUT, { recursive: true, force: true }));

const tsFiles = (generation: Generation) => generation.files.filter((f) => f.fileType === 'ts');

describe('generated code', () => {
  it('typechecks with the server settings, registered in src/modules/serverModules.ts as a developer would', () => {
    const diagnostics = typecheckGenerated(
      ROOT,
      kept.map(({ model, files }) => ({ moduleName: model.moduleName, className: model.className, files })),
    );
    expect(diagnostics).toEqual([]);
  }, 240_000);

  it('is a whole module: contract files, migration, screen, DDL and test, for every design', () => {
    for (const { model, files } of kept) {
      const dir = `src/modules/${model.moduleName}/server`;
      expect(files.map((f) => f.path).sort()).toEqual(
        [
          `${dir}/index.ts`,
          `${dir}/tables.ts`,
          `${dir}/migrations/0900_${model.moduleName}_tables.ts`,
          `${dir}/routes.ts`,
          `${dir}/service.ts`,
          `src/modules/${model.moduleName}/locale/messages.ts`,
          `src/modules/${model.moduleName}/module.json`,
          `schemas/${model.moduleName}/${model.area}/${model.moduleName}.json`,
          `sql/${model.moduleName}.sql`,
          `tests/${model.moduleName}/api/${model.moduleName}.test.ts`,
        ].sort(),
      );
    }
    // Its module.json says what it is and that it uses no other module, as the module contract asks.
    for (const { model, files } of kept) {
      const described = JSON.parse(files.find((f) => f.path.endsWith('/module.json'))!.content);
      expect(described).toMatchObject({ name: model.moduleName, requires: { server: [], client: [] } });
      expect(described.description.length).toBeGreaterThan(10);
    }
    const receivable = kept[0];
    expect(receivable.model.plan.main.name).toBe('vd_test_receivable');
    expect(receivable.model.plan.children.map((c) => c.field)).toEqual(['tableField109']);
    const service = receivable.files.find((f) => f.path.endsWith('/service.ts'))!.content;
    // The design's own form is embedded and every write passes it.
    expect(service).toContain('"__vModel__": "f_companyname"');
    expect(service).toMatch(/validateSubmission\(DEFINITION, body/);
    expect(service).toMatch(/recalculate\(DEFINITION, body\)/);
    const routes = receivable.files.find((f) => f.path.endsWith('/routes.ts'))!.content;
    expect(routes).toContain('export const MENU = "example.testreceivable"');
    expect(routes).toContain("can('btn_remove')");
  });

  it('checks forged totals in the generated test of a form with calculated fields', () => {
    const purchase = kept.find((g) => g.model.moduleName === 'purchaseRequest')!;
    const test = purchase.files.find((f) => f.path.endsWith('.test.ts'))!.content;
    expect(test).toContain("refuses a calculated field that is not its formula");
    expect(test).toContain('"purchaseRequest.calculationMismatch"');
    const service = purchase.files.find((f) => f.path.endsWith('/service.ts'))!.content;
    // The date is kept as a time, searched by range in JNPF's milliseconds; the upload as JSON.
    expect(service).toContain('needDate: readTime(row.needdate)');
    expect(service).toContain('timeFilter("needDate", "needdate", 3');
    expect(service).toContain('quotes: jsonOf(data["quotes"])');
  });

  it('makes screens the page runtime accepts', () => {
    const validate = new Ajv({ strict: false }).compile(pageSchema);
    for (const { files } of kept) {
      const screen = JSON.parse(files.find((f) => f.path.startsWith('schemas/'))!.content);
      expect(validate(screen), JSON.stringify(validate.errors)).toBe(true);
    }
  });

  it('never turns design text into code: labels, titles and options with quotes, backticks, */ and line breaks stay strings', () => {
    const hostile = kept[kept.length - 1];
    expect(hostile.model.moduleName).toBe('hostileRecruitment');
    // Sanitised names: the area and class come from the payload, reduced to letters and digits.
    expect(hostile.model.apiPath).toMatch(/^[A-Za-z0-9]+\/[A-Za-z0-9]+$/);
    for (const file of tsFiles(hostile)) {
      expect(identifiersOf(file.path, file.content).has('process'), file.path).toBe(false);
    }
    // The texts themselves survive, as data.
    const service = hostile.files.find((f) => f.path.endsWith('/service.ts'))!.content;
    expect(service).toContain(JSON.stringify(PAYLOAD).slice(1, 20));
    const screen = JSON.parse(hostile.files.find((f) => f.path.startsWith('schemas/'))!.content);
    expect(screen.title).toBe(`招聘${PAYLOAD}`);
  });

  it('refuses a design with a widget it does not know, and names that cannot be SQL, with translated reasons', () => {
    const row = fixtureRow(DESIGN_FIXTURES[2]);
    const form = JSON.parse(row.form_data!);
    form.fields[0].__config__.jnpfKey = 'telescopePicker';
    const unknown = readDesign({ ...row, form_data: JSON.stringify(form) });
    expect(() => buildModel(unknown)).toThrow(AppError);
    try {
      buildModel(unknown);
    } catch (error) {
      expect((error as AppError).messageKey).toBe('generator.unknownWidget');
      expect((error as AppError).params).toMatchObject({ widget: 'telescopePicker' });
    }
    const badKey = JSON.parse(row.form_data!);
    badKey.fields[0].__vModel__ = 'f_x"; drop table base_user; --';
    expect(() => buildModel(readDesign({ ...row, form_data: JSON.stringify(badKey) }))).toThrow(expect.objectContaining({ messageKey: 'onlineData.designNotStorable' }));
  });
});

describe.each(testDatabases())('code generation calls on $name', (testDb) => {
  const suite = apiSuite(testDb);
  const BASE = '/api/visualdev/Generater';
  let designId: string;

  beforeAll(async () => {
    const row = fixtureRow(DESIGN_FIXTURES[0]);
    const created = await suite.call(suite.admin, 'POST', '/api/visualdev/Base', {
      fullName: row.full_name,
      enCode: row.en_code,
      webType: 2,
      formData: row.form_data,
      columnData: row.column_data,
      tables: row.tables_data,
    });
    expect(created.code, created.msg).toBe(200);
    designId = created.data.id;
  });

  it('AreasName lists the areas a generated function may belong to', async () => {
    const answer = await suite.call(suite.admin, 'GET', `${BASE}/AreasName`);
    expect(answer.code).toBe(200);
    expect(answer.data).toEqual(expect.arrayContaining(['example', 'visualdev', 'mall', 'matApply']));
  });

  it('CodePreview answers the files by folder, as JNPF does, for the design as saved', async () => {
    const answer = await suite.call(suite.admin, 'POST', `${BASE}/${designId}/Actions/CodePreview`, { module: 'mall', mainClassName: 'Receivable' });
    expect(answer.code, answer.msg).toBe(200);
    const folders = answer.data.list as { fileName: string; children: { fileName: string; fileType: string; fileContent: string; folderName: string }[] }[];
    const byPath = new Map(folders.flatMap((folder) => folder.children.map((file) => [`${folder.fileName}/${file.fileName}`, file] as const)));
    expect(byPath.get('src/modules/testreceivable/server/routes.ts')?.fileContent).toContain('const BASE = "/api/mall/Receivable"');
    expect(byPath.get('schemas/testreceivable/mall/testreceivable.json')?.fileType).toBe('json');
    expect(byPath.get('sql/testreceivable.sql')?.fileContent).toContain('CREATE TABLE "vd_test_receivable_test_details"');
    expect(byPath.get('src/modules/testreceivable/locale/messages.ts')?.fileContent).toContain('testreceivableMessages');
    expect(JSON.parse(byPath.get('src/modules/testreceivable/module.json')!.fileContent)).toMatchObject({ name: 'testreceivable' });
    expect(byPath.size).toBe(10);
  });

  it('DownloadCode answers a signed address of a zip holding the same files', async () => {
    const answer = await suite.call(suite.admin, 'POST', `${BASE}/${designId}/Actions/DownloadCode`, {});
    expect(answer.code, answer.msg).toBe(200);
    expect(answer.data.name).toBe('testreceivable.zip');
    expect(answer.data.url).toMatch(/^\/api\/file\/Download\?encryption=/);
    // Opened like a link: no Authorization header.
    const download = await suite.app.inject({ method: 'GET', url: answer.data.url });
    expect(download.statusCode).toBe(200);
    const entries = await unzip(download.rawPayload);
    const expected = generateCode(readDesign(fixtureRow(DESIGN_FIXTURES[0])), {});
    expect([...entries.keys()].sort()).toEqual(expected.files.map((f) => `testreceivable/${f.path}`).sort());
    expect(entries.get('testreceivable/src/modules/testreceivable/server/service.ts')?.toString('utf8')).toBe(expected.files.find((f) => f.path.endsWith('/service.ts'))!.content);
    // The same code again is the same file: nothing more is stored.
    const files = async () => Number((await sql<{ n: number }>`select count(*) as n from base_file where type = 'codeGenerate'`.execute(suite.database.db)).rows[0].n);
    const before = await files();
    const again = await suite.call(suite.admin, 'POST', `${BASE}/${designId}/Actions/DownloadCode`, {});
    expect(again.code).toBe(200);
    expect(await files()).toBe(before);
  });

  it("the DDL is PostgreSQL this database runs, hostile labels and all", async () => {
    for (const design of [fixtureDesign(DESIGN_FIXTURES[0]), readDesign(hostileRow())]) {
      const statements = ddlStatements(buildModel(design));
      const rollback = new Error('rollback');
      await expect(
        suite.database.db.transaction().execute(async (trx) => {
          for (const statement of statements) await sql.raw(statement).execute(trx);
          const { rows } = await sql<{ comment: string }>`select obj_description(${buildModel(design).plan.main.name}::regclass) as comment`.execute(trx);
          expect(rows[0].comment).toBe(design.fullName);
          throw rollback;
        }),
      ).rejects.toBe(rollback);
    }
  });

  it('the generated migrations run on this database too, and down undoes them', async () => {
    for (const { model } of runnable) {
      const migration = await import(pathToFileURL(path.join(OUT, model.moduleName, 'module/migrations', `0900_${model.moduleName}_tables.ts`)).href);
      const rollback = new Error('rollback');
      await expect(
        suite.database.db.transaction().execute(async (trx) => {
          await migration.up(trx);
          const exists = async () => (await sql<{ t: string | null }>`select to_regclass(${model.plan.main.name}) as t`.execute(trx)).rows[0].t;
          expect(await exists()).toBe(model.plan.main.name);
          await migration.down(trx);
          expect(await exists()).toBeNull();
          throw rollback;
        }),
      ).rejects.toBe(rollback);
    }
  });

  it('refuses unknown designs and designs it cannot generate, with translated messages, changing nothing', async () => {
    const missing = await suite.app.inject({ method: 'POST', url: `${BASE}/0000000000000000/Actions/CodePreview`, headers: { authorization: suite.admin, 'accept-language': 'en' }, payload: {} });
    expect(missing.json().code).toBe(404);
    expect(missing.json().msg).toMatch(/design/i);

    // A design saved before its widget was uninstalled: the design API would refuse it today, so it is written directly.
    const row = fixtureRow(DESIGN_FIXTURES[2]);
    const form = JSON.parse(row.form_data!);
    form.fields[0].__config__.jnpfKey = 'telescopePicker';
    await suite.database.db
      .insertInto('base_visual_dev')
      .values({ id: 'gen-unknown-widget', full_name: '旧设计', en_code: 'old_design', category: null, form_data: JSON.stringify(form), column_data: row.column_data, app_column_data: null, tables_data: null, db_link_id: null, description: null, platform_release: null, creator_user_id: null, last_modify_user_id: null })
      .execute();
    const unknown = await suite.app.inject({ method: 'POST', url: `${BASE}/gen-unknown-widget/Actions/DownloadCode`, headers: { authorization: suite.admin, 'accept-language': 'en' }, payload: {} });
    expect(unknown.json().code).toBe(400);
    expect(unknown.json().msg).toContain('telescopePicker');
    const zh = await suite.call(suite.admin, 'POST', `${BASE}/gen-unknown-widget/Actions/CodePreview`, {});
    expect(zh.msg).toContain('未知控件');
    expect(Number((await sql<{ n: number }>`select count(*) as n from base_file where file_name = 'oldDesign.zip'`.execute(suite.database.db)).rows[0].n)).toBe(0);

    const badOptions = await suite.call(suite.admin, 'POST', `${BASE}/${designId}/Actions/CodePreview`, { module: 'x'.repeat(500) });
    expect(badOptions.code).toBe(400);
  });

  it('needs the code generation page, and its export button to download', async () => {
    const preview = await suite.call(suite.staff, 'POST', `${BASE}/${designId}/Actions/CodePreview`, {});
    expect(preview.code).toBe(403);
    const download = await suite.call(suite.staff, 'POST', `${BASE}/${designId}/Actions/DownloadCode`, {});
    expect(download.code).toBe(403);
  });
});
