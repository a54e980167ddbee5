import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The component project shares its worker's modules between files (vite.config.ts); a file that replaces a module
 * with vi.mock would find it already loaded by an earlier file, or leave it mocked for the next, and fail or pass
 * by the order the files ran in. Such files are named *.mocked.test.tsx, which gives them modules of their own.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');

function componentTests(): string[] {
  const files: string[] = [];
  for (const area of fs.readdirSync(path.join(ROOT, 'tests'))) {
    const unit = path.join(ROOT, 'tests', area, 'unit');
    if (!fs.existsSync(unit)) continue;
    for (const file of fs.readdirSync(unit, { recursive: true }) as string[]) if (file.endsWith('.test.tsx')) files.push(path.join('tests', area, 'unit', file));
  }
  return files;
}

describe('the test projects', () => {
  it('gives every component test that mocks a module with vi.mock modules of its own (*.mocked.test.tsx)', () => {
    const files = componentTests();
    expect(files.length).toBeGreaterThan(20);
    const mocking = files.filter((file) => /\bvi\.mock\(/.test(fs.readFileSync(path.join(ROOT, file), 'utf8')));
    expect(mocking.length).toBeGreaterThan(0);
    expect(mocking.filter((file) => !file.endsWith('.mocked.test.tsx'))).toEqual([]);
    // And the other way round: a file named so without a mock pays for modules of its own for nothing.
    expect(files.filter((file) => file.endsWith('.mocked.test.tsx') && !mocking.includes(file))).toEqual([]);
  });
});
