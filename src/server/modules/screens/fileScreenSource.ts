import fs from 'node:fs/promises';
import path from 'node:path';
import { ResultCode } from '../../../shared/envelope.js';
import { AppError } from '../../appError.js';
import { PROJECT_ROOT } from '../../projectRoot.js';
import { SCREEN_NAME, type ScreenSource } from './screenSource.js';

/** The shipped screens: one JSON file per screen under schemas/screens, read when asked (a new file needs no restart). */
export const SCREENS_DIR = path.join(PROJECT_ROOT, 'schemas/screens');

export function fileScreenSource(root: string = SCREENS_DIR): ScreenSource {
  return {
    async get(name) {
      if (!SCREEN_NAME.test(name)) return undefined;
      const file = path.join(root, `${name}.json`);
      // The pattern already keeps a name inside the folder; this guards the join itself.
      if (!file.startsWith(root + path.sep)) return undefined;
      let text: string;
      try {
        text = await fs.readFile(file, 'utf8');
      } catch {
        return undefined;
      }
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw new AppError(ResultCode.serverError, 'screen.broken', { name });
      }
    },
    async list() {
      const entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
      return entries
        .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
        .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).replace(/\.json$/, '').split(path.sep).join('/'))
        .filter((name) => SCREEN_NAME.test(name))
        .sort();
    },
  };
}
