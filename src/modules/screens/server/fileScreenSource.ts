import fs from 'node:fs/promises';
import path from 'node:path';
import { ResultCode } from '../../../shared/envelope.js';
import { AppError } from '../../../kernel/server/appError.js';
import { PROJECT_ROOT } from '../../../kernel/server/projectRoot.js';
import { SCREEN_NAME, type ScreenSource } from './screenSource.js';

/**
 * The shipped screens: each module keeps its own under schemas/<module>/, one JSON file per screen at
 * `<area>/<name>.json` (the screen's URL), read when asked (a new file needs no restart). schemas/meta holds the
 * screen format itself, not screens.
 */
export const SCHEMAS_DIR = path.join(PROJECT_ROOT, 'schemas');

/** Every module's screen folder, found when asked, so a new module's folder needs no registration. */
export async function shippedScreenFolders(root: string = SCHEMAS_DIR): Promise<string[]> {
  const entries = await fs.readdir(root, { withFileTypes: true });
  return entries.filter((entry) => entry.isDirectory() && entry.name !== 'meta').map((entry) => path.join(root, entry.name)).sort();
}

async function readScreen(folder: string, name: string): Promise<string | undefined> {
  const file = path.join(folder, `${name}.json`);
  // The pattern already keeps a name inside the folder; this guards the join itself.
  if (!file.startsWith(folder + path.sep)) return undefined;
  try {
    return await fs.readFile(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** Screens from the given folders (each holding `<area>/<name>.json`), by default every module's under schemas/. */
export function fileScreenSource(folders?: readonly string[]): ScreenSource {
  const roots = async () => folders ?? (await shippedScreenFolders());
  return {
    async get(name) {
      if (!SCREEN_NAME.test(name)) return undefined;
      for (const folder of await roots()) {
        const text = await readScreen(folder, name);
        if (text === undefined) continue;
        try {
          return JSON.parse(text) as unknown;
        } catch {
          throw new AppError(ResultCode.serverError, 'screen.broken', { name });
        }
      }
      return undefined;
    },
    async list() {
      const names = new Set<string>();
      for (const folder of await roots()) {
        const entries = await fs.readdir(folder, { recursive: true, withFileTypes: true });
        for (const entry of entries) {
          if (!entry.isFile() || !entry.name.endsWith('.json')) continue;
          const name = path.relative(folder, path.join(entry.parentPath, entry.name)).replace(/\.json$/, '').split(path.sep).join('/');
          if (SCREEN_NAME.test(name)) names.add(name);
        }
      }
      return [...names].sort();
    },
  };
}
