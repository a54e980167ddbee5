/** The data interface module's tables, joined into the server's DB type by db/schema.ts. */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface DataInterfaceTables {}
