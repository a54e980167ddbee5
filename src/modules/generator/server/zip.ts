import { ZipFile } from 'yazl';
import type { GeneratedFile } from './generate.js';

/**
 * The generated files as one zip (yazl, already the file module's zip writer), under a folder named after the
 * module. Entry times are fixed, so the same code always makes the same bytes.
 */
const ENTRY_TIME = new Date(Date.UTC(2024, 0, 1));

export function zipFiles(folder: string, files: readonly GeneratedFile[]): Promise<Buffer> {
  const zip = new ZipFile();
  const mtime = ENTRY_TIME;
  for (const file of files) zip.addBuffer(Buffer.from(file.content, 'utf8'), `${folder}/${file.path}`, { mtime });
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}
