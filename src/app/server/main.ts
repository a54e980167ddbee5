import { fileURLToPath } from 'node:url';
import { readConfig } from '../../kernel/server/config.js';
import { startMetricsListener } from '../../kernel/server/metricsListener.js';
import { buildApp, prepareDatabase } from './labcode.js';

/** Starts the platform: database (embedded unless DATABASE_URL), migrations, demo seed, then HTTP on PORT. */
async function main(): Promise<void> {
  const config = readConfig();
  // Beside the bundle `npm start` runs (dist/server), where scripts/start.mjs makes it; from the sources there is none.
  const template = fileURLToPath(new URL('./database-template.tar', import.meta.url));
  const prepared = await prepareDatabase({ ...config, template });
  const app = await buildApp({ config: { ...config, trustProxy: process.env.TRUST_PROXY === '1' }, database: prepared.database });

  const metricsListener = config.metricsPort ? await startMetricsListener(app.metrics, config.metricsPort, config.metricsHost) : undefined;
  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: closing`);
    await metricsListener?.close();
    await app.close();
    await prepared.database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const where = prepared.database.kind === 'pglite' ? `embedded PostgreSQL (PGlite) in ${config.dataDir}` : 'PostgreSQL';
  const lines = [
    `LabCode is running on http://localhost:${config.port} with ${where}.`,
  ];
  if (metricsListener) lines.push(`Prometheus metrics at http://${config.metricsHost}:${metricsListener.port}/metrics.`);
  if (prepared.fromTemplate) lines.push('Created the database from its template (every migration of this build applied).');
  lines.push(prepared.migrated.length ? `Applied migrations: ${prepared.migrated.join(', ')}.` : 'Database schema is up to date.');
  if (prepared.seeded) lines.push('Seeded the demo data (fictitious test data).');
  if (prepared.defaultPasswords) {
    lines.push(`Demo accounts: admin / ${prepared.defaultPasswords.admin}, staff / ${prepared.defaultPasswords.demoUser} (every demo user shares the staff password).`);
  }
  console.log(lines.join('\n'));
}

main().catch((error) => {
  console.error(`LabCode failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
