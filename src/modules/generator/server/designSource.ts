import type { Kysely } from 'kysely';
import { AppError } from '../../../kernel/server/appError.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import { designRow } from '../../visualdev/server/public.js';
import { readDesign, type GeneratorDesign } from './design.js';

/**
 * The design to generate from: the visualdev module's saved design (base_visual_dev), as the designer last saved it,
 * released or not (a developer generates code to take a form further, not only from what staff already use).
 * An unknown id answers the visualdev module's own "not found".
 */
export async function findDesign(db: Kysely<DB>, id: string): Promise<GeneratorDesign> {
  const row = await designRow(db, id);
  if (row.form_data === null || row.form_data.trim() === '') throw AppError.badRequest('generator.noForm');
  return readDesign(row);
}
