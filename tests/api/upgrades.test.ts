import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { up } from '../../src/server/modules/permission/migrations/0009_permission_jnpf_page_names.js';
import { apiSuite } from './apiSuite.js';
import { testDatabases } from './testDatabases.js';

/** Databases seeded before the menus moved to JNPF's view paths are brought along, hand-set addresses kept. */
describe.each(testDatabases())('menu addresses on $name', (testDb) => {
  const suite = apiSuite(testDb);

  it('moves the old demo addresses to JNPF\'s and leaves an address set by hand alone', async () => {
    const db = suite.database.db;
    await sql`update base_module set url_address = 'systemData/area' where en_code = 'systemData.area'`.execute(db);
    await sql`update base_module set url_address = 'messageRecord' where en_code = 'msgCenter.messageRecord'`.execute(db);
    await sql`update base_module set type = 2, url_address = 'dashboard', property_json = null where en_code = 'dashboard'`.execute(db);
    await sql`update base_module set url_address = 'custom/logs' where en_code = 'system.sysLog'`.execute(db);
    await up(db);
    const rows = await db.selectFrom('base_module').select(['en_code', 'type', 'url_address']).where('en_code', 'in', ['systemData.area', 'msgCenter.messageRecord', 'dashboard', 'system.sysLog']).execute();
    const byCode = Object.fromEntries(rows.map((r) => [r.en_code, r]));
    expect(byCode['systemData.area'].url_address).toBe('system/area');
    expect(byCode['msgCenter.messageRecord'].url_address).toBe('basic/messageRecord');
    expect(byCode.dashboard).toMatchObject({ type: 8, url_address: 'portal/lab' });
    expect(byCode['system.sysLog'].url_address).toBe('custom/logs');
    // The area screen is found at its new address.
    expect((await suite.call(suite.admin, 'GET', '/api/screens/system/area')).code).toBe(200);
  });
});
