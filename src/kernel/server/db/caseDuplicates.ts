import { sql, type Kysely } from 'kysely';

/**
 * Before a migration makes codes unique regardless of letter case: codes that already differ only in case (stored
 * before the rule, or by two requests racing) would make the index fail with a bare database error and the server
 * would not start. Renaming them here would be wrong (forms and bill numbers name records by code), so the
 * migration stops with what to fix instead: the table, the ids and the codes.
 */
export async function refuseCaseDuplicates(db: Kysely<any>, table: string, within?: string): Promise<void> {
  const scope = within ? sql`${sql.ref(within)}, ` : sql``;
  const { rows } = await sql<{ code: string; ids: string }>`
    select lower(en_code) as code, string_agg(id || ' (' || en_code || ')', ', ' order by id) as ids
    from ${sql.table(table)} group by ${scope}lower(en_code) having count(*) > 1 order by 1 limit 20`.execute(db);
  if (rows.length === 0) return;
  const list = rows.map((row) => `  ${row.code}: ${row.ids}`).join('\n');
  throw new Error(
    `${table} holds codes that differ only in letter case, which are now one code:\n${list}\n` +
      `Change the code (en_code) of all but one record of each group (in the admin screens, or with UPDATE ${table} SET en_code = ... WHERE id = ...), then start the server again.`,
  );
}
