import type { Generated } from 'kysely';
import type { WithDefault } from '../../../kernel/server/db/columnTypes.js';

/** The dictionary module's tables, added to the server's DB type below (the kernel's DB knows no table itself). */

export interface DictionaryTypeTable {
  id: string;
  parent_id: string;
  full_name: string;
  en_code: string;
  is_tree: WithDefault<number>;
  sort_code: WithDefault<number>;
  enabled_mark: WithDefault<number>;
  description: string | null;
  created_at: Generated<Date>;
}

export interface DictionaryDataTable {
  id: string;
  dictionary_type_id: string;
  parent_id: string;
  full_name: string;
  en_code: string;
  sort_code: WithDefault<number>;
  enabled_mark: WithDefault<number>;
  description: string | null;
  created_at: Generated<Date>;
}

export interface DictionaryTables {
  base_dictionary_type: DictionaryTypeTable;
  base_dictionary_data: DictionaryDataTable;
}

declare module '../../../kernel/server/db/schema.js' {
  interface DB extends DictionaryTables {}
}
