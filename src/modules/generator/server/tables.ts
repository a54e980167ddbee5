/** The tables of online development's generator part, added to the server's DB type at the end of this file. */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface GeneratorTables {}

declare module '../../../kernel/server/db/schema.js' {
  interface DB extends GeneratorTables {}
}
