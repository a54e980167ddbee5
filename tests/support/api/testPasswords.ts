import { EMBEDDED_DEFAULT_PASSWORDS } from '../../../src/kernel/server/config.js';

/**
 * The passwords the test databases are seeded with (admin, and every demo user): the embedded database's defaults,
 * which the e2e tests sign in with, so that one seeded database per engine serves both projects
 * (../seededDatabases.ts). PostgreSQL is still seeded with them given, as a deployment on it must be.
 */
export const TEST_PASSWORDS = { ...EMBEDDED_DEFAULT_PASSWORDS };
