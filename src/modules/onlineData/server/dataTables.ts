import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../../kernel/server/db/schema.js';
import { AppError } from '../../../kernel/server/appError.js';
import { boundedName, tablePlan, type ColumnType, type DesignRecord, type PlannedColumn, type PlannedTable, type TablePlan } from './tablePlan.js';

export { tablePlan, columnTypeOf, formDefinitionOf, type ColumnType, type DesignRecord, type PlannedColumn, type PlannedTable, type TablePlan } from './tablePlan.js';

/**
 * Makes a released design's tables real (spec 001 §7: records in real PostgreSQL tables, migrated when a released
 * design changes). The visualdev module calls it inside its release transaction; the runtime then reads the applied
 * plan from base_visualdev_online_model. Never loses data:
 *
 * - a new field adds its column, a new sub-table its child table;
 * - a field removed from the design keeps its column and values (the runtime no longer shows them; putting the
 *   field back brings them back);
 * - a field whose column type changes (a text field turned into a number) keeps its old column under a new name,
 *   `<column>_old<n>`, and gets a new column of the new type, filled with the old values that convert exactly
 *   (numbers written as text become numbers; anything becomes text or JSON); what does not convert stays in the
 *   old column only, for an administrator to recover by SQL;
 * - names stay: a table keeps the name its first release gave it, even if the design's enCode changes later, and
 *   a name belongs to one design (a second design naming the same table is refused).
 */
type Db = Kysely<DB> | Transaction<DB>;

const PG_TYPE: Record<string, ColumnType | undefined> = {
  text: 'text',
  numeric: 'numeric',
  'timestamp with time zone': 'timestamptz',
  jsonb: 'jsonb',
};

async function existingColumns(db: Db, table: string): Promise<Map<string, string>> {
  const { rows } = await sql<{ column_name: string; data_type: string }>`
    select column_name, data_type from information_schema.columns
      where table_schema = current_schema() and table_name = ${table}`.execute(db);
  return new Map(rows.map((r) => [r.column_name, r.data_type]));
}

/** The old values that convert exactly into the new type; the rest stay null (and in the kept old column). */
function conversion(from: ColumnType | undefined, to: ColumnType, old: string) {
  const ref = sql.ref(old);
  if (to === 'jsonb') return from === 'jsonb' ? ref : sql`to_jsonb(${ref})`;
  if (to === 'text') return from === 'jsonb' ? sql`${ref} #>> '{}'` : sql`cast(${ref} as text)`;
  if (to === 'numeric') {
    if (from === 'text') return sql`case when ${ref} ~ '^\\s*-?[0-9]{1,30}(\\.[0-9]{1,30})?\\s*$' then cast(${ref} as numeric) end`;
    if (from === 'jsonb') return sql`case when jsonb_typeof(${ref}) = 'number' then cast(${ref} #>> '{}' as numeric) end`;
    if (from === 'timestamptz') return sql`extract(epoch from ${ref}) * 1000`;
    return sql`null`;
  }
  // to timestamptz: JNPF's milliseconds convert; text dates are left in the old column rather than guessed.
  if (from === 'numeric') return sql`case when abs(${ref}) < 1e14 then to_timestamp(${ref} / 1000.0) end`;
  if (from === 'jsonb') return sql`case when jsonb_typeof(${ref}) = 'number' and abs(cast(${ref} #>> '{}' as numeric)) < 1e14 then to_timestamp(cast(${ref} #>> '{}' as numeric) / 1000.0) end`;
  return sql`null`;
}

function freeOldName(column: string, taken: Map<string, string>): string {
  for (let n = 1; ; n++) {
    const name = boundedName(`${column}_old${n}`);
    if (!taken.has(name)) return name;
  }
}

async function createTable(db: Db, table: PlannedTable): Promise<void> {
  let builder = db.schema.createTable(table.name);
  for (const column of table.system) {
    builder = builder.addColumn(column.name, sql.raw(column.type), (c) => {
      let def = c;
      if (column.primaryKey) def = def.primaryKey();
      if (column.notNull) def = def.notNull();
      if (column.references) def = def.references(`${column.references}.id`).onDelete('cascade');
      return def;
    });
  }
  for (const column of table.columns) builder = builder.addColumn(column.name, sql.raw(column.type));
  await builder.execute();
}

async function migrateColumns(db: Db, table: PlannedTable, present: Map<string, string>): Promise<void> {
  for (const column of table.columns) {
    const current = present.get(column.name);
    if (current === undefined) {
      await db.schema.alterTable(table.name).addColumn(column.name, sql.raw(column.type)).execute();
      present.set(column.name, column.type);
      continue;
    }
    const from = PG_TYPE[current];
    if (from === column.type) continue;
    await retype(db, table.name, column, from, present);
  }
}

async function retype(db: Db, tableName: string, column: PlannedColumn, from: ColumnType | undefined, present: Map<string, string>): Promise<void> {
  const kept = freeOldName(column.name, present);
  await db.schema.alterTable(tableName).renameColumn(column.name, kept).execute();
  await db.schema.alterTable(tableName).addColumn(column.name, sql.raw(column.type)).execute();
  await sql`update ${sql.table(tableName)} set ${sql.ref(column.name)} = ${conversion(from, column.type, kept)}`.execute(db);
  present.set(kept, present.get(column.name) ?? 'text');
  present.set(column.name, column.type);
}

