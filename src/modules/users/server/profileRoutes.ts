import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../../kernel/server/db/schema.js';
import type { EventBus, Infrastructure } from '../../../kernel/server/infra/infrastructure.js';
import type { SignInService } from '../../../kernel/server/sessions.js';
import { authorityRoutes } from './profile/authorityRoutes.js';
import { detailsRoutes } from './profile/detailsRoutes.js';
import { membershipRoutes } from './profile/membershipRoutes.js';
import { passwordRoutes } from './profile/passwordRoutes.js';
import { preferenceRoutes } from './profile/preferenceRoutes.js';
import { signatureRoutes } from './profile/signatureRoutes.js';
import { signInLogRoutes } from './profile/signInLogRoutes.js';

/**
 * The signed-in user's own calls (spec 000 §7, prefix /permission/Users/Current, profile/currentUser.ts). Each acts
 * on the session's user only; each concern has its file under profile/.
 */
export async function profileRoutes(app: FastifyInstance, ctx: { db: Kysely<DB>; infra: Infrastructure; events?: EventBus; signIn: SignInService }): Promise<void> {
  const { db } = ctx;
  await preferenceRoutes(app, { db });
  await detailsRoutes(app, { db, infra: ctx.infra });
  await signInLogRoutes(app, { db });
  await authorityRoutes(app, { db });
  await membershipRoutes(app, { db });
  await signatureRoutes(app, { db });
  await passwordRoutes(app, ctx);
}
