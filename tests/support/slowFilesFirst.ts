import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest, slowest first, as clean-clone runs of `.ci/run` measured them (decision 215). A
 * clean clone has no timings of its own, so vitest keeps the files in the order it found them (alphabetical), and a
 * long file found late starts last and runs alone at the end of its project while the other workers wait: the API
 * project ended on durability.test.ts (12 s) with one core idle. Started first, the long files overlap with the
 * short ones. Not a list to keep exact: a file missing from it only starts in the order it is found.
 */
export const SLOW_FILES_FIRST = [
  'tests/kernel/e2e/shell.test.ts',
  'tests/visualdev/e2e/onlineDev.test.ts',
  'tests/file/e2e/upload.test.ts',
  'tests/message/e2e/chat.test.ts',
  'tests/visualdev/e2e/onlineDevStory.test.ts',
  'tests/kernel/e2e/pickers.test.ts',
  'tests/organize/e2e/organisation.test.ts',
  'tests/screens/e2e/screens.test.ts',
  'tests/oauth/e2e/signInModes.test.ts',
  'tests/matApply/e2e/requisition.test.ts',
  'tests/workflow/e2e/workflow.test.ts',
  'tests/generator/api/generator.test.ts',
  'tests/kernel/api/fuzz.test.ts',
  'tests/kernel/api/durability.test.ts',
  'tests/oauth/api/remoteLogout.test.ts',
  'tests/kernel/api/seed.test.ts',
  'tests/dataInterface/api/dataInterface.test.ts',
  'tests/kernel/unit/fixtureReplay.test.tsx',
];

/**
 * Vitest's own order (groups, projects, and the durations it remembers from earlier runs on this machine), except
 * that in a run with no remembered durations each project starts with its files of SLOW_FILES_FIRST.
 */
export default class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const key = (file: TestSpecification) => path.relative(root, file.moduleId).split(path.sep).join('/');
    if (sorted.some((file) => this.ctx.cache.getFileTestResults(`${file.project.name}:${key(file)}`))) return sorted;
    const rank = (file: TestSpecification) => {
      const index = SLOW_FILES_FIRST.indexOf(key(file));
      return index < 0 ? SLOW_FILES_FIRST.length : index;
    };
    // Projects stay where the base order put them; within each, slow files first, the rest as they were.
    const byProject = new Map<string, TestSpecification[]>();
    for (const file of sorted) byProject.set(file.project.name, [...(byProject.get(file.project.name) ?? []), file]);
    return [...byProject.values()].flatMap((group) => group.map((file, index) => ({ file, index })).sort((a, b) => rank(a.file) - rank(b.file) || a.index - b.index).map(({ file }) => file));
  }
}
