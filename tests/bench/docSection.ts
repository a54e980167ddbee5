import fs from 'node:fs';

/**
 * Puts one benchmark's section into docs/benchmarks.md: from its "## " heading to the next one, or at the end
 * when it has none yet. Each benchmark rewrites its own figures and leaves the others' as they were measured.
 */
export function writeSection(file: string, section: string): void {
  const heading = section.slice(0, section.indexOf('\n'));
  const doc = fs.readFileSync(file, 'utf8');
  const start = doc.indexOf(`${heading}\n`);
  if (start < 0) {
    fs.writeFileSync(file, `${doc.trimEnd()}\n\n${section.trimEnd()}\n`);
    return;
  }
  const next = doc.indexOf('\n## ', start + heading.length);
  const rest = next < 0 ? '' : `\n${doc.slice(next + 1)}`;
  fs.writeFileSync(file, `${doc.slice(0, start)}${section.trimEnd()}\n${rest}`);
}
