/**
 * The database type Kysely checks queries against. The kernel knows no table: each module declares its own in its
 * tables.ts and adds them here with
 *
 *   declare module '<path>/kernel/server/db/schema.js' { interface DB extends ModuleTables {} }
 *
 * so DB is the union of the modules' tables in the program: every tsconfig that checks server code includes each
 * module's tables.ts files. Column names are snake_case in SQL; the API speaks camelCase.
 */
export interface DB {}
