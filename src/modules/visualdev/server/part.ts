import type { FastifyInstance } from 'fastify';
import type { Migration } from 'kysely';
import type { MessageTable, ModuleContext, PermissionDeclaration, SeedContext } from '../../../kernel/server/module.js';
import type { Transaction } from 'kysely';
import type { DB } from '../../../kernel/server/db/schema.js';

/**
 * Online development is one server module (visualdev) made of three parts that grow independently: the designs
 * (design/), the records of released designs (onlineData/) and code generation (generator/). Each part brings
 * its own tables, migrations, messages, routes and permissions; index.ts joins them into one ServerModule.
 */
export interface ModulePart<Messages extends MessageTable = MessageTable> {
  tables: readonly (keyof DB)[];
  migrations: Record<string, Migration>;
  messages: Messages;
  routes: (app: FastifyInstance, ctx: ModuleContext) => Promise<void> | void;
  permissions: readonly PermissionDeclaration[];
  seed?: (trx: Transaction<DB>, ctx: SeedContext) => Promise<void>;
}

export function definePart<const Messages extends MessageTable = Record<never, never>>(part: ModulePart<Messages>): ModulePart<Messages> {
  return part;
}
