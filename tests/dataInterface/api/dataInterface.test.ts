import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../support/api/testDatabases.js';
import { apiSuite } from '../../support/api/apiSuite.js';

// Read when the app is built: 127.0.0.2 (a loopback address of our own test server) is allowed; 127.0.0.1 is not.
process.env.DATA_INTERFACE_HTTP_ALLOW = '127.0.0.2';
process.env.DATA_INTERFACE_SQL_TIMEOUT_MS = '300';

const BASE = '/api/system/DataInterface';
const en = { 'accept-language': 'en' };

/** A local HTTP service for the HTTP interfaces: rows, echoes of what it got, a redirect, a huge answer. */
let server: http.Server;
let origin = '';
const seen: { method: string; url: string; body: string; headers: http.IncomingHttpHeaders }[] = [];
beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, body, headers: req.headers });
      const url = new URL(req.url!, 'http://x');
      if (url.pathname === '/reagents') {
        const rows = Array.from({ length: 25 }, (_, i) => ({ id: `r${i + 1}`, fullName: `Reagent ${i + 1}`, lab: url.searchParams.get('lab') ?? '' }));
        res.setHeader('content-type', 'application/json');
        return res.end(JSON.stringify({ code: 200, data: { list: rows } }));
      }
      if (url.pathname === '/echo') {
        res.setHeader('content-type', 'application/json');
        return res.end(JSON.stringify([{ method: req.method, body, query: url.search }]));
      }
      if (url.pathname === '/to-loopback') {
        res.statusCode = 302;
        res.setHeader('location', `http://127.0.0.1:${(server.address() as AddressInfo).port}/reagents`);
        return res.end();
      }
      if (url.pathname === '/to-localhost') {
        res.statusCode = 302;
        res.setHeader('location', `http://localhost:${(server.address() as AddressInfo).port}/reagents`);
        return res.end();
      }
      if (url.pathname === '/hop') {
        res.statusCode = 302;
        res.setHeader('location', '/reagents?lab=hopped');
        return res.end();
      }
      if (url.pathname === '/huge') {
        res.setHeader('content-type', 'application/json');
        res.write('[');
        const chunk = JSON.stringify({ pad: 'x'.repeat(60_000) });
        for (let i = 0; i < 100; i++) res.write(`${i ? ',' : ''}${chunk}`);
        return res.end(']');
      }
      if (url.pathname === '/broken') {
        res.statusCode = 500;
        return res.end('no');
      }
      res.statusCode = 404;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
  origin = `http://127.0.0.2:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe.each(testDatabases({ everyEngine: true }))('data interfaces on $name', (testDb) => {
  const suite = apiSuite(testDb);
  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => suite.call(token, method, url, payload);
  async function callEn(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
    const response = await suite.app.inject({ method, url, headers: { authorization: suite.admin, ...en }, ...(payload !== undefined ? { payload: payload as object } : {}) });
    return response.json();
  }
  const created = new Map<string, string>();
  async function create(input: Record<string, unknown>): Promise<string> {
    const answer = await call(suite.admin, 'POST', BASE, { category: 'lab', ...input });
    expect(answer.code, JSON.stringify(answer)).toBe(200);
    created.set(String(input.enCode), answer.data.id);
    return answer.data.id;
  }
  const staticRows = Array.from({ length: 12 }, (_, i) => ({ id: String(i + 1), fullName: `选项${i + 1}`, code: `opt${i + 1}` }));
  const staticInterface = { fullName: '静态选项', enCode: 'staticOptions', type: 2, dataConfigJson: JSON.stringify({ staticData: JSON.stringify(staticRows) }) };
  const sqlInterface = {
    fullName: '用户查询',
    enCode: 'userQuery',
    type: 1,
    dataConfigJson: JSON.stringify({ sqlData: { sql: "select id, account, real_name as \"fullName\" from base_user where account like {prefix} || '%' -- {not a param}\norder by account" } }),
    parameterJson: JSON.stringify([{ field: 'prefix', fieldName: '账号前缀', dataType: 'varchar', required: 0, defaultValue: '' }]),
  };

  describe('records', () => {
    it('creates, lists, reads, updates, copies, toggles, exports and deletes', async () => {
      const id = await create(staticInterface);
      const list = await call(suite.admin, 'GET', `${BASE}?keyword=static&currentPage=1&pageSize=10`);
      expect(list.data.list.map((row: { enCode: string }) => row.enCode)).toEqual(['staticOptions']);
      expect(list.data.pagination).toMatchObject({ currentPage: 1, pageSize: 10, total: 1 });
      const one = await call(suite.admin, 'GET', `${BASE}/${id}`);
      expect(one.data).toMatchObject({ fullName: '静态选项', enCode: 'staticOptions', type: 2, category: 'lab', enabledMark: 1, creatorUser: expect.stringContaining('admin') });
      expect(JSON.parse(one.data.dataConfigJson).staticData).toBe(staticInterface.dataConfigJson && JSON.parse(staticInterface.dataConfigJson).staticData);

      const duplicate = await callEn('POST', BASE, { ...staticInterface, fullName: 'other', enCode: 'STATICOPTIONS' });
      expect(duplicate).toMatchObject({ code: 409, msg: 'This interface code is already used' });

      const updated = await call(suite.admin, 'PUT', `${BASE}/${id}`, { ...staticInterface, category: 'lab', description: '十二个选项', parameterJson: JSON.stringify([{ field: 'lab', dataType: 'varchar' }]) });
      expect(updated.code).toBe(200);
      const params = await call(suite.admin, 'GET', `${BASE}/GetParam/${id}`);
      expect(params.data).toEqual([{ field: 'lab', fieldName: '', dataType: 'varchar', required: 0, defaultValue: '' }]);

      const copy = await call(suite.admin, 'POST', `${BASE}/${id}/Actions/Copy`);
      const copied = await call(suite.admin, 'GET', `${BASE}/${copy.data.id}`);
      expect(copied.data.fullName).toMatch(/^静态选项\.副本.{5}$/);
      expect(copied.data).toMatchObject({ enabledMark: 0, type: 2, description: '十二个选项' });

      const state = await call(suite.admin, 'PUT', `${BASE}/${copy.data.id}/Actions/State`);
      expect(state.data.enabledMark).toBe(1);
      const selector = await call(suite.staff, 'GET', `${BASE}/Selector`);
      expect(selector.data[0]).toMatchObject({ fullName: 'lab', category: '0', hasChildren: true });
      expect(selector.data[0].children.map((node: { id: string }) => node.id).sort()).toEqual([id, copy.data.id].sort());
      const picker = await call(suite.staff, 'GET', `${BASE}/getList?keyword=副本`);
      expect(picker.data.list.map((row: { id: string }) => row.id)).toEqual([copy.data.id]);

      const exported = await call(suite.admin, 'GET', `${BASE}/${id}/Action/Export`);
      expect(exported.data.name).toBe('静态选项-staticOptions.json');
      const file = await suite.app.inject({ method: 'GET', url: exported.data.url, headers: { authorization: suite.admin } });
      expect(JSON.parse(file.body)).toMatchObject({ format: 'labcode.dataInterface.v1', dataInterface: { enCode: 'staticOptions', type: 2 } });

      await call(suite.admin, 'POST', `${BASE}/${copy.data.id}/Actions/Preview`, {});
      expect((await call(suite.admin, 'GET', `/api/system/DataInterfaceLog/${copy.data.id}`)).data.pagination.total).toBe(1);
      expect((await call(suite.admin, 'DELETE', `${BASE}/${copy.data.id}`)).code).toBe(200);
      expect((await call(suite.admin, 'GET', `${BASE}/${copy.data.id}`)).code).toBe(404);
      const orphans = await suite.database.db.selectFrom('base_data_interface_log').select('id').where('invoke_id', '=', copy.data.id).execute();
      expect(orphans).toEqual([]);
    });

    it('refuses bad records with translated messages and writes nothing', async () => {
      const before = await suite.database.db.selectFrom('base_data_interface').select('id').execute();
      const cases: [Record<string, unknown>, string][] = [
        [{ ...staticInterface, enCode: 'a1', fullName: '' }, 'Enter the interface name'],
        [{ ...staticInterface, enCode: 'a2', fullName: 'x'.repeat(51) }, 'The interface name has at most 50 characters'],
        [{ ...staticInterface, enCode: 'a3', fullName: 'a3', dataConfigJson: '{nope' }, 'The interface configuration is not valid JSON'],
        [{ ...staticInterface, enCode: 'a4', fullName: 'a4', dataConfigJson: JSON.stringify({ staticData: '[1,' }) }, 'The static data is not valid JSON'],
        [{ ...staticInterface, enCode: 'a5', fullName: 'a5', type: 1, dataConfigJson: '{}' }, 'Enter the SQL statement'],
        [{ ...staticInterface, enCode: 'a6', fullName: 'a6', type: 3, dataConfigJson: JSON.stringify({ apiData: { url: 'ftp://x/y' } }) }, 'Enter a valid http or https address'],
        [{ ...staticInterface, enCode: 'a7', fullName: 'a7', parameterJson: JSON.stringify([{ field: 'a b' }]) }, 'Invalid or repeated parameter name: a b (letters, digits and _, starting with a letter)'],
      ];
      for (const [input, msg] of cases) expect(await callEn('POST', BASE, input)).toMatchObject({ code: 400, msg });
      expect(await suite.database.db.selectFrom('base_data_interface').select('id').execute()).toEqual(before);
    });

    it('takes the admin form’s own fields and builds JNPF’s JSON from them', async () => {
      const id = await create({ fullName: '表单字段', enCode: 'formFields', type: 1, sql: 'select {n}::int + 1 as next', parameterList: [{ field: 'n', fieldName: '数', dataType: 'int', required: 1, defaultValue: '41' }] });
      const stored = (await call(suite.admin, 'GET', `${BASE}/${id}`)).data;
      expect(JSON.parse(stored.dataConfigJson)).toMatchObject({ sqlData: { sql: 'select {n}::int + 1 as next' } });
      expect(JSON.parse(stored.parameterJson)).toEqual([{ field: 'n', fieldName: '数', dataType: 'int', required: 1, defaultValue: '41' }]);
      expect(stored).toMatchObject({ sql: 'select {n}::int + 1 as next', staticData: '', apiMethod: 'GET', parameterList: [{ field: 'n', defaultValue: '41' }] });
      expect((await call(suite.staff, 'POST', `${BASE}/${id}/Actions/Preview`, {})).data).toEqual([{ next: 42 }]);
      // An edit that carries the stored JSON back beside changed fields keeps the fields.
      await call(suite.admin, 'PUT', `${BASE}/${id}`, { ...stored, sql: 'select 7 as next' });
      expect((await call(suite.staff, 'POST', `${BASE}/${id}/Actions/Preview`, {})).data).toEqual([{ next: 7 }]);
    });

    it('keeps management to the page and its buttons; running is open to signed-in users', async () => {
      const id = created.get('staticOptions')!;
      expect((await call(suite.staff, 'GET', BASE)).code).toBe(403);
      expect((await call(suite.staff, 'POST', BASE, { ...staticInterface, enCode: 'x', fullName: 'x' })).code).toBe(403);
      expect((await call(suite.staff, 'GET', `${BASE}/${id}`)).code).toBe(403);
      expect((await call(suite.staff, 'GET', `/api/system/DataInterfaceLog/${id}`)).code).toBe(403);
      expect((await call(suite.staff, 'POST', `${BASE}/${id}/Actions/Preview`, { paramList: [] })).code).toBe(200);
    });
  });

  describe('static data', () => {
    it('answers all rows, a page with a keyword, and the rows of stored ids', async () => {
      const id = created.get('staticOptions')!;
      const all = await call(suite.staff, 'POST', `${BASE}/${id}/Actions/Preview`, { paramList: [] });
      expect(all.data).toHaveLength(12);
      const page = await call(suite.staff, 'POST', `${BASE}/${id}/Action/List`, { currentPage: 2, pageSize: 5, keyword: '', relationField: 'fullName' });
      expect(page.data.list.map((row: { id: string }) => row.id)).toEqual(['6', '7', '8', '9', '10']);
      expect(page.data.pagination).toEqual({ currentPage: 2, pageSize: 5, total: 12 });
      const found = await call(suite.staff, 'POST', `${BASE}/${id}/Actions/List`, { currentPage: 1, pageSize: 5, keyword: '选项1', relationField: 'fullName' });
      expect(found.data.list.map((row: { id: string }) => row.id)).toEqual(['1', '10', '11', '12']);
      const echo = await call(suite.staff, 'POST', `${BASE}/${id}/Action/InfoByIds`, { ids: ['12', '3'], propsValue: 'id', relationField: 'fullName' });
      expect(echo.data.map((row: { fullName: string }) => row.fullName)).toEqual(['选项3', '选项12']);
      const byCode = await call(suite.staff, 'POST', `${BASE}/${id}/Actions/InfoByIds`, { ids: 'opt11', propsValue: 'code' });
      expect(byCode.data).toEqual([{ id: '11', fullName: '选项11', code: 'opt11' }]);
      const fields = await call(suite.staff, 'POST', `${BASE}/${id}/Actions/GetFields`, { paramList: [] });
      expect(fields.data).toEqual(['id', 'fullName', 'code']);
    });

    it('refuses a disabled interface, and logs each call with who and how long', async () => {
      const id = created.get('staticOptions')!;
      await call(suite.admin, 'PUT', `${BASE}/${id}/Actions/State`);
      expect(await callEn('POST', `${BASE}/${id}/Actions/Preview`, {})).toMatchObject({ code: 400, msg: 'This data interface is disabled' });
      await call(suite.admin, 'PUT', `${BASE}/${id}/Actions/State`);
      const log = await call(suite.admin, 'GET', `/api/system/DataInterfaceLog/${id}?currentPage=1&pageSize=3`);
      expect(log.data.pagination.total).toBeGreaterThanOrEqual(6);
      expect(log.data.list).toHaveLength(3);
      expect(log.data.list[0]).toMatchObject({ invokType: 'fields', success: 1, invokIp: expect.any(String), invokWasteTime: expect.any(Number) });
      const staffCalls = await call(suite.admin, 'GET', `/api/system/DataInterfaceLog/${id}?keyword=staff&pageSize=100`);
      expect(staffCalls.data.list.length).toBeGreaterThan(0);
      expect(staffCalls.data.list.every((row: { userId: string }) => row.userId.endsWith('/staff'))).toBe(true);
    });
  });

  describe('SQL', () => {
    it('answers rows with named parameters bound as values, pages and echoes', async () => {
      const id = await create(sqlInterface);
      const all = await call(suite.staff, 'POST', `${BASE}/${id}/Actions/Preview`, { paramList: [{ field: 'prefix', defaultValue: 'adm' }] });
      expect(all.code, JSON.stringify(all)).toBe(200);
      expect(all.data.map((row: { account: string }) => row.account)).toEqual(['admin']);
      // A value is a value: quotes and SQL in it match nothing and run nothing.
      const injected = await call(suite.staff, 'POST', `${BASE}/${id}/Actions/Preview`, { paramList: [{ field: 'prefix', defaultValue: "' or 1=1 --" }] });
      expect(injected.data).toEqual([]);
      const everyone = await call(suite.staff, 'POST', `${BASE}/${id}/Actions/Preview`, { paramList: [] });
      const accounts = everyone.data.map((row: { account: string }) => row.account);
      expect(accounts.length).toBeGreaterThan(2);
      const page = await call(suite.staff, 'POST', `${BASE}/${id}/Actions/List`, { currentPage: 2, pageSize: 2, paramList: [] });
      expect(page.data.list.map((row: { account: string }) => row.account)).toEqual(accounts.slice(2, 4));
      expect(page.data.pagination.total).toBe(accounts.length);
      const search = await call(suite.staff, 'POST', `${BASE}/${id}/Actions/List`, { currentPage: 1, pageSize: 20, keyword: 'staff', relationField: 'account', columnOptions: 'fullName' });
      expect(search.data.list.map((row: { account: string }) => row.account)).toContain('staff');
      expect(search.data.list.every((row: { account: string; fullName: string }) => `${row.account}${row.fullName}`.toLowerCase().includes('staff'))).toBe(true);
      const ids = everyone.data.slice(0, 2).map((row: { id: string }) => row.id);
      const echo = await call(suite.staff, 'POST', `${BASE}/${id}/Actions/InfoByIds`, { ids: JSON.stringify(ids), propsValue: 'id', paramList: [] });
      expect(echo.data.map((row: { id: string }) => row.id).sort()).toEqual([...ids].sort());
      expect((await call(suite.staff, 'POST', `${BASE}/${id}/Actions/GetFields`, {})).data).toEqual(['id', 'account', 'fullName']);
    });

    async function sqlRun(enCode: string, statement: string, parameterJson?: string) {
      const id = await create({ fullName: enCode, enCode, type: 1, dataConfigJson: JSON.stringify({ sqlData: { sql: statement } }), parameterJson });
      return callEn('POST', `${BASE}/${id}/Actions/Preview`, { paramList: [] });
    }

    it('reads only, under a role without secrets, one SELECT at a time', async () => {
      expect(await sqlRun('pw', 'select password_hash from base_user')).toMatchObject({ code: 400, msg: 'An SQL interface may not read that table or column' });
      expect(await sqlRun('sess', 'select * from auth_session')).toMatchObject({ code: 400, msg: 'An SQL interface may not read that table or column' });
      expect(await sqlRun('del', 'delete from base_user')).toMatchObject({ code: 400, msg: 'An SQL interface may only query (SELECT or WITH)' });
      expect(await sqlRun('two', 'select 1; drop table base_user')).toMatchObject({ code: 400, msg: 'Only one SQL statement may run' });
      expect(await sqlRun('cte', "with gone as (delete from base_dictionary_data returning id) select count(*) from gone")).toMatchObject({ code: 400, msg: expect.stringMatching(/^The SQL failed: WITH clause containing a data-modifying statement/) });
      expect(await sqlRun('lock', 'select id from base_dictionary_data for update')).toMatchObject({ code: 400, msg: 'An SQL interface may only read data, never change it' });
      expect(await sqlRun('lo', 'select lo_create(0)')).toMatchObject({ code: 400, msg: 'An SQL interface may not use lo_create' });
      expect(await sqlRun('role', "select set_config('role', current_user, true)")).toMatchObject({ code: 400, msg: 'An SQL interface may not use set_config' });
      expect(await sqlRun('quoted', `select "set_config"('role', 'postgres', true)`)).toMatchObject({ code: 400, msg: 'An SQL interface may not use set_config' });
      expect(await sqlRun('xml', "select query_to_xml('select password from base_user', true, false, '')")).toMatchObject({ code: 400, msg: 'An SQL interface may not use query_to_xml' });
      expect(await sqlRun('bad', 'select nothing_here from base_user')).toMatchObject({ code: 400, msg: expect.stringMatching(/^The SQL failed: column "nothing_here" does not exist/) });
      expect(await sqlRun('undeclared', 'select {who} as x')).toMatchObject({ code: 400, msg: 'The SQL uses the parameter who, which is not declared' });
      expect(await sqlRun('required', 'select {who}::text as x', JSON.stringify([{ field: 'who', fieldName: '谁', required: 1 }]))).toMatchObject({ code: 400, msg: 'The parameter “谁” is required' });
      expect(await sqlRun('number', 'select {n}::int as x', JSON.stringify([{ field: 'n', dataType: 'int', defaultValue: 'seven' }]))).toMatchObject({ code: 400, msg: 'The parameter “n” must be a number' });
      expect(await sqlRun('big', 'select g from generate_series(1, 10001) g')).toMatchObject({ code: 400, msg: 'The interface answers more than 10000 rows: page it or narrow the query' });
      // Nothing was changed by any of them.
      expect((await suite.database.db.selectFrom('base_dictionary_data').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n).toBeGreaterThan(0);
      // The application's own connection is itself again afterwards.
      const who = await suite.database.db.executeQuery<{ user: string }>({ sql: 'select current_user as user', parameters: [], query: { kind: 'RawNode' } } as never);
      expect(who.rows[0].user).not.toBe('labcode_interface_reader');
    });

    // On PGlite, statement_timeout never fires (no timer signal in WebAssembly); sqlBudget.ts keeps the same bound.
    it('stops a statement that runs past the timeout, and the server answers meanwhile', async () => {
      const started = performance.now();
      const slow = sqlRun('slow', 'select count(*) from generate_series(1, 200000000)');
      const health = await suite.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.json()).toMatchObject({ code: 200, data: { status: 'ok' } });
      expect(await slow).toMatchObject({ code: 400, msg: 'The SQL took too long and was stopped' });
      // A statement the planner misjudges (a recursive query of unknown depth) is stopped while its rows are counted.
      const deep = 'with recursive r(n) as (select 1 union all select n + 1 from r where n < 200000000) select n from r';
      const id = await create({ fullName: 'misjudged', enCode: 'misjudged', type: 1, dataConfigJson: JSON.stringify({ sqlData: { sql: deep } }) });
      const paged = await callEn('POST', `${BASE}/${id}/Actions/List`, { currentPage: 1, pageSize: 20 });
      expect(paged).toMatchObject({ code: 400, msg: 'The SQL took too long and was stopped' });
      // Both within a few time limits (300 ms here), not the minutes the statements would take.
      expect(performance.now() - started).toBeLessThan(20_000);
    });
  });

  describe('HTTP', () => {
    const httpInterface = (enCode: string, apiData: Record<string, unknown>, parameterJson?: string) => create({ fullName: enCode, enCode, type: 3, dataConfigJson: JSON.stringify({ apiData }), parameterJson });

    it('calls an allowed service with parameters, pages its rows and follows a same-site redirect', async () => {
      const id = await httpInterface('reagents', { method: 'GET', url: `${origin}/reagents`, query: [{ field: 'lab', defaultValue: '{lab}' }], header: [{ field: 'X-Lab', defaultValue: '{lab}' }] }, JSON.stringify([{ field: 'lab', defaultValue: 'A' }]));
      const all = await call(suite.staff, 'POST', `${BASE}/${id}/Actions/Preview`, { paramList: [{ field: 'lab', defaultValue: 'B 2' }] });
      expect(all.data).toHaveLength(25);
      expect(all.data[0]).toEqual({ id: 'r1', fullName: 'Reagent 1', lab: 'B 2' });
      expect(seen.at(-1)!.headers['x-lab']).toBe('B 2');
      const page = await call(suite.staff, 'POST', `${BASE}/${id}/Actions/List`, { currentPage: 3, pageSize: 10, paramList: [] });
      expect(page.data.list.map((row: { id: string }) => row.id)).toEqual(['r21', 'r22', 'r23', 'r24', 'r25']);
      expect(page.data.list[0].lab).toBe('A');
      expect(page.data.pagination.total).toBe(25);
      const echo = await call(suite.staff, 'POST', `${BASE}/${id}/Actions/InfoByIds`, { ids: ['r7'], propsValue: 'id' });
      expect(echo.data).toEqual([{ id: 'r7', fullName: 'Reagent 7', lab: 'A' }]);
      const hop = await httpInterface('hop', { method: 'GET', url: `${origin}/hop` });
      expect((await call(suite.staff, 'POST', `${BASE}/${hop}/Actions/Preview`, {})).data[0].lab).toBe('hopped');
    });

    it('posts a JSON body with the parameters as JSON string content', async () => {
      const id = await httpInterface('post', { method: 'POST', url: `${origin}/echo`, body: '{"name": "{name}"}' }, JSON.stringify([{ field: 'name' }]));
      const answer = await call(suite.staff, 'POST', `${BASE}/${id}/Actions/Preview`, { paramList: [{ field: 'name', defaultValue: 'a "quoted", value' }] });
      expect(answer.data[0].method).toBe('POST');
      expect(JSON.parse(answer.data[0].body)).toEqual({ name: 'a "quoted", value' });
    });

    it('refuses loopback, private, link-local and metadata addresses, names and redirects leading there', async () => {
      const port = (server.address() as AddressInfo).port;
      const targets = [`http://127.0.0.1:${port}/reagents`, 'http://10.1.2.3/x', 'http://169.254.169.254/latest/meta-data/', `http://[::1]:${port}/reagents`, 'http://[::ffff:127.0.0.1]/x', `http://localhost:${port}/reagents`, 'http://192.168.1.1/', 'http://[fd00::1]/', 'http://224.0.0.1/'];
      let n = 0;
      for (const url of targets) {
        const id = await httpInterface(`refused${n++}`, { method: 'GET', url });
        const answer = await callEn('POST', `${BASE}/${id}/Actions/Preview`, {});
        expect(answer.code, url).toBe(400);
        expect(answer.msg, url).toMatch(/^Internal addresses may not be called: /);
      }
      const before = seen.length;
      for (const path of ['to-loopback', 'to-localhost']) {
        const id = await httpInterface(path, { method: 'GET', url: `${origin}/${path}` });
        expect(await callEn('POST', `${BASE}/${id}/Actions/Preview`, {})).toMatchObject({ code: 400, msg: expect.stringMatching(/^Internal addresses may not be called: /) });
      }
      // Only the redirecting requests reached the server; the refused targets never did.
      expect(seen.slice(before).map((request) => request.url)).toEqual(['/to-loopback', '/to-localhost']);
    });

    it('translates failures: an error status, an answer too large, not JSON', async () => {
      const broken = await httpInterface('broken', { method: 'GET', url: `${origin}/broken` });
      expect(await callEn('POST', `${BASE}/${broken}/Actions/Preview`, {})).toMatchObject({ code: 400, msg: 'The interface answered with status 500' });
      const huge = await httpInterface('huge', { method: 'GET', url: `${origin}/huge` });
      expect(await callEn('POST', `${BASE}/${huge}/Actions/Preview`, {})).toMatchObject({ code: 400, msg: 'The interface answered more than 5 MB' });
      const missing = await httpInterface('missing', { method: 'GET', url: `${origin}/nothing` });
      expect(await callEn('POST', `${BASE}/${missing}/Actions/Preview`, {})).toMatchObject({ code: 400, msg: 'The interface answered with status 404' });
      const log = await call(suite.admin, 'GET', `/api/system/DataInterfaceLog/${huge}`);
      expect(log.data.list[0]).toMatchObject({ success: 0, errorMessage: 'dataInterface.httpTooLarge' });
    });
  });
});
