import fs from 'node:fs';
import path from 'node:path';

/**
 * The project's root (the folder with package.json), found upward from this file. Data the server reads from the
 * repository (the screen documents) is located from here, so the same code works from src/ under tsx and from
 * the bundle `npm start` builds into dist/server/.
 */
function findRoot(from: string): string {
  let dir = from;
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No package.json above ${from}`);
    dir = parent;
  }
  return dir;
}

export const PROJECT_ROOT = findRoot(import.meta.dirname);
