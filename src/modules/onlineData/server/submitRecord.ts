import type { Kysely } from 'kysely';
import type { DB } from '../../../kernel/server/db/schema.js';
import type { Language } from '../../../shared/language.js';
import type { FormDefinition } from '../../../shared/form/definition.js';
import { loadOnlineModel } from './model.js';
import { recordCreated } from './recordHooks.js';
import { authorOf, insertRecord } from './records.js';
import { checkReferences } from './references.js';
import { checkSubmission } from './submission.js';

/**
 * A record submitted from outside the record routes (a form filled by short link): checked as every submission is
 * (the definition's rules, the calculations recomputed, the values that name platform rows), created in `userId`'s
 * name with the record hooks, in one transaction. Refusals are the same AppErrors the record routes answer.
 */
export async function submitRecord(db: Kysely<DB>, designId: string, submitted: Record<string, unknown>, userId: string, language: Language, accept?: (definition: FormDefinition) => void): Promise<string> {
  const model = await loadOnlineModel(db, designId);
  // The caller's own check of the design as loaded here (throws to refuse).
  accept?.(model.definition);
  const values = checkSubmission(model.definition, submitted, { language });
  await checkReferences(db, model.definition, values, language);
  return db.transaction().execute(async (trx) => {
    const id = await insertRecord(trx, model, values, await authorOf(trx, userId));
    await recordCreated(trx, { designId: model.designId, recordId: id, userId, body: { data: JSON.stringify(submitted) } });
    return id;
  });
}
