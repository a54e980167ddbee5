import type { Expression, SelectQueryBuilder, SqlBool } from 'kysely';
import { ResultCode } from '../../../shared/envelope.js';
import { AppError } from '../appError.js';
import type { MessageKey } from '../locales/messages.js';
import { resolveDataScope, scopePredicate, type DataScopeColumns, type DataScopeRequest } from './dataScope.js';

/**
 * Data scope on single records (spec 000 §6). A record read, edited, switched or deleted by id, and the record a
 * create or an edit leaves behind, must be one the caller's scoped list of that page shows: the same scope on the
 * same page, tested with the same columns, so a by-id call never reaches further than the list.
 *
 * How a refusal answers (decision):
 * - A record outside the scope answers as an unknown id: 404 with the module's "no such …" message, exactly what
 *   an id that does not exist gets, so a call by id tells nothing the list hides. The users, mall-order, online-form
 *   and generated-module calls answered so already. JNPF gives no other answer to follow: its info, update and
 *   delete calls (jnpf-java-boot's Organize-, Position-, Group- and UserController) check the menu permission only,
 *   never the data scope, and answer an unknown id with 数据不存在 (not found).
 * - A write that would leave its record outside (a create under an organisation outside the scope, an edit moving a
 *   record out of it) answers 403 with the module's "outside your data scope" message: the ids it names come from
 *   pickers every signed-in user may open, so saying so reveals nothing, and "not found" would be untrue.
 *
 * The scope is resolved once, before the caller's transaction: resolvers read the database outside it, and the
 * embedded database has one connection, which the transaction holds until it ends.
 */
export interface RecordScope {
  /** The records of the page's table in the scope; undefined when every record is (administrator, unscoped page). */
  readonly predicate: Expression<SqlBool> | undefined;
}

export type ScopeRefusal = { notFound: MessageKey } | { outside: MessageKey };

/** The caller's scope on the request's page for records with these columns; no request means no limit. */
export async function recordScope(request: DataScopeRequest | undefined, columns: DataScopeColumns): Promise<RecordScope> {
  if (!request || request.isAdministrator) return { predicate: undefined };
  return { predicate: scopePredicate(await resolveDataScope(request), columns) };
}


/**
 * Throws the refusal unless the select of one record (a select of the page's table by id, in the caller's
 * transaction when there is one) finds it in the scope. Without a limit nothing is read: the caller's own lookup
 * answers an unknown id.
 */
export async function assertInScope<DB, TB extends keyof DB, O>(record: SelectQueryBuilder<DB, TB, O>, scope: RecordScope, refusal: ScopeRefusal): Promise<void> {
  if (!scope.predicate) return;
  if (await record.where(scope.predicate).executeTakeFirst()) return;
  if ('notFound' in refusal) throw new AppError(ResultCode.notFound, refusal.notFound);
  throw new AppError(ResultCode.forbidden, refusal.outside);
}
