import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { containsPattern } from './containsPattern.js';

/**
 * Data-scope permissions (spec 000 §6): what rows of a list a caller sees. The permission module resolves the
 * caller's scope on the list's menu page from the data schemes granted to them (all, own organisation, own
 * department and below, own records, custom conditions, or a union of several); listQuery filters by it. Nothing
 * of a scope is SQL from the client: organisation and owner columns come from the list's ListSpec, condition
 * fields are API field names the ListSpec maps to columns, and every value is bound.
 */
export const DATA_CONDITION_OPS = ['==', '!=', 'like', 'in', '>', '<', '>=', '<='] as const;
export type DataConditionOp = (typeof DATA_CONDITION_OPS)[number];

export interface DataCondition {
  /** An API field of the list (sidx/filter names), mapped to a column by the ListSpec. */
  field: string;
  op: DataConditionOp;
  value: string | number | readonly (string | number)[];
}

export type DataScope =
  | { kind: 'all' }
  /** A page with schemes of which the caller holds none. */
  | { kind: 'none' }
  /** Rows whose organisation is one of these (own organisation, or own department and below, resolved to ids). */
  | { kind: 'organizations'; organizeIds: readonly string[] }
  | { kind: 'own'; userId: string }
  | { kind: 'custom'; logic: 'and' | 'or'; conditions: readonly DataCondition[] }
  /** Rows any of these scopes shows (several schemes granted). */
  | { kind: 'union'; scopes: readonly DataScope[] };

/** The columns of a list's table that scopes filter on; a list without them cannot be scoped. */
export interface DataScopeColumns {
  creatorColumn?: string;
  organizeColumn?: string;
  /** API field → column, for custom conditions (listQuery passes the ListSpec's sortable and filter fields). */
  fields?: Readonly<Record<string, string>>;
}

export type DataScopeResolver = (request: DataScopeRequest) => Promise<DataScope>;

/** Who asks, and on which menu page: what a resolver needs to pick the scope. */
export interface DataScopeRequest {
  userId: string;
  isAdministrator: boolean;
  menu: string;
  /** The resolver of the app that took the request (the permission plugin sets it); else the process default. */
  resolver?: DataScopeResolver;
}

let fallbackResolver: DataScopeResolver = async () => ({ kind: 'all' });

/** The resolver for scope requests that carry none (direct listQuery calls, tests). Answers the previous one. */
export function setDataScopeResolver(next: DataScopeResolver): DataScopeResolver {
  const previous = fallbackResolver;
  fallbackResolver = next;
  return previous;
}

const NOTHING = sql<SqlBool>`false`;

function conditionExpression(condition: DataCondition, columns: DataScopeColumns): Expression<SqlBool> {
  const fields = columns.fields ?? {};
  // A field this list does not have matches no row: the scheme was written for another list.
  if (!Object.hasOwn(fields, condition.field)) return NOTHING;
  const ref = sql.ref(fields[condition.field]);
  const { op, value } = condition;
  if (op === 'in') {
    const list = Array.isArray(value) ? value : [value];
    return list.length ? sql<SqlBool>`${ref} in (${sql.join(list.map(String))})` : NOTHING;
  }
  if (Array.isArray(value)) return NOTHING;
  const scalar = String(value);
  switch (op) {
    case '==': return sql<SqlBool>`${ref} = ${scalar}`;
    case '!=': return sql<SqlBool>`${ref} <> ${scalar}`;
    case 'like': return sql<SqlBool>`cast(${ref} as text) ilike ${containsPattern(scalar)}`;
    case '>': return sql<SqlBool>`${ref} > ${scalar}`;
    case '<': return sql<SqlBool>`${ref} < ${scalar}`;
    case '>=': return sql<SqlBool>`${ref} >= ${scalar}`;
    case '<=': return sql<SqlBool>`${ref} <= ${scalar}`;
    default: return NOTHING;
  }
}

/** The scope as one predicate; undefined means every row. */
export function scopePredicate(scope: DataScope, columns: DataScopeColumns): Expression<SqlBool> | undefined {
  switch (scope.kind) {
    case 'all':
      return undefined;
    case 'none':
      return NOTHING;
    case 'own':
      // A list without an owner column cannot show "own rows": it shows none rather than all.
      return columns.creatorColumn ? sql<SqlBool>`${sql.ref(columns.creatorColumn)} = ${scope.userId}` : NOTHING;
    case 'organizations':
      if (!columns.organizeColumn || scope.organizeIds.length === 0) return NOTHING;
      return sql<SqlBool>`${sql.ref(columns.organizeColumn)} in (${sql.join([...scope.organizeIds])})`;
    case 'custom': {
      if (scope.conditions.length === 0) return NOTHING;
      const parts = scope.conditions.map((c) => conditionExpression(c, columns));
      return sql<SqlBool>`(${sql.join(parts, scope.logic === 'or' ? sql` or ` : sql` and `)})`;
    }
    case 'union': {
      const parts: Expression<SqlBool>[] = [];
      for (const inner of scope.scopes) {
        const predicate = scopePredicate(inner, columns);
        if (!predicate) return undefined;
        parts.push(predicate);
      }
      return parts.length ? sql<SqlBool>`(${sql.join(parts, sql` or `)})` : NOTHING;
    }
    default:
      return NOTHING;
  }
}

/** The caller's scope on the request's page: everything for the administrator, else what the resolver answers. */
export async function resolveDataScope(request: DataScopeRequest): Promise<DataScope> {
  if (request.isAdministrator) return { kind: 'all' };
  return (request.resolver ?? fallbackResolver)(request);
}

export async function applyDataScope<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  columns: DataScopeColumns,
  request: DataScopeRequest,
): Promise<SelectQueryBuilder<DB, TB, O>> {
  if (request.isAdministrator) return query;
  const predicate = scopePredicate(await resolveDataScope(request), columns);
  return predicate ? query.where(predicate) : query;
}
