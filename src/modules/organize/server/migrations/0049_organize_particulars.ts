import type { Kysely } from 'kysely';

/**
 * A company's particulars as JNPF's organisation form keeps them (propertyJson: short name, nature, industry,
 * address, telephone, manager, bank…): JSON text of one object, read back as the form sent it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('base_organize').addColumn('property_json', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('base_organize').dropColumn('property_json').execute();
}
