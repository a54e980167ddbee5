import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../../src/app/server/labcode.js';
import { makeTemplate } from '../../../src/app/server/databaseTemplate.js';
import { TEST_PASSWORDS } from '../../support/api/testDatabases.js';
import { allMigrations } from '../../../src/kernel/server/db/migrate.js';
import { serverModules } from '../../../src/modules/serverModules.js';

/**
 * The embedded database's template (decision 225): a data directory without a database starts as a copy of the
 * migrated empty database `npm start` made, and is seeded as before; a data directory that has one keeps it; a
 * template that does not load costs nothing but the time it would have saved.
 */
describe('the embedded database template', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'labcode-template-'));
  const template = path.join(dir, 'database-template.tar');
  const passwords = { adminPassword: TEST_PASSWORDS.admin, demoUserPassword: TEST_PASSWORDS.demoUser };
  const adminName = async (prepared: Awaited<ReturnType<typeof prepareDatabase>>) =>
    (await prepared.database.db.selectFrom('base_user').select('real_name').where('account', '=', 'admin').executeTakeFirstOrThrow()).real_name;

  beforeAll(async () => {
    await makeTemplate(template);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('holds every migration and no data', async () => {
    const prepared = await prepareDatabase({ dataDir: '', inMemory: true, from: new Blob([fs.readFileSync(template)]), ...passwords });
    try {
      // Opened as a copy: nothing left to migrate, and the seed ran on it (it had no user).
      expect(prepared.migrated).toEqual([]);
      expect(prepared.seeded).toBe(true);
    } finally {
      await prepared.database.close();
    }
  });

  it('starts a fresh data directory from it, and leaves a data directory that has a database as it is', async () => {
    const dataDir = path.join(dir, 'data');
    const first = await prepareDatabase({ dataDir, template, ...passwords });
    expect(first.fromTemplate).toBe(true);
    expect(first.migrated).toEqual([]);
    expect(first.seeded).toBe(true);
    await first.database.db.updateTable('base_user').set({ real_name: '改过的管理员' }).where('account', '=', 'admin').execute();
    await first.database.close();

    const again = await prepareDatabase({ dataDir, template, ...passwords });
    try {
      expect(again.fromTemplate).toBe(false);
      expect(again.seeded).toBe(false);
      // The same database, with the change made to it: not replaced by the template.
      expect(await adminName(again)).toBe('改过的管理员');
    } finally {
      await again.database.close();
    }
  });

  it('creates the database the long way when the template does not load', async () => {
    const damaged = path.join(dir, 'damaged.tar');
    fs.writeFileSync(damaged, 'not a data directory');
    const prepared = await prepareDatabase({ dataDir: path.join(dir, 'data-damaged'), template: damaged, ...passwords });
    try {
      expect(prepared.fromTemplate).toBe(false);
      expect(prepared.migrated).toEqual(Object.keys(allMigrations(serverModules)).sort());
      expect(prepared.seeded).toBe(true);
      expect(await adminName(prepared)).toBeTruthy();
    } finally {
      await prepared.database.close();
    }
  });
});
