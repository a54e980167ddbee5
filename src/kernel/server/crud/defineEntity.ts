import type { FastifyInstance } from 'fastify';
import type { Insertable, Kysely, Selectable, SelectQueryBuilder, Transaction } from 'kysely';
import { ResultCode } from '../../../shared/envelope.js';
import { AppError } from '../appError.js';
import type { DB } from '../db/schema.js';
import { newId } from '../db/id.js';
import type { MessageKey } from '../locales/messages.js';
import { ok } from '../plugins/envelope.js';
import type { DataScopeRequest } from './dataScope.js';
import { listQuery, listScopeColumns, pageOf, type ListParams, type ListSpec, type Pagination } from './listQuery.js';
import { assertInScope, recordScope, type RecordScope } from './recordScope.js';
import { enabledMarkFilter, idParams, listQueryProperties } from './requestSchemas.js';
import { toggleEnabled } from './toggleEnabled.js';
import { assertCodeFree, withUniqueCode } from './uniqueCode.js';

/**
 * A standard JNPF entity declared once: what is special about it (its table, page, views, checks and rules), and
 * from that its services and its six calls, the same for every entity of the kind:
 *
 *   GET    {path}                     the paged list, narrowed by the caller's data scope on the page
 *   GET    {path}/:id                 one record, reached within that scope (recordScope.ts)
 *   POST   {path}                     btn_add; answers { id }
 *   PUT    {path}/:id                 btn_edit
 *   DELETE {path}/:id                 btn_remove
 *   PUT    {path}/:id/Actions/State   btn_edit; answers { enabledMark }
 *
 * Every write runs in one transaction; a code taken by a concurrent writer answers the entity's message
 * (uniqueCode.ts). Calls that are not these six (pickers, imports, trees) stay hand-written beside the
 * declaration and may call its services.
 *
 *   export const groups = defineEntity({
 *     table: 'base_group', path: '/api/permission/Group', menu: 'permission.group', list: groupListSpec,
 *     body: groupBody, queryProperties: { type: { type: 'string', maxLength: 50 } },
 *     messages: { notFound: 'organize.groupNotFound', outsideScope: 'organize.outsideScope' },
 *     unique: { code: 'organize.groupCodeTaken', name: { message: 'organize.groupNameTaken' } },
 *     views, columns: groupColumns,
 *   });
 *   groups.routes(app, { db });            // in the module's routes
 *   await groups.get(db, id);              // anywhere in the module
 */
type Db = Kysely<DB> | Transaction<DB>;

/** Tables a declared entity lives in: named, coded, switchable records with a text id (spec 001 §5). */
export type EntityTable = {
  [T in keyof DB]: DB[T] extends { id: string; full_name: string; en_code: string; enabled_mark: unknown } ? T : never;
}[keyof DB] &
  string;

export type EntityRow<TB extends EntityTable> = Selectable<DB[TB]>;
/** What a create or an edit writes: every column but the id, which the create draws. */
export type EntityColumns<TB extends EntityTable> = Omit<Insertable<DB[TB]>, 'id'>;
export type EntityWrite = 'create' | 'update' | 'remove' | 'toggle';

export interface EntityDeclaration<TB extends EntityTable, View, Input, Info = View> {
  table: TB;
  /** The alias the ListSpec's columns qualify the table with, when its list joins other tables ('p'). */
  alias?: string;
  /** The calls' base path, /api/… */
  path: string;
  /** The menu page (base_module.en_code) whose buttons the writes need and whose data scope every call keeps to. */
  menu: string;
  list: ListSpec;
  /** The list's query parameters beyond paging and enabledMark (its other filters), as JSON-schema properties. */
  queryProperties?: Readonly<Record<string, object>>;
  /** The JSON schema of a create's and an edit's body. */
  body: object;
  messages: {
    /** An unknown id, and a record outside the caller's scope (which answers the same: recordScope.ts). */
    notFound: MessageKey;
    /** A create or an edit that would leave its record outside the caller's scope. */
    outsideScope: MessageKey;
  };
  unique: {
    /** en_code is unique without regard to case (uniqueCode.ts): the message when it is taken. */
    code: MessageKey;
    /** full_name is unique too, across the table or among the rows sharing `within`'s value; the message gets {name}. */
    name?: { message: MessageKey; within?: keyof EntityColumns<TB> & string };
  };
  /** Rows as the API shows them, a page at a time, so a lookup the views need runs once per page. */
  views(db: Db, rows: EntityRow<TB>[]): Promise<View[]>;
  /** The input checked (AppError with the entity's messages) and turned into the columns to write; uniqueness is checked after. */
  columns(db: Db, input: Input, currentId?: string): Promise<EntityColumns<TB>>;

