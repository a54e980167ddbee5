import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Insertable, Kysely, Selectable, SelectQueryBuilder, Transaction } from 'kysely';
import { ResultCode } from '../../../shared/envelope.js';
import { AppError } from '../appError.js';
import type { DB } from '../db/schema.js';
import { newId } from '../db/id.js';
import type { MessageKey, MessageParams } from '../locales/messages.js';
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
 * Every write runs in one transaction, with the rows the record owns (afterSave); a code taken by a concurrent
 * writer answers the entity's message (uniqueCode.ts). What differs between entities is declared, not written:
 * who reads (`reads`), whether the page's data scope narrows (`scoped`), the who-and-when stamps (`stamps`), what
 * a list row leaves out (`listed`). Calls that are not these six (pickers, imports, copies, trees) stay
 * hand-written beside the declaration and may call its services. Declared today: groups, positions, roles, bill
 * rules, print templates, message templates, permission groups, suppliers.
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
/** Who-and-when columns, under JNPF's names in every table; a declaration's `stamps` says which the calls fill. */
const STAMP_COLUMNS = { creator: 'creator_user_id', modifier: 'last_modify_user_id', modifiedAt: 'last_modify_time' } as const;
type StampColumn = (typeof STAMP_COLUMNS)[keyof typeof STAMP_COLUMNS];
export type Stamp = keyof typeof STAMP_COLUMNS;
/** What a create or an edit writes: every column but the id, which the create draws, and the stamps. */
export type EntityColumns<TB extends EntityTable> = Omit<Insertable<DB[TB]>, 'id' | StampColumn>;
export type EntityWrite = 'create' | 'update' | 'remove' | 'toggle';

/** Who is asking: their data scope on the page (scoped entities), their id (stamps) and their language (views). */
export interface EntityCaller {
  scope?: DataScopeRequest;
  userId?: string;
  isAdministrator?: boolean;
  t?(key: MessageKey, params?: MessageParams): string;
}

export interface EntityDeclaration<TB extends EntityTable, View, Input, Info = View, Row = View> {
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
    /** A create or an edit that would leave its record outside the caller's scope (scoped entities only). */
    outsideScope?: MessageKey;
  };
  /**
   * Whether the page's data scope narrows the calls (default true). Entities with neither an organisation nor an
   * owner nor a field a custom scheme would name (roles, bill rules, print templates) are not scoped: a scheme on
   * their page would only hide everything.
   */
  scoped?: boolean;
  /**
   * Who reads the list and a record: whoever opens the page (default); whoever opens the page or one of
   * `alsoMenus` (the role list serves the permission page too); or every signed-in user (`'signedIn'`: bill rules,
   * which every form's numbering widget reads). Writes always need the page's buttons.
   */
  reads?: { alsoMenus: readonly string[] } | 'signedIn';
  /** What the writes stamp: the creator's id on a create (`creator`), the editor's id and the time on an edit. */
  stamps?: readonly Stamp[];
  unique: {
    /** en_code is unique without regard to case (uniqueCode.ts): the message when it is taken. */
    code: MessageKey;
    /** full_name is unique too, across the table or among the rows sharing `within`'s value; the message gets {name}. */
    name?: { message: MessageKey; within?: keyof EntityColumns<TB> & string };
  };
  /** Rows as the API shows them, a page at a time, so a lookup the views need runs once per page; `caller.t` translates. */
  views(db: Db, rows: EntityRow<TB>[], caller: EntityCaller): Promise<View[]>;
  /** The input checked (AppError with the entity's messages) and turned into the columns to write; uniqueness is checked after. */
  columns(db: Db, input: Input, currentId?: string): Promise<EntityColumns<TB>>;

  // Optional: what some entities do besides.
  /** The list's parameters as the list reads them (JNPF clients send a dictionary entry's id where the row stores its code). */
  listParams?(db: Db, params: ListParams): Promise<ListParams>;
  /** The list's select, when it is not all of the table's columns (a join to filter by); undefined: the filter names nothing. */
  listSelect?(db: Db, params: ListParams): Promise<SelectQueryBuilder<any, any, EntityRow<TB>> | undefined>;
  /** GET {path}/:id's answer, when the form reads more than a list row shows (it may read what only the form needs). */
  info?(view: View, db: Db): Info | Promise<Info>;
  /** A list row, when the list leaves out what only the form reads (a print template's layout can be large). */
  listed?(view: View): Row;
  /**
   * Refuses an edit the columns alone do not decide (a position held by users does not move), or answers more
   * columns the edit writes because of what it changes (a bill rule's counter restarts with a new width).
   */
  beforeUpdate?(trx: Transaction<DB>, current: EntityRow<TB>, values: EntityColumns<TB>): Promise<Partial<EntityColumns<TB>> | void>;
  /** Rows the record owns in other tables (a role's organisations), written in the create's or edit's transaction. */
  afterSave?(trx: Transaction<DB>, id: string, input: Input, write: 'create' | 'update'): Promise<void>;
  /** Refuses a delete (a group with members is not deleted). */
  beforeRemove?(trx: Transaction<DB>, current: EntityRow<TB>): Promise<void>;
  /** After a write has committed and before it answers: drop what depended on the record (cached grants). */
  afterWrite?(app: FastifyInstance, write: EntityWrite): Promise<void> | void;
  /**
   * Refuses a write on an existing record by who asks, before anything is read or written (a permission group is
   * managed only by someone who holds everything it grants).
   */
  mayChange?(db: Db, id: string, caller: EntityCaller, write: Exclude<EntityWrite, 'create'>): Promise<void>;
  /** Whether the list strips the columns the caller was not granted (default true). */
  columnPermissions?: boolean;
}

