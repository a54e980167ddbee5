// @ts-expect-error: plain JavaScript, shared with `npm start` (scripts/start.mjs), which runs before any build.
import { bundleServer } from '../../scripts/bundleServer.mjs';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server bundled as `npm start` bundles it (dist/server/main.mjs): what every test's server process runs. */
    serverEntry: string;
  }
}

/** One bundle for the run: the API and e2e projects' global setups run in the same process, one after the other. */
let bundled: Promise<string> | undefined;

/**
 * Global setup of the projects that start server processes (API: two processes, a SIGKILL mid-write; e2e: one per
 * file). They run what users run, bundled once here; under tsx each start compiled the whole server again, about
 * 4 s of a core per process against 2 s for the bundle.
 */
export default async function setup(project: TestProject) {
  bundled ??= bundleServer() as Promise<string>;
  project.provide('serverEntry', await bundled);
}