  // Optional: what some entities do besides.
  /** The list's parameters as the list reads them (JNPF clients send a dictionary entry's id where the row stores its code). */
  listParams?(db: Db, params: ListParams): Promise<ListParams>;
  /** The list's select, when it is not all of the table's columns (a join to filter by); undefined: the filter names nothing. */
  listSelect?(db: Db, params: ListParams): Promise<SelectQueryBuilder<any, any, EntityRow<TB>> | undefined>;
  /** GET {path}/:id's answer, when the form reads more than a list row shows. */
  info?(view: View): Info;
  /** Refuses an edit the columns alone do not decide (a position held by users does not move). */
  beforeUpdate?(trx: Transaction<DB>, current: EntityRow<TB>, values: EntityColumns<TB>): Promise<void>;
  /** Refuses a delete (a group with members is not deleted). */
  beforeRemove?(trx: Transaction<DB>, current: EntityRow<TB>): Promise<void>;
  /** After a write has committed and before it answers: drop what depended on the record (cached grants). */
  afterWrite?(app: FastifyInstance, write: EntityWrite): Promise<void> | void;
}

export interface DeclaredEntity<TB extends EntityTable, View, Input, Info = View> {
  readonly table: TB;
  readonly path: string;
  readonly menu: string;
  /** A page of the list; with a scope, only what the caller's scope on the page shows. */
  list(db: Db, params: ListParams, scope?: DataScopeRequest): Promise<{ list: View[]; pagination: Pagination }>;
  /** One record; outside the scope it answers as an unknown id. */
  get(db: Db, id: string, scope?: DataScopeRequest): Promise<Info>;
  create(db: Kysely<DB>, input: Input, scope?: DataScopeRequest): Promise<string>;
  update(db: Kysely<DB>, id: string, input: Input, scope?: DataScopeRequest): Promise<void>;
  remove(db: Kysely<DB>, id: string, scope?: DataScopeRequest): Promise<void>;
  /** Flips enabledMark and answers the new value. */
  toggle(db: Kysely<DB>, id: string, scope?: DataScopeRequest): Promise<number>;
  /** Registers the six calls on the module's app. */
  routes(app: FastifyInstance, ctx: { db: Kysely<DB> }): void;
}


/**
 * Kysely checks columns against a table it knows; the table here is a type parameter, so the queries go through
 * an untyped handle and rows are typed where they leave (EntityRow).
 */
const untyped = (db: Db) => db as unknown as Kysely<any>;

