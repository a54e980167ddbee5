import type { Kysely } from 'kysely';
import type { DB } from '../../src/kernel/server/db/schema.js';
import { newId } from '../../src/kernel/server/db/id.js';

/**
 * What the role administration will do, for tests until it exists: grant a menu page's button to the first role
 * of an account. Answers the grant's id (to revoke it) and the user's id; the caller invalidates the grant cache.
 */
export async function grantButton(db: Kysely<DB>, account: string, menu: string, button: string): Promise<{ grantId: string; userId: string }> {
  const user = await db.selectFrom('base_user').select('id').where('account', '=', account).executeTakeFirstOrThrow();
  const role = await db.selectFrom('base_user_relation').select('object_id').where('user_id', '=', user.id).where('object_type', '=', 'Role').executeTakeFirstOrThrow();
  const found = await db
    .selectFrom('base_module_button as b')
    .innerJoin('base_module as m', 'm.id', 'b.module_id')
    .select('b.id')
    .where('m.en_code', '=', menu)
    .where('b.en_code', '=', button)
    .executeTakeFirstOrThrow();
  const grantId = newId();
  await db.insertInto('base_authorize').values({ id: grantId, item_type: 'button', item_id: found.id, object_type: 'Role', object_id: role.object_id }).execute();
  return { grantId, userId: user.id };
}
