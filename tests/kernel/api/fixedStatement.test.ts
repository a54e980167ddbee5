import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/kernel/server/db/database.js';
import { fixedStatement } from '../../../src/kernel/server/db/fixedStatement.js';
import { testDatabases } from '../../support/api/testDatabases.js';

describe.each(testDatabases({ everyEngine: true }))('statements compiled once on $name', (testDb) => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await testDb.open());
  });
  afterAll(() => drop());

  it('binds each run’s arguments where build used them, whatever their order, and keeps the constants written in the query', async () => {
    let builds = 0;
    // The arguments are used in the opposite order to the one they are declared in, one of them twice, beside a constant.
    const relations = fixedStatement((db, objectType: string, userIds: readonly string[]) => {
      builds += 1;
      return db
        .selectFrom('base_user_relation')
        .select(['user_id', 'object_id'])
        .where('user_id', '=', sql<string>`any(${userIds})`)
        .where('object_type', '=', objectType)
        .where('object_type', '<>', 'Nothing')
        .where(sql<boolean>`${objectType} = ${objectType}`)
        .orderBy('user_id')
        .orderBy('object_id');
    });
    const expected = (type: string, users: string[]) =>
      database.db.selectFrom('base_user_relation').select(['user_id', 'object_id']).where('user_id', 'in', users).where('object_type', '=', type).orderBy('user_id').orderBy('object_id').execute();

    const roles = await relations.run(database.db, 'Role', ['user-admin', 'user-staff']);
    expect(roles.rows.length).toBeGreaterThan(0);
    expect(roles.rows).toEqual(await expected('Role', ['user-admin', 'user-staff']));
    const organizes = await relations.run(database.db, 'Organize', ['user-staff']);
    expect(organizes.rows).toEqual(await expected('Organize', ['user-staff']));
    expect(organizes.rows.every((row) => row.user_id === 'user-staff')).toBe(true);
    expect((await relations.run(database.db, 'Role', [])).rows).toEqual([]);
    // Built and compiled the first time only.
    expect(builds).toBe(1);
    // A value missing (or one too many) is a programming error, not a statement run with a marker in it.
    expect(() => (relations.run as (...args: unknown[]) => unknown)(database.db, 'Role')).toThrow('1 values for 2 arguments');
  });

  it('refuses, when first built, an argument that is not a value of the statement', async () => {
    const asText = fixedStatement((db, word: string) => db.selectFrom('base_user').select('id').where('account', 'like', `%${word}%`));
    await expect(async () => asText.run(database.db, 'adm')).rejects.toThrow('argument 1 used as text');
    const unused = fixedStatement((db, _account: string) => db.selectFrom('base_user').select('id'));
    await expect(async () => unused.run(database.db, 'admin')).rejects.toThrow('argument 1 is not a value of the statement');
  });

  it('runs inside a transaction on that transaction’s connection', async () => {
    const count = fixedStatement((db, account: string) => db.selectFrom('base_user').select((eb) => eb.fn.countAll<number>().as('n')).where('account', '=', account));
    await database.db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('base_user').set({ account: 'renamed-in-trx' }).where('account', '=', 'admin').execute();
        expect(Number((await count.run(trx, 'renamed-in-trx')).rows[0].n)).toBe(1);
        throw new Error('roll back');
      })
      .catch((error: Error) => expect(error.message).toBe('roll back'));
    expect(Number((await count.run(database.db, 'renamed-in-trx')).rows[0].n)).toBe(0);
    expect(Number((await count.run(database.db, 'admin')).rows[0].n)).toBe(1);
  });

  it('is prepared once per connection on PostgreSQL, and a statement built per request is not', async () => {
    const byAccount = fixedStatement((db, account: string) => db.selectFrom('base_user').select(['id', 'account']).where('account', '=', account));
    await database.db.connection().execute(async (connection) => {
      const admin = await byAccount.run(connection, 'admin');
      const staff = await byAccount.run(connection, 'staff');
      expect(admin.rows.map((row) => row.account)).toEqual(['admin']);
      expect(staff.rows.map((row) => row.account)).toEqual(['staff']);
      // Built per request: the same kind of statement, unnamed.
      await connection.selectFrom('base_user').select('id').where('real_name', '=', 'nobody').execute();
      if (database.kind !== 'postgres') return;
      const prepared = (await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(connection)).rows;
      const text = connection.selectFrom('base_user').select(['id', 'account']).where('account', '=', 'x').compile().sql;
      const ours = prepared.filter((row) => row.statement === text);
      expect(ours).toHaveLength(1);
      expect(ours[0].name).toMatch(/^labcode_fixed_\d+$/);
      expect(prepared.some((row) => row.statement.includes('nobody') || row.statement.includes('"real_name"'))).toBe(false);
    });
  });
});
