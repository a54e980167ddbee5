import type { FastifyInstance } from 'fastify';
import { chunkRoutes } from './chunkRoutes.js';
import { downloadRoutes } from './downloadRoutes.js';
import type { FileDeps } from './fileDeps.js';
import { scheduleCleanup } from './fileCleanup.js';
import { imageRoutes } from './imageRoutes.js';

/** The file module's routes (spec 001 §7; docs/api.md "Files"), and its periodic cleanup. */
export async function fileRoutes(app: FastifyInstance, deps: FileDeps): Promise<void> {
  await chunkRoutes(app, deps);
  await imageRoutes(app, deps);
  await downloadRoutes(app, deps);
  scheduleCleanup(app, deps);
}
