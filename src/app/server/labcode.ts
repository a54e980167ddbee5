import { buildApp as buildKernelApp, type AppOptions } from '../../kernel/server/app.js';
import { allMigrations as kernelMigrations } from '../../kernel/server/db/migrate.js';
import { prepareDatabase as prepareKernelDatabase } from '../../kernel/server/start.js';
import { serverModules } from '../../modules/serverModules.js';

/**
 * The product: the kernel with LabCode's modules (src/modules/serverModules.ts). The kernel's functions take the
 * module list; these pass the product's, so the entry point, tests and benchmarks start the same server. A test
 * may serve more modules (the README's walkthrough) or fewer.
 */
export function buildApp(options: Omit<AppOptions, 'modules'> & { modules?: AppOptions['modules'] }) {
  return buildKernelApp({ ...options, modules: options.modules ?? serverModules });
}

export function prepareDatabase(config: Omit<Parameters<typeof prepareKernelDatabase>[0], 'modules'>) {
  return prepareKernelDatabase({ ...config, modules: serverModules });
}

/** Every migration of the product: the baseline and each module's. */
export const allMigrations = () => kernelMigrations(serverModules);

export { serverModules };
