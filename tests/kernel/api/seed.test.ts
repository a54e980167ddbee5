import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../../src/app/server/labcode.js';
import { testApp } from '../../support/api/testDatabases.js';
import { tokenFor } from '../../support/api/signIn.js';

/**
 * Demo passwords default only on the embedded database; a PostgreSQL server is never seeded with a well-known
 * password, and a refused seed leaves no demo data behind.
 */
describe('seeding the demo data', () => {
  it('uses the documented defaults on the embedded database, and says so', async () => {
    const prepared = await prepareDatabase({ inMemory: true, dataDir: '' });
    try {
      expect(prepared.seeded).toBe(true);
      expect(prepared.defaultPasswords).toEqual({ admin: 'admin123456', demoUser: 'demo123456' });
      const app = await testApp(prepared.database);
      await expect(tokenFor(app, 'admin', 'admin123456')).resolves.toMatch(/^bearer /);
      await expect(tokenFor(app, 'staff', 'demo123456')).resolves.toMatch(/^bearer /);
      await app.close();
    } finally {
      await prepared.database.close();
    }
  });

  // Needs a PostgreSQL server: CI always has one (TEST_DATABASE_URL); locally it runs when the variable is set.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('refuses to seed PostgreSQL without ADMIN_PASSWORD and DEMO_USER_PASSWORD, leaving no demo data', async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `labcode_seed_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    try {
      const target = new URL(url);
      target.pathname = `/${name}`;
      await expect(prepareDatabase({ databaseUrl: target.toString(), dataDir: '' })).rejects.toThrow(/ADMIN_PASSWORD and DEMO_USER_PASSWORD/);
      const check = new pg.Client({ connectionString: target.toString() });
      await check.connect();
      const { rows } = await check.query('select count(*)::int as n from base_user');
      await check.end();
      expect(rows[0].n).toBe(0);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
