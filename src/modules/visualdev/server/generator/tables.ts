/** The tables of online development's generator part, joined into the server's DB type by db/schema.ts. */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface GeneratorTables {}
