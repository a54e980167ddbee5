import { sql, type Kysely } from 'kysely';

/**
 * The two functions behind the "contains" index of released designs' text columns (keywordSearch.ts, decision 224).
 * `lc_search_grams(text)`: every character and every pair of neighbouring characters of the lower-cased text, as
 * a set; a GIN index over it finds the rows holding all of a keyword's pairs. `lc_search_key(text)`: what a keyword
 * must find there — its pairs, or the character itself when it is one. Both immutable (an index may use them),
 * plain SQL (no extension: the same on the embedded database and on any PostgreSQL).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function lc_search_grams(value text) returns text[] language sql immutable parallel safe as $$
      select coalesce(array_agg(distinct gram), '{}')
      from (select lower(value) as lowered) source,
        generate_series(1, char_length(source.lowered)) position,
        lateral (values (substr(source.lowered, position, 1)), (substr(source.lowered, position, 2))) grams(gram)
    $$`.execute(db);
  await sql`
    create or replace function lc_search_key(value text) returns text[] language sql immutable parallel safe as $$
      select case
        when char_length(value) < 2 then array[lower(value)]
        else (select array_agg(distinct substr(lower(value), position, 2)) from generate_series(1, char_length(value) - 1) position)
      end
    $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function if exists lc_search_key(text)`.execute(db);
  await sql`drop function if exists lc_search_grams(text)`.execute(db);
}
