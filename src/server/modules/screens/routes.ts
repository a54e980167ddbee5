import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ResultCode } from '../../../shared/envelope.js';
import { AppError } from '../../appError.js';
import { ok } from '../../plugins/envelope.js';

/**
 * Screens are JSON documents under schemas/screens/, served when a page opens (not bundled into the client), so a
 * new list screen is one file and a menu entry. GET /api/screens/{name} answers the document; the client checks it
 * against schemas/meta/page.schema.json before rendering.
 */
export const SCREENS_DIR = path.resolve(import.meta.dirname, '../../../../schemas/screens');
const NAME = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/;

export async function screenRoutes(app: FastifyInstance, ctx: { screensDir?: string } = {}): Promise<void> {
  const root = ctx.screensDir ?? SCREENS_DIR;
  app.get<{ Params: { '*': string } }>('/api/screens/*', async (request) => {
    const name = request.params['*'].replace(/\.json$/, '');
    if (!NAME.test(name)) throw new AppError(ResultCode.notFound, 'screen.notFound', { name: name.slice(0, 100) });
    const file = path.join(root, `${name}.json`);
    if (!file.startsWith(root + path.sep)) throw new AppError(ResultCode.notFound, 'screen.notFound', { name });
    let text: string;
    try {
      text = await fs.readFile(file, 'utf8');
    } catch {
      throw new AppError(ResultCode.notFound, 'screen.notFound', { name });
    }
    try {
      return ok(JSON.parse(text));
    } catch {
      throw new AppError(ResultCode.serverError, 'screen.broken', { name });
    }
  });
}
