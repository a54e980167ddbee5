import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../../src/app/server/labcode.js';
import { READER_ROLE } from '../../../src/modules/dataInterface/server/sqlReader.js';
import { TEST_PASSWORDS, testApp } from '../../support/api/testDatabases.js';
import { tokenFor } from '../../support/api/signIn.js';

/**
 * On a PostgreSQL whose application account may not create roles nor enter the reader role, SQL interfaces are
 * refused with a message that says what to do; static ones still run. Needs TEST_DATABASE_URL (a superuser, to
 * make the limited account and its database).
 */
const url = process.env.TEST_DATABASE_URL;

describe.runIf(Boolean(url))('SQL interfaces on an account without the reader role', () => {
  it('are refused with a clear message, while static interfaces still run', async () => {
    const suffix = randomBytes(5).toString('hex');
    const account = `labcode_limited_${suffix}`;
    const database = `labcode_limited_${suffix}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create role ${account} login password 'limited-pass' nocreaterole nosuperuser`);
    await admin.query(`create database ${database} owner ${account}`);
    const limitedUrl = new URL(url!);
    limitedUrl.username = account;
    limitedUrl.password = 'limited-pass';
    limitedUrl.pathname = `/${database}`;
    let opened: Awaited<ReturnType<typeof prepareDatabase>> | undefined;
    try {
      opened = await prepareDatabase({ databaseUrl: limitedUrl.toString(), dataDir: '', adminPassword: TEST_PASSWORDS.admin, demoUserPassword: TEST_PASSWORDS.demoUser });
      const app = await testApp(opened.database);
      try {
        const token = await tokenFor(app, 'admin', TEST_PASSWORDS.admin);
        const call = async (method: 'POST', path: string, payload: object) => (await app.inject({ method, url: path, headers: { authorization: token, 'accept-language': 'en' }, payload })).json();
        const sqlOne = await call('POST', '/api/system/DataInterface', { fullName: 'q', enCode: 'q', type: 1, sql: 'select 1 as one' });
        expect(sqlOne.code).toBe(200);
        const refused = await call('POST', `/api/system/DataInterface/${sqlOne.data.id}/Actions/Preview`, {});
        expect(refused).toMatchObject({ code: 400, msg: expect.stringContaining(`create the role ${READER_ROLE}`) });
        const staticOne = await call('POST', '/api/system/DataInterface', { fullName: 's', enCode: 's', type: 2, staticData: '[{"id":"1"}]' });
        expect((await call('POST', `/api/system/DataInterface/${staticOne.data.id}/Actions/Preview`, {})).data).toEqual([{ id: '1' }]);
      } finally {
        await app.close();
      }
    } finally {
      await opened?.database.close();
      await admin.query(`drop database if exists ${database} with (force)`);
      await admin.query(`drop role if exists ${account}`);
      await admin.end();
    }
  });
});
