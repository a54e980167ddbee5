
/** The sysConfig module's tables, added to the server's DB type below (the kernel's DB knows no table itself). */

export interface SysConfigTable {
  key: string;
  value: string;
}

export interface SysConfigTables {
  base_sys_config: SysConfigTable;
}

declare module '../../../kernel/server/db/schema.js' {
  interface DB extends SysConfigTables {}
}