export interface DeclaredEntity<TB extends EntityTable, View, Input, Info = View, Row = View> {
  readonly table: TB;
  readonly path: string;
  readonly menu: string;
  /** A page of the list; with a scope, only what the caller's scope on the page shows. */
  list(db: Db, params: ListParams, caller?: EntityCaller): Promise<{ list: Row[]; pagination: Pagination }>;
  /** One record; outside the scope it answers as an unknown id. */
  get(db: Db, id: string, caller?: EntityCaller): Promise<Info>;
  create(db: Kysely<DB>, input: Input, caller?: EntityCaller): Promise<string>;
  update(db: Kysely<DB>, id: string, input: Input, caller?: EntityCaller): Promise<void>;
  remove(db: Kysely<DB>, id: string, caller?: EntityCaller): Promise<void>;
  /** Flips enabledMark and answers the new value. */
  toggle(db: Kysely<DB>, id: string, caller?: EntityCaller): Promise<number>;
  /** Registers the six calls on the module's app. */
  routes(app: FastifyInstance, ctx: { db: Kysely<DB> }): void;
}


/**
 * Kysely checks columns against a table it knows; the table here is a type parameter, so the queries go through
 * an untyped handle and rows are typed where they leave (EntityRow).
 */
const untyped = (db: Db) => db as unknown as Kysely<any>;