/** Keeps the names of earlier releases: a design's tables are the ones it first got. */
async function withRecordedNames(db: Db, planned: TablePlan): Promise<TablePlan> {
  const recorded = await db.selectFrom('base_visualdev_online_table').select(['table_name', 'role', 'field']).where('design_id', '=', planned.designId).execute();
  const mainName = recorded.find((r) => r.role === 'main')?.table_name ?? planned.main.name;
  const children = planned.children.map((child) => {
    const name = recorded.find((r) => r.role === 'child' && r.field?.toLowerCase() === child.field?.toLowerCase())?.table_name ?? child.name;
    return { ...child, name, system: child.system.map((c) => (c.references ? { ...c, references: mainName } : c)) };
  });
  return { ...planned, main: { ...planned.main, name: mainName }, children };
}

/** Creates or migrates the tables of a released design and records what was applied; answers the applied plan. */
export async function ensureDataTables(trx: Db, design: DesignRecord): Promise<TablePlan> {
  const plan = await withRecordedNames(trx, tablePlan(design));
  const tables = [plan.main, ...plan.children];
  const owners = await trx.selectFrom('base_visualdev_online_table').select(['table_name', 'design_id']).where('table_name', 'in', tables.map((t) => t.name)).execute();
  for (const owner of owners) if (owner.design_id !== design.id) throw AppError.badRequest('onlineData.tableTaken', { table: owner.table_name });
  for (const table of tables) {
    const present = await existingColumns(trx, table.name);
    const ours = owners.some((o) => o.table_name === table.name);
    if (present.size === 0) await createTable(trx, table);
    // A table of that name that no release recorded is someone else's: never adopt it.
    else if (!ours) throw AppError.badRequest('onlineData.tableTaken', { table: table.name });
    else await migrateColumns(trx, table, present);
    for (const index of table.indexes) await trx.schema.createIndex(index.name).ifNotExists().on(table.name).columns([...index.columns]).execute();
    for (const index of table.searchIndexes ?? []) {
      await sql`create index if not exists ${sql.ref(index.name)} on ${sql.table(table.name)} using gin (lc_search_grams(${sql.ref(index.columns[0]!)}))`.execute(trx);
    }
    if (!ours) await trx.insertInto('base_visualdev_online_table').values({ table_name: table.name, design_id: design.id, role: table.role, field: table.field ?? null }).execute();
  }
  const text = (value: unknown) => (value === undefined || value === null ? null : typeof value === 'string' ? value : JSON.stringify(value));
  const snapshot = {
    full_name: design.full_name ?? null,
    en_code: design.en_code,
    web_type: design.web_type ?? null,
    form_data: text(design.form_data) ?? '{}',
    column_data: text(design.column_data),
    app_column_data: text(design.app_column_data),
    plan_json: JSON.stringify(plan),
  };
  await trx
    .insertInto('base_visualdev_online_model')
    .values({ design_id: design.id, ...snapshot, version: 1 })
    .onConflict((oc) => oc.column('design_id').doUpdateSet((eb) => ({ ...snapshot, version: sql<number>`${eb.ref('base_visualdev_online_model.version')} + 1`, applied_at: sql<Date>`now()` })))
    .execute();
  return plan;
}

/** What a deleted design's tables became: the physical names they had and the names they were set aside under. */
export interface RetiredTable {
  tableName: string;
  keptAs: string;
}

/** The first suffix `_del<n>` under which no table of that name exists yet. */
async function asideSuffix(db: Db, table: string): Promise<string> {
  for (let n = 1; ; n++) {
    if ((await existingColumns(db, boundedName(`${table}_del${n}`))).size === 0) return `_del${n}`;
  }
}

/**
 * Undoes what releases made for a design that is being deleted, inside the caller's transaction: the runtime's
 * model and the table registrations go, and each physical table is renamed aside (`vd_purchase` →
 * `vd_purchase_del1`), never dropped (decision 153): deleting a design is a menu-level act, and records must only
 * be lost by an administrator who means it (a DROP TABLE by hand, after looking). The set-aside tables are
 * nobody's: a new design may take the old name, and the old rows stay readable by SQL.
 */
export async function retireDataTables(trx: Db, designId: string): Promise<RetiredTable[]> {
  const recorded = await trx.selectFrom('base_visualdev_online_table').select(['table_name', 'role']).where('design_id', '=', designId).execute();
  const retired: RetiredTable[] = [];
  // Children first: their names are derived from the main table's, and a clash is easier to read that way round.
  for (const table of [...recorded].sort((a, b) => (a.role === 'main' ? 1 : 0) - (b.role === 'main' ? 1 : 0))) {
    if ((await existingColumns(trx, table.table_name)).size === 0) continue;
    const suffix = await asideSuffix(trx, table.table_name);
    const keptAs = boundedName(`${table.table_name}${suffix}`);
    // Index names are the schema's, not the table's: the primary key's and the list's indexes move aside too, or
    // a new table of the old name could not have its own.
    const { rows: indexes } = await sql<{ indexname: string }>`
      select indexname from pg_indexes where schemaname = current_schema() and tablename = ${table.table_name}`.execute(trx);
    for (const { indexname } of indexes) await sql`alter index ${sql.ref(indexname)} rename to ${sql.ref(boundedName(`${indexname}${suffix}`))}`.execute(trx);
    await trx.schema.alterTable(table.table_name).renameTo(keptAs).execute();
    retired.push({ tableName: table.table_name, keptAs });
  }
  await trx.deleteFrom('base_visualdev_online_table').where('design_id', '=', designId).execute();
  await trx.deleteFrom('base_visualdev_online_model').where('design_id', '=', designId).execute();
  return retired;
}
