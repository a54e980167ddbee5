import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { THEMES } from '../../../../shared/constants.js';
import { LANGUAGES } from '../../../../shared/language.js';
import type { DB } from '../../../../kernel/server/db/schema.js';
import { ok } from '../../../../kernel/server/plugins/envelope.js';
import { CURRENT_USER_BASE, currentUserId } from './currentUser.js';

/** The signed-in user's language and layout (spec 000 §7, Users/Current/SystemLanguage and SystemTheme). */
type Choice = 'language' | 'theme';
type ChoiceBody = { Body: Record<string, string> };
const choiceBody = (field: Choice, allowed: readonly string[]) => ({ type: 'object', required: [field], properties: { [field]: { type: 'string', enum: [...allowed] } } });

export async function preferenceRoutes(app: FastifyInstance, { db }: { db: Kysely<DB> }): Promise<void> {
  // Language and layout: one enumerated column each, saved the same way.
  async function saveChoice(request: FastifyRequest<ChoiceBody>, field: Choice) {
    await db.updateTable('base_user').set({ [field]: request.body[field] }).where('id', '=', currentUserId(request)).execute();
    return ok(null, request.t('common.updated'));
  }

  async function saveLanguage(request: FastifyRequest<ChoiceBody>) {
    return saveChoice(request, 'language');
  }

  async function saveTheme(request: FastifyRequest<ChoiceBody>) {
    return saveChoice(request, 'theme');
  }

  app.put<ChoiceBody>(`${CURRENT_USER_BASE}/SystemLanguage`, { schema: { body: choiceBody('language', LANGUAGES) } }, saveLanguage);
  app.put<ChoiceBody>(`${CURRENT_USER_BASE}/SystemTheme`, { schema: { body: choiceBody('theme', THEMES) } }, saveTheme);
}
