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

/** Every screen name under the folders, with the folder holding it; a name in two folders is a broken install. */
async function screenIndex(folders: readonly string[]): Promise<Map<string, string>> {
  const index = new Map<string, string>();
  for (const folder of folders) {
    let entries;
    try {
      entries = await fs.readdir(folder, { recursive: true, withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (!entry.isFile() || !entry.name.endsWith('.json')) continue;
      const name = path.relative(folder, path.join(entry.parentPath, entry.name)).replace(/\.json$/, '').split(path.sep).join('/');
      if (!SCREEN_NAME.test(name)) continue;
      const other = index.get(name);
      if (other) throw new AppError(ResultCode.serverError, 'screen.twice', { name, modules: `${path.basename(other)}, ${path.basename(folder)}` });
      index.set(name, folder);
    }
  }
  return index;
}

/**
 * Screens from the given folders (each holding `<area>/<name>.json`), by default every module's under schemas/.
 * Which folder holds a name is remembered, so opening a screen reads one file, as when all lived in one folder;
 * a name not found (a new file, a new module) or a file gone makes it look again.
 */
export function fileScreenSource(folders?: readonly string[]): ScreenSource {
  let index: Map<string, string> | undefined;
  const reindex = async () => (index = await screenIndex(folders ?? (await shippedScreenFolders())));
  const read = async (name: string): Promise<string | undefined> => {
    const folder = index?.get(name);
    if (!folder) return undefined;
    const file = path.join(folder, `${name}.json`);
    // The pattern already keeps a name inside its folder; this guards the join itself.
    if (!file.startsWith(folder + path.sep)) return undefined;
    try {
      return await fs.readFile(file, 'utf8');
    } catch {
      return undefined;
    }
  };
  return {
    async get(name) {
      if (!SCREEN_NAME.test(name)) return undefined;
      let text = await read(name);
      if (text === undefined) {
        await reindex();
        text = await read(name);
      }
      if (text === undefined) return undefined;
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw new AppError(ResultCode.serverError, 'screen.broken', { name });
      }
    },
    async list() {
      return [...(await reindex()).keys()].sort();
    },
  };
}
