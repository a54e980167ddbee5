import { sql, type SelectQueryBuilder, type SqlBool } from 'kysely';

/**
 * Data-scope permissions (spec 000 §6): a role may see every row of a list, those of its own organisation, of its
 * own department and everything below it, or only its own. listQuery asks the resolver which scope the caller has
 * on the list's menu page and filters by it. Until the organisation issue grants scopes, the resolver answers
 * "all": the hook is in every list from the start, so filling it changes no list's code.
 */
export type DataScope =
  | { kind: 'all' }
  /** Rows whose organisation is one of these (own organisation, or own department and below, resolved to ids). */
  | { kind: 'organizations'; organizeIds: readonly string[] }
  | { kind: 'own'; userId: string };

/** The columns of a list's table that scopes filter on; a list without them cannot be scoped. */
export interface DataScopeColumns {
  creatorColumn?: string;
  organizeColumn?: string;
}

/** Who asks, and on which menu page: what a resolver needs to pick the scope. */
export interface DataScopeRequest {
  userId: string;
  isAdministrator: boolean;
  menu: string;
}

export type DataScopeResolver = (request: DataScopeRequest) => Promise<DataScope>;

let resolver: DataScopeResolver = async () => ({ kind: 'all' });

/** The organisation module sets the real resolver at start; tests set their own. Answers the previous one. */
export function setDataScopeResolver(next: DataScopeResolver): DataScopeResolver {
  const previous = resolver;
  resolver = next;
  return previous;
}

export async function applyDataScope<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  columns: DataScopeColumns,
  request: DataScopeRequest,
): Promise<SelectQueryBuilder<DB, TB, O>> {
  if (request.isAdministrator) return query;
  const scope = await resolver(request);
  if (scope.kind === 'all') return query;
  if (scope.kind === 'own') {
    // A list without an owner column cannot show "own rows": it shows none rather than all.
    if (!columns.creatorColumn) return query.where(sql<SqlBool>`false`);
    return query.where(sql<SqlBool>`${sql.ref(columns.creatorColumn)} = ${scope.userId}`);
  }
  if (!columns.organizeColumn || scope.organizeIds.length === 0) return query.where(sql<SqlBool>`false`);
  return query.where(sql<SqlBool>`${sql.ref(columns.organizeColumn)} in (${sql.join([...scope.organizeIds])})`);
}
