import type { Transaction } from 'kysely';
import dictionaryFile from '../../../../fixtures/dictionary/dictionaries.json' with { type: 'json' };
import type { DB } from '../../../kernel/server/db/schema.js';
import { newId } from '../../../kernel/server/db/id.js';

/** The demo dictionaries (fixtures/dictionary/dictionaries.json), categories nested as the file nests them. */
export interface DictionaryEntrySeed {
  fullName: string;
  enCode: string;
  children?: DictionaryEntrySeed[];
}

export interface DictionaryTypeSeed {
  id: string;
  parentId?: string;
  fullName: string;
  enCode: string;
  isTree: number;
  /** Its place among its siblings; by default its place in the list. */
  sortCode?: number;
  entries: DictionaryEntrySeed[];
  children?: DictionaryTypeSeed[];
}

export const seedDictionaries = (trx: Transaction<DB>) => seedDictionaryTypes(trx, dictionaryFile.types as DictionaryTypeSeed[], '-1');

/** Writes dictionary types with their entries under a parent type ('-1': at the top); other modules seed their vocabularies so. */
export async function seedDictionaryTypes(trx: Transaction<DB>, types: DictionaryTypeSeed[], parentId: string): Promise<void> {
  for (const [index, type] of types.entries()) {
    await trx
      .insertInto('base_dictionary_type')
      .values({ id: type.id, parent_id: parentId, full_name: type.fullName, en_code: type.enCode, is_tree: type.isTree, sort_code: type.sortCode ?? index, description: null })
      .execute();
    await seedDictionaryEntries(trx, type.id, type.entries, '0');
    if (type.children) await seedDictionaryTypes(trx, type.children, type.id);
  }
}

async function seedDictionaryEntries(trx: Transaction<DB>, typeId: string, entries: DictionaryEntrySeed[], parentId: string): Promise<void> {
  for (const [index, entry] of entries.entries()) {
    const id = newId();
    await trx
      .insertInto('base_dictionary_data')
      .values({ id, dictionary_type_id: typeId, parent_id: parentId, full_name: entry.fullName, en_code: entry.enCode, sort_code: index, description: null })
      .execute();
    if (entry.children) await seedDictionaryEntries(trx, typeId, entry.children, id);
  }
}