export function defineEntity<TB extends EntityTable, View, Input, Info = View, Row = View>(entity: EntityDeclaration<TB, View, Input, Info, Row>): DeclaredEntity<TB, View, Input, Info, Row> {
  const { alias, messages } = entity;
  const stamps = new Set(entity.stamps);
  const scoped = entity.scoped ?? true;
  // A list every signed-in user reads has no page whose data scope could narrow it.
  if (entity.reads === 'signedIn' && scoped) throw new Error(`${entity.path}: an entity every signed-in user reads must be declared scoped: false`);
  // A plain name for the untyped handle (a type parameter would make Kysely resolve it).
  const table: string = entity.table;
  const from = alias ? `${table} as ${alias}` : table;
  const idColumn = alias ? `${alias}.id` : 'id';
  const scopeColumns = listScopeColumns(entity.list);

  /** The caller's scope on the page, resolved before the transaction (recordScope.ts says why). */
  const scopeOf = (caller: EntityCaller) => recordScope(scoped ? caller.scope : undefined, scopeColumns);
  const selectId = (db: Db, id: string) => untyped(db).selectFrom(from).select(idColumn).where(idColumn, '=', id);
  const assertReachable = (db: Db, id: string, scope: RecordScope) => assertInScope(selectId(db, id), scope, { notFound: messages.notFound });
  /** After a create or an edit: the record is still one the caller's list shows. */
  const assertKept = (db: Db, id: string, scope: RecordScope) => assertInScope(selectId(db, id), scope, { outside: messages.outsideScope ?? messages.notFound });

  /** The record, locked for the rest of the transaction when a write reads it (an edit or a delete waits for another). */
  async function rowOf(db: Db, id: string, scope: RecordScope, lock = false): Promise<EntityRow<TB>> {
    await assertReachable(db, id, scope);
    const select = untyped(db).selectFrom(table).selectAll().where('id', '=', id);
    const row = await (lock ? select.forUpdate() : select).executeTakeFirst();
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

  async function list(db: Db, query: ListParams, caller: EntityCaller = {}) {
    const params = entity.listParams ? await entity.listParams(db, query) : query;
    const select = entity.listSelect ? await entity.listSelect(db, params) : untyped(db).selectFrom(from).selectAll();
    // A filter naming nothing (an unknown organisation) answers the first page, empty.
    if (!select) return { list: [], pagination: { currentPage: 1, pageSize: pageOf(params).pageSize, total: 0 } };
    const page = await listQuery(select as SelectQueryBuilder<DB, TB, EntityRow<TB>>, params, entity.list, scoped ? caller.scope : undefined);
    const views = await entity.views(db, page.list, caller);
    return { list: entity.listed ? views.map(entity.listed) : (views as unknown as Row[]), pagination: page.pagination };
  }

  async function get(db: Db, id: string, caller: EntityCaller = {}): Promise<Info> {
    const [view] = await entity.views(db, [await rowOf(db, id, await scopeOf(caller))], caller);
    return entity.info ? entity.info(view, db) : (view as unknown as Info);
  }

  /** The stamps a write adds to its columns; a stamp without a known caller writes nothing (seeds, tests). */
  const stamped = (write: 'create' | 'update', userId: string | undefined): Record<string, unknown> => {
    const values: Record<string, unknown> = {};
    if (write === 'create' && stamps.has('creator') && userId) values[STAMP_COLUMNS.creator] = userId;
    if (write === 'update' && stamps.has('modifier') && userId) values[STAMP_COLUMNS.modifier] = userId;
    if (write === 'update' && stamps.has('modifiedAt')) values[STAMP_COLUMNS.modifiedAt] = new Date();
    return values;
  };

  async function create(db: Kysely<DB>, input: Input, caller: EntityCaller = {}): Promise<string> {
    const within = await scopeOf(caller);
    return withUniqueCode(entity.unique.code, () =>
      db.transaction().execute(async (trx) => {
        const values = await checkedColumns(trx, input);
        const id = newId();
        await untyped(trx).insertInto(table).values({ id, ...values, ...stamped('create', caller.userId) }).execute();
        await entity.afterSave?.(trx, id, input, 'create');
        await assertKept(trx, id, within);
        return id;
      }),
    );
  }

  async function update(db: Kysely<DB>, id: string, input: Input, caller: EntityCaller = {}): Promise<void> {
    const within = await scopeOf(caller);
    await entity.mayChange?.(db, id, caller, 'update');
    await withUniqueCode(entity.unique.code, () =>
      db.transaction().execute(async (trx) => {
        const current = await rowOf(trx, id, within, true);
        const values = await checkedColumns(trx, input, id);
        const more = await entity.beforeUpdate?.(trx, current, values);
        await untyped(trx).updateTable(table).set({ ...values, ...more, ...stamped('update', caller.userId) }).where('id', '=', id).execute();
        await entity.afterSave?.(trx, id, input, 'update');
        await assertKept(trx, id, within);
      }),
    );
  }

  async function remove(db: Kysely<DB>, id: string, caller: EntityCaller = {}): Promise<void> {
    const within = await scopeOf(caller);
    await entity.mayChange?.(db, id, caller, 'remove');
    await db.transaction().execute(async (trx) => {
      const current = await rowOf(trx, id, within, true);
      await entity.beforeRemove?.(trx, current);
      await untyped(trx).deleteFrom(table).where('id', '=', id).execute();
    });
  }

  async function toggle(db: Kysely<DB>, id: string, caller: EntityCaller = {}): Promise<number> {
    const within = await scopeOf(caller);
    await entity.mayChange?.(db, id, caller, 'toggle');
    return db.transaction().execute(async (trx) => {
      await assertReachable(trx, id, within);
      return toggleEnabled(trx, entity.table, id, messages.notFound);
    });
  }

  /**
   * The six calls. The list also strips ungranted columns; on a scoped entity by-id calls and writes carry the
   * page's data scope so the services keep to it. afterWrite runs once the service has committed.
   */
  function routes(app: FastifyInstance, ctx: { db: Kysely<DB> }): void {
    const { db } = ctx;
    const { path, menu, reads } = entity;
    const params = idParams;
    const body = entity.body;
    const querystring = { type: 'object', properties: { ...listQueryProperties, enabledMark: enabledMarkFilter, ...entity.queryProperties } };
    const scope = scoped ? { dataScope: true as const } : {};
    const alsoMenus = typeof reads === 'object' ? { alsoMenus: reads.alsoMenus } : {};
    const readBy = (more: object) => (reads === 'signedIn' ? {} : { config: { permission: { menu, ...alsoMenus, ...scope, ...more } } });
    const listed = readBy(entity.columnPermissions === false ? {} : { columns: true as const });
    const record = readBy({});
    const can = (button: 'btn_add' | 'btn_edit' | 'btn_remove') => ({ config: { permission: { menu, button, ...scope } } });
    const written = async (write: EntityWrite) => entity.afterWrite?.(app, write);
    const callerOf = (request: FastifyRequest): EntityCaller => ({ scope: request.dataScope, userId: request.session?.userId, isAdministrator: request.session?.isAdministrator, t: (key, values) => request.t(key, values) });

    app.get<{ Querystring: ListParams }>(path, { schema: { querystring }, ...listed }, async (request) => ok(await list(db, request.query, callerOf(request))));
    app.get<{ Params: { id: string } }>(`${path}/:id`, { schema: { params }, ...record }, async (request) => ok(await get(db, request.params.id, callerOf(request))));
    app.post<{ Body: Input }>(path, { schema: { body }, ...can('btn_add') }, async (request) => {
      const id = await create(db, request.body as Input, callerOf(request));
      await written('create');
      return ok({ id }, request.t('common.created'));
    });
    app.put<{ Params: { id: string }; Body: Input }>(`${path}/:id`, { schema: { params, body }, ...can('btn_edit') }, async (request) => {
      await update(db, request.params.id, request.body as Input, callerOf(request));
      await written('update');
      return ok(null, request.t('common.updated'));
    });
    app.delete<{ Params: { id: string } }>(`${path}/:id`, { schema: { params }, ...can('btn_remove') }, async (request) => {
      await remove(db, request.params.id, callerOf(request));
      await written('remove');
      return ok(null, request.t('common.deleted'));
    });
    app.put<{ Params: { id: string } }>(`${path}/:id/Actions/State`, { schema: { params }, ...can('btn_edit') }, async (request) => {
      const enabledMark = await toggle(db, request.params.id, callerOf(request));
      await written('toggle');
      return ok({ enabledMark }, request.t('common.stateChanged'));
    });
  }

  return { table: entity.table, path: entity.path, menu: entity.menu, list, get, create, update, remove, toggle, routes };
}