export function defineEntity<TB extends EntityTable, View, Input, Info = View>(entity: EntityDeclaration<TB, View, Input, Info>): DeclaredEntity<TB, View, Input, Info> {
  const { alias, messages } = entity;
  // A plain name for the untyped handle (a type parameter would make Kysely resolve it).
  const table: string = entity.table;
  const from = alias ? `${table} as ${alias}` : table;
  const idColumn = alias ? `${alias}.id` : 'id';
  const scopeColumns = listScopeColumns(entity.list);

  /** The caller's scope on the page, resolved before the transaction (recordScope.ts says why). */
  const scopeOf = (scope?: DataScopeRequest) => recordScope(scope, scopeColumns);
  const selectId = (db: Db, id: string) => untyped(db).selectFrom(from).select(idColumn).where(idColumn, '=', id);
  const assertReachable = (db: Db, id: string, scope: RecordScope) => assertInScope(selectId(db, id), scope, { notFound: messages.notFound });
  /** After a create or an edit: the record is still one the caller's list shows. */
  const assertKept = (db: Db, id: string, scope: RecordScope) => assertInScope(selectId(db, id), scope, { outside: messages.outsideScope });

  async function rowOf(db: Db, id: string, scope: RecordScope): Promise<EntityRow<TB>> {
    await assertReachable(db, id, scope);
    const row = await untyped(db).selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new AppError(ResultCode.notFound, messages.notFound);
    return row as EntityRow<TB>;
  }

  /** full_name not taken by another row (of those sharing the rule's `within` value): 409 with the entity's message. */
  async function assertNameFree(db: Db, values: Record<string, unknown>, currentId?: string): Promise<void> {
    const rule = entity.unique.name;
    if (!rule) return;
    let sameName = untyped(db).selectFrom(table).select('id').where('full_name', '=', values.full_name);
    const within: string | undefined = rule.within;
    if (within) sameName = sameName.where(within, '=', values[within]);
    if (currentId) sameName = sameName.where('id', '<>', currentId);
    if (await sameName.executeTakeFirst()) throw new AppError(ResultCode.conflict, rule.message, { name: String(values.full_name) });
  }

  /** The entity's own checks, then its unique name and code (the code's index holds under concurrency: withUniqueCode). */
  async function checkedColumns(db: Db, input: Input, currentId?: string): Promise<EntityColumns<TB>> {
    const values = await entity.columns(db, input, currentId);
    const columns = values as Record<string, unknown>;
    await assertNameFree(db, columns, currentId);
    await assertCodeFree(db, { table: entity.table, message: entity.unique.code }, String(columns.en_code), currentId);
    return values;
  }

  async function list(db: Db, query: ListParams, scope?: DataScopeRequest) {
    const params = entity.listParams ? await entity.listParams(db, query) : query;
    const select = entity.listSelect ? await entity.listSelect(db, params) : untyped(db).selectFrom(from).selectAll();
    // A filter naming nothing (an unknown organisation) answers the first page, empty.
    if (!select) return { list: [], pagination: { currentPage: 1, pageSize: pageOf(params).pageSize, total: 0 } };
    const page = await listQuery(select as SelectQueryBuilder<DB, TB, EntityRow<TB>>, params, entity.list, scope);
    return { list: await entity.views(db, page.list), pagination: page.pagination };
  }

  async function get(db: Db, id: string, scope?: DataScopeRequest): Promise<Info> {
    const [view] = await entity.views(db, [await rowOf(db, id, await scopeOf(scope))]);
    return entity.info ? entity.info(view) : (view as unknown as Info);
  }

  async function create(db: Kysely<DB>, input: Input, scope?: DataScopeRequest): Promise<string> {
    const within = await scopeOf(scope);
    return withUniqueCode(entity.unique.code, () =>
      db.transaction().execute(async (trx) => {
        const values = await checkedColumns(trx, input);
        const id = newId();
        await untyped(trx).insertInto(table).values({ id, ...values }).execute();
        await assertKept(trx, id, within);
        return id;
      }),
    );
  }

  async function update(db: Kysely<DB>, id: string, input: Input, scope?: DataScopeRequest): Promise<void> {
    const within = await scopeOf(scope);
    await withUniqueCode(entity.unique.code, () =>
      db.transaction().execute(async (trx) => {
        const current = await rowOf(trx, id, within);
        const values = await checkedColumns(trx, input, id);
        await entity.beforeUpdate?.(trx, current, values);
        await untyped(trx).updateTable(table).set(values).where('id', '=', id).execute();
        await assertKept(trx, id, within);
      }),
    );
  }

  async function remove(db: Kysely<DB>, id: string, scope?: DataScopeRequest): Promise<void> {
    const within = await scopeOf(scope);
    await db.transaction().execute(async (trx) => {
      const current = await rowOf(trx, id, within);
      await entity.beforeRemove?.(trx, current);
      await untyped(trx).deleteFrom(table).where('id', '=', id).execute();
    });
  }

  async function toggle(db: Kysely<DB>, id: string, scope?: DataScopeRequest): Promise<number> {
    const within = await scopeOf(scope);
    return db.transaction().execute(async (trx) => {
      await assertReachable(trx, id, within);
      return toggleEnabled(trx, entity.table, id, messages.notFound);
    });
  }

  /**
   * The six calls. The list also strips ungranted columns; by-id calls and writes carry the page's data scope so
   * the services keep to it. afterWrite runs once the service has committed.
   */
  function routes(app: FastifyInstance, ctx: { db: Kysely<DB> }): void {
    const { db } = ctx;
    const { path, menu } = entity;
    const params = idParams;
    const body = entity.body;
    const querystring = { type: 'object', properties: { ...listQueryProperties, enabledMark: enabledMarkFilter, ...entity.queryProperties } };
    const listed = { config: { permission: { menu, dataScope: true as const, columns: true as const } } };
    const record = { config: { permission: { menu, dataScope: true as const } } };
    const can = (button: 'btn_add' | 'btn_edit' | 'btn_remove') => ({ config: { permission: { menu, button, dataScope: true as const } } });
    const written = async (write: EntityWrite) => entity.afterWrite?.(app, write);

    app.get<{ Querystring: ListParams }>(path, { schema: { querystring }, ...listed }, async (request) => ok(await list(db, request.query, request.dataScope)));
    app.get<{ Params: { id: string } }>(`${path}/:id`, { schema: { params }, ...record }, async (request) => ok(await get(db, request.params.id, request.dataScope)));
    app.post<{ Body: Input }>(path, { schema: { body }, ...can('btn_add') }, async (request) => {
      const id = await create(db, request.body as Input, request.dataScope);
      await written('create');
      return ok({ id }, request.t('common.created'));
    });
    app.put<{ Params: { id: string }; Body: Input }>(`${path}/:id`, { schema: { params, body }, ...can('btn_edit') }, async (request) => {
      await update(db, request.params.id, request.body as Input, request.dataScope);
      await written('update');
      return ok(null, request.t('common.updated'));
    });
    app.delete<{ Params: { id: string } }>(`${path}/:id`, { schema: { params }, ...can('btn_remove') }, async (request) => {
      await remove(db, request.params.id, request.dataScope);
      await written('remove');
      return ok(null, request.t('common.deleted'));
    });
    app.put<{ Params: { id: string } }>(`${path}/:id/Actions/State`, { schema: { params }, ...can('btn_edit') }, async (request) => {
      const enabledMark = await toggle(db, request.params.id, request.dataScope);
      await written('toggle');
      return ok({ enabledMark }, request.t('common.stateChanged'));
    });
  }

  return { table: entity.table, path: entity.path, menu: entity.menu, list, get, create, update, remove, toggle, routes };
}
