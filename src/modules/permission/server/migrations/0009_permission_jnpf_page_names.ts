import { sql, type Kysely } from 'kysely';

/**
 * Menu addresses at JNPF's view paths, so JNPF's own web clients open the same pages (the demo menus ship with
 * them; this brings databases seeded before the change along). Only rows still holding the old address change:
 * an address an administrator set by hand is theirs.
 */
const RENAMED = [
  { enCode: 'systemData.area', from: 'systemData/area', to: 'system/area' },
  { enCode: 'system.sysLog', from: 'system/sysLog', to: 'system/log' },
  { enCode: 'msgCenter.messageRecord', from: 'messageRecord', to: 'basic/messageRecord' },
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const { enCode, from, to } of RENAMED) {
    await sql`update base_module set url_address = ${to} where en_code = ${enCode} and url_address = ${from}`.execute(db);
  }
  // The portal was a page at `dashboard`, which is also a fixed route of the client: it becomes a portal entry.
  await sql`update base_module set type = 8, url_address = 'portal/lab', property_json = '{"moduleId":"lab-portal"}'
            where en_code = 'dashboard' and type = 2 and url_address = 'dashboard'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const { enCode, from, to } of RENAMED) {
    await sql`update base_module set url_address = ${from} where en_code = ${enCode} and url_address = ${to}`.execute(db);
  }
  await sql`update base_module set type = 2, url_address = 'dashboard', property_json = null where en_code = 'dashboard' and type = 8 and url_address = 'portal/lab'`.execute(db);
}
