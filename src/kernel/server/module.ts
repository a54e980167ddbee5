import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely, Migration, Transaction } from 'kysely';
import type { Translations } from '../../shared/translations.js';
import type { ServerConfig } from './config.js';
import type { Database } from './db/database.js';
import type { DB } from './db/schema.js';
import type { Infrastructure } from './infra/infrastructure.js';
import type { SmsSender } from './smsSender.js';
import type { SignInService } from './sessions.js';
import type { MenuEntry, MenuItem } from './menus.js';
import type { GrantStore } from './grants.js';

/**
 * The contract every domain of the server keeps (NocoBase's plugins, in small): one folder under modules/ whose
 * index.ts default-exports a ServerModule, and one line in modules/index.ts. The app, the migrator, the message
 * table, the demo seed and the permission catalogue all loop over that list; nothing else needs to know a module.
 *
 * A module owns its tables: only its own code writes them. Another module that needs them calls what the owner
 * exports (users/repository.ts for base_user, say), so a table's rules live in one place.
 *
 * MessageTable: a module's server messages (its locale/messages.ts), in the shape of every module's words
 * (src/shared/translations.ts).
 */
export type MessageTable = Translations;

/** What a module's routes and seed receive. Nothing here is process state another process would need. */
export interface ModuleContext {
  db: Kysely<DB>;
  database: Database;
  config: AppModuleConfig;
  log: FastifyBaseLogger;
  infra: Infrastructure;
  /** Where SMS sign-in codes go, when the deployment gave one (buildApp's smsSender); else the oauth module's default. */
  smsSender?: SmsSender;
  startedAt: Date;
  /** The names of the modules this server runs, in list order. */
  moduleNames: readonly string[];
  /** What sign-in offers other modules (sessions, failed sign-ins, the captcha): the sign-in module's, or NO_SIGN_IN. */
  signIn: SignInService;
}

export type AppModuleConfig = Pick<ServerConfig, 'bodyLimit' | 'sessionIdleMinutes' | 'clientDir' | 'logLevel' | 'sso'> & Partial<Pick<ServerConfig, 'corsOrigins'>> & {
  trustProxy?: boolean;
  logCaptchaAnswers?: boolean;
  /** Where the local-disk file storage keeps its files (DATA_DIR/files by default). */
  dataDir?: string;
};

/** A menu page (base_module.en_code) and the buttons on it that routes check (spec 000 §6). */
export interface PermissionDeclaration {
  menu: string;
  buttons: readonly string[];
}

/** Whether the demo seed ran on a database, and the claim that makes exactly one process run it. */
export interface SeedMarker {
  isSeeded(db: Kysely<DB>): Promise<boolean>;
  /** Claims the seed inside its transaction; false when another process claimed it first. */
  claim(trx: Transaction<DB>): Promise<boolean>;
}

export interface SeedContext {
  passwords: { admin: string; demoUser: string };
  /** The menu tree of the modules seeded, composed from their menus.json (menus.ts). */
  menus: readonly MenuItem[];
}

export interface ServerModule<Messages extends MessageTable = MessageTable> {
  /** The module's name, as its folder is called. */
  name: string;
  /** Registers the module's HTTP routes (under /api); every route is checked by the session and permission plugins. */
  routes?: (app: FastifyInstance, ctx: ModuleContext) => Promise<void> | void;
  /**
   * Versioned migrations, named `NNNN_<module>_<what>`. All modules' migrations run in name order; a new one may
   * sort before another module's already-applied one (they touch different tables), so order across modules
   * carries no meaning.
   */
  migrations?: Record<string, Migration>;
  /** The module's server messages, in zh, zhtw and en; keys start with the module's own prefix. */
  messages?: Messages;
  /** Demo rows (fictitious) written once into a fresh database, inside the one seed transaction. */
  seed?: (trx: Transaction<DB>, ctx: SeedContext) => Promise<void>;
  /** The tables this module owns: only its code writes them (tests/kernel/api/moduleContract.test.ts checks). */
  tables?: readonly (keyof DB)[];
  /** The menu entries of this module's pages (its menus.json), placed in the tree by their parent's code (menus.ts). */
  menus?: readonly MenuEntry[];
  /** The menu pages and buttons this module's routes check, so the catalogue can be verified at start. */
  permissions?: readonly PermissionDeclaration[];
  /**
   * Only the sign-in module: how a request's Authorization header becomes its caller, and what other modules may
   * ask of sign-in (kernel/server/sessions.ts). The kernel's session check asks it on every /api call; without a
   * module providing it, every call but the public ones is refused.
   */
  signIn?: (ctx: { db: Kysely<DB>; idleMinutes: number }) => SignInService;
  /**
   * Only the permission module: what users hold, which the permission plugin checks on every call. Without a
   * module providing it, nothing is granted and only the administrator passes a check.
   */
  grants?: (ctx: { db: Kysely<DB>; infra: Infrastructure }) => GrantStore;
  /** Only the module keeping the system configuration: the marker of the demo seed. */
  seedMarker?: SeedMarker;
}

/**
 * Keeps a module's literal message keys in its type, so AppError keys are checked at compile time. A module
 * without messages contributes no keys (the default), not "any string".
 */
export function defineModule<const Messages extends MessageTable = Record<never, never>>(module: ServerModule<Messages>): ServerModule<Messages> {
  return module;
}
